import { readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildProject, copySample, removeDir } from "../helpers/sample-site.ts";
import { vnu } from "../helpers/vnu.ts";
import { buildFixture } from "../helpers/fixture-site.ts";
import { useOwnForm } from "../helpers/own-form-site.ts";

let dir: string;
let htmlFiles: string[];

beforeAll(async () => {
  dir = await copySample();
  await buildProject(dir);
  const dist = path.join(dir, "dist");
  htmlFiles = (await readdir(dist, { recursive: true })).filter((name) => name.endsWith(".html")).sort().map((name) => path.join(dist, name));
}, 60_000);
afterAll(() => removeDir(dir));

describe("the Nu Html Checker (vnu)", () => {
  it("reports no error on any generated page", async () => {
    // The sample in English (44 routes and the 404 page) and Spanish (legal pages left in English).
    expect(htmlFiles).toHaveLength(45 + 43);
    const report = await vnu(htmlFiles);
    const errors = report.messages.map((m) => `${path.relative(dir, new URL(m.url).pathname)}:${m.lastLine ?? 0}  ${m.message}  ${m.extract ?? ""}`);
    expect(errors).toEqual([]);
  }, 120_000);

  it("reports no error on pages of the owner's own (every section type but reviews and checklist, which services use)", async () => {
    const { dir: own } = await buildFixture("own-pages");
    try {
      const report = await vnu(["financing.html", "our-team.html"].map((name) => path.join(own, "dist", name)));
      expect(report.messages.map((m) => `${path.basename(new URL(m.url).pathname)}:${m.lastLine ?? 0}  ${m.message}  ${m.extract ?? ""}`)).toEqual([]);
    } finally {
      await removeDir(own);
    }
  }, 120_000);

  it("reports no error on pages with an address, hours and special days, an offer, a job and prices in words", async () => {
    const { dir: facts } = await buildFixture("local-facts", { today: "2026-12-01" });
    try {
      const report = await vnu(["index.html", "es.html", "financing.html", "coupons.html", "field-technician-job.html"].map((name) => path.join(facts, "dist", name)));
      expect(report.messages.map((m) => `${path.basename(new URL(m.url).pathname)}:${m.lastLine ?? 0}  ${m.message}  ${m.extract ?? ""}`)).toEqual([]);
    } finally {
      await removeDir(facts);
    }
  }, 120_000);

  it("reports no error on pages with the site's own call-back form, nor on its thank-you pages", async () => {
    const own = await copySample();
    try {
      await useOwnForm(own);
      await buildProject(own);
      const report = await vnu(["about.html", "thank-you.html", "es/nosotros.html", "es/gracias.html"].map((name) => path.join(own, "dist", name)));
      expect(report.messages.map((m) => `${path.relative(own, new URL(m.url).pathname)}:${m.lastLine ?? 0}  ${m.message}  ${m.extract ?? ""}`)).toEqual([]);
    } finally {
      await removeDir(own);
    }
  }, 120_000);
});
