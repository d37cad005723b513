import { execFile } from "node:child_process";
import { readdir } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildProject, copySample, removeDir } from "../helpers/sample-site.ts";
import { addOwnPages } from "../../scripts/synthetic-site.mjs";

/** The Nu Html Checker's jar, shipped inside the vnu-jar package. */
const VNU_JAR = String(createRequire(import.meta.url)("vnu-jar"));

interface VnuMessage {
  type: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

let dir: string;
let htmlFiles: string[];

beforeAll(async () => {
  dir = await copySample();
  await buildProject(dir);
  const dist = path.join(dir, "dist");
  htmlFiles = (await readdir(dist, { recursive: true })).filter((name) => name.endsWith(".html")).sort().map((name) => path.join(dist, name));
}, 60_000);
afterAll(() => removeDir(dir));

/** Runs vnu over files; resolves with its JSON report (it exits 1 when it finds errors). */
function vnu(files: string[]): Promise<{ messages: VnuMessage[] }> {
  return new Promise((resolve, reject) => {
    execFile("java", ["-jar", VNU_JAR, "--errors-only", "--format", "json", ...files], { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error && (error as NodeJS.ErrnoException).code === "ENOENT") {
        reject(new Error("No `java` found for the Nu Html Checker: install a Java runtime, e.g. `apt-get install -y default-jre-headless`."));
        return;
      }
      try {
        resolve(JSON.parse(stderr || stdout));
      } catch {
        reject(new Error(`vnu gave no JSON report: ${stderr || stdout || error?.message}`));
      }
    });
  });
}

describe("the Nu Html Checker (vnu)", () => {
  it("reports no error on any generated page", async () => {
    // The sample in English (44 routes and the 404 page) and Spanish (legal pages left in English).
    expect(htmlFiles).toHaveLength(45 + 43);
    const report = await vnu(htmlFiles);
    const errors = report.messages.map((m) => `${path.relative(dir, new URL(m.url).pathname)}:${m.lastLine ?? 0}  ${m.message}  ${m.extract ?? ""}`);
    expect(errors).toEqual([]);
  }, 120_000);

  it("reports no error on pages of the owner's own (every section type but reviews and checklist, which services use)", async () => {
    const own = await copySample({ oneLanguage: true });
    try {
      await addOwnPages(own);
      await buildProject(own);
      const report = await vnu(["financing.html", "our-team.html"].map((name) => path.join(own, "dist", name)));
      expect(report.messages.map((m) => `${path.basename(new URL(m.url).pathname)}:${m.lastLine ?? 0}  ${m.message}  ${m.extract ?? ""}`)).toEqual([]);
    } finally {
      await removeDir(own);
    }
  }, 120_000);
});
