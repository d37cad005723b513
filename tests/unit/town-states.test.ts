import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config/load-config.ts";
import { ownFormView } from "../../src/routes/lead-form.ts";
import { townLabels } from "../../src/config/town-place.ts";
import { problemLines } from "../helpers/problems.ts";
import { loadSample, ROOT } from "../helpers/sample-data.ts";

const TWO_STATES = readFileSync(path.join(ROOT, "tests/fixtures/two-states/site.yaml"), "utf8");

describe("towns in more than one state", () => {
  it("each say theirs: one left without is an error naming it and the states, never silently the base town's", () => {
    expect(problemLines(() => parseConfig(TWO_STATES, "site.yaml"))).toEqual([]);
    const withoutHayden = TWO_STATES.replace('slug: hayden\n    region: "ID"\n', "slug: hayden\n");
    const line = withoutHayden.split("\n").indexOf("    slug: hayden");
    expect(problemLines(() => parseConfig(withoutHayden, "site.yaml"))).toEqual([
      `site.yaml:${line}:5  cities.2.region  the towns are in ID and WA: say which state Hayden is in (region: ID or region: WA); without it, it would be taken for the base town's ID`,
    ]);
  });

  it("need no state of their own while every town is in the base town's", () => {
    const oneState = TWO_STATES.replace(/\n {4}region: "[A-Z]{2}"/g, "").replace(/\n {4}postalCode: "\d+"/g, "");
    expect(problemLines(() => parseConfig(oneState, "site.yaml"))).toEqual([]);
  });
});

describe("two towns of one name", () => {
  const sample = loadSample();
  const yaml = readFileSync(path.join(ROOT, "site.yaml"), "utf8").replace(/\n {2}leadForm:\n(?: {4}.*\n)+/, "\n").replace("\nintegrations:\n", "\nleads:\n  delivery: server\n\nintegrations:\n");
  const { site } = parseConfig(yaml, "site.yaml");
  const temecula = site.cities.find((city) => city.slug === "temecula")!;
  const twice = { ...site, cities: [...site.cities.map((city) => ({ ...city, region: "CA" })), { ...temecula, slug: "temecula-nv", region: "NV" }] };

  it("are told apart by their state wherever a name stands alone; the others keep their name", () => {
    const labels = townLabels(twice);
    expect([labels.get("temecula"), labels.get("temecula-nv"), labels.get("murrieta")]).toEqual(["Temecula, CA", "Temecula, NV", "Murrieta"]);
  });

  it("are two choices of the form, each sent with its state", async () => {
    const form = ownFormView(twice, (await sample).copy, { code: "en", locale: "en-US", thankYou: "/thank-you" })!;
    expect(form.towns.filter((town) => town.label.startsWith("Temecula"))).toEqual([
      { value: "Temecula, CA", label: "Temecula, CA" },
      { value: "Temecula, NV", label: "Temecula, NV" },
    ]);
    expect(new Set(form.towns.map((town) => town.value)).size).toBe(form.towns.length);
  });
});
