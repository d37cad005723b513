import { createHash } from "node:crypto";
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeSyntheticSite } from "../../scripts/synthetic-site.mjs";
import { OUTPUT_STAMP } from "../../src/output-guard.ts";
import type { KillPoint } from "../../src/test-hooks.ts";
import { runCli } from "../helpers/run-cli.ts";
import { removeDir } from "../helpers/sample-site.ts";

let dir: string;

/** The names and contents of every file of the site in a folder (not the stamp a build adds as it commits), as one string. */
async function snapshot(folder: string): Promise<string> {
  const entries = (await readdir(folder, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile() && entry.name !== OUTPUT_STAMP);
  const hash = createHash("sha256");
  const names = entries.map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name))).sort();
  for (const name of names) hash.update(name).update(await readFile(path.join(folder, name)));
  return `${names.length}:${hash.digest("hex")}`;
}

async function pagesIn(folder: string): Promise<number> {
  return (await readdir(folder, { recursive: true })).filter((name) => name.endsWith(".html")).length;
}

/** The project folder's entries whose names start with `prefix` (a killed build's leftovers). */
async function named(prefix: string): Promise<string[]> {
  return (await readdir(dir)).filter((name) => name.startsWith(prefix));
}

/** Runs a build that kills its own process with SIGKILL on reaching `point` (src/test-hooks.ts). */
async function buildKilledAt(point: KillPoint): Promise<void> {
  const result = await runCli(["build", "-q"], { cwd: dir, env: { GOPHER_SITE_TEST_KILL_AT: point } });
  expect(result.signal, `the build should have been killed at "${point}": ${result.stderr}`).toBe("SIGKILL");
}

beforeAll(async () => {
  // 300 cities: more pages than one batch of the renderer (100), so a build can be killed with part of them written.
  dir = await makeSyntheticSite(272);
  const first = await runCli(["build", "-q"], { cwd: dir });
  expect(first.code).toBe(0);
}, 120_000);
afterAll(() => removeDir(dir));

describe("atomic output", () => {
  it("a build killed at any point leaves the previous output complete, and the next run cleans up after it", async () => {
    const dist = path.join(dir, "dist");
    const before = await snapshot(dist);
    const pageCount = await pagesIn(dist);
    const yaml = await readFile(path.join(dir, "site.yaml"), "utf8");
    await writeFile(path.join(dir, "site.yaml"), yaml.replace("display: (951) 555-0142", "display: (909) 555-0199").replace('tel: "+19515550142"', 'tel: "+19095550199"'));

    // Each run first deletes the staging folder the previous killed run left: there is only ever one.
    await buildKilledAt("staging");
    expect(await snapshot(dist)).toBe(before);
    const [empty] = await named(".dist.staging-");
    expect(await readdir(path.join(dir, empty!))).toEqual([]);

    await buildKilledAt("render");
    expect(await snapshot(dist)).toBe(before);
    const [partial, ...others] = await named(".dist.staging-");
    expect(others).toEqual([]);
    const written = await pagesIn(path.join(dir, partial!));
    expect(written).toBeGreaterThan(0);
    expect(written).toBeLessThan(pageCount);

    await buildKilledAt("commit");
    expect(await snapshot(dist)).toBe(before);
    const [complete, ...more] = await named(".dist.staging-");
    expect(more).toEqual([]);
    const staged = await snapshot(path.join(dir, complete!));
    expect(staged).not.toBe(before);

    // Between the swap's two renames: no dist, the previous output whole under its aside name.
    await buildKilledAt("swap");
    expect(await named("dist")).toEqual([]);
    const [aside, ...asides] = await named(".dist.previous-");
    expect(asides).toEqual([]);
    expect(await snapshot(path.join(dir, aside!))).toBe(before);

    const after = await runCli(["build", "-q"], { cwd: dir });
    expect(after.code).toBe(0);
    expect(await named(".")).toEqual([]);
    expect(await snapshot(dist)).toBe(staged);
    expect(await readFile(path.join(dist, "index.html"), "utf8")).toContain("(909) 555-0199");
  }, 120_000);

  it("after a kill between the swap's two renames, the next command of any kind puts the previous output back", async () => {
    const dist = path.join(dir, "dist");
    const before = await snapshot(dist);
    const yaml = await readFile(path.join(dir, "site.yaml"), "utf8");
    await writeFile(path.join(dir, "site.yaml"), yaml.replace("display: (909) 555-0199", "display: (909) 555-0123").replace('tel: "+19095550199"', 'tel: "+19095550123"'));
    try {
      await buildKilledAt("swap");
      expect(await named("dist")).toEqual([]);
      // host-config only reads the output: it finds it whole, where it was.
      const config = await runCli(["host-config", "nginx"], { cwd: dir });
      expect(config.code, config.stderr).toBe(0);
      expect(await snapshot(dist)).toBe(before);
      expect(await named(".dist.previous-")).toEqual([]);

      // A build that stops at a mistake in site.yaml, before it writes, puts it back too.
      await buildKilledAt("swap");
      await writeFile(path.join(dir, "site.yaml"), yaml.replace("display: (909) 555-0199", "display: oops"));
      const failed = await runCli(["build", "-q"], { cwd: dir });
      expect(failed.code).toBe(1);
      expect(await snapshot(dist)).toBe(before);
    } finally {
      await writeFile(path.join(dir, "site.yaml"), yaml);
    }
  }, 120_000);

  it("a build that fails part-way (a template that throws) leaves the previous output untouched", async () => {
    const before = await snapshot(path.join(dir, "dist"));
    const template = path.join(dir, "templates/pages/city.tsx");
    const original = await readFile(template, "utf8");
    await writeFile(template, original.replace("const { copy } = page;", 'const { copy } = page;\n  if (page.slug === "testville-00250") throw new Error("template bug");'));
    try {
      const result = await runCli(["build"], { cwd: dir });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain("could not render /testville-00250-gopher-control with templates/pages/city.tsx: template bug");
      expect(await snapshot(path.join(dir, "dist"))).toBe(before);
      expect(await named(".")).toEqual([]);
    } finally {
      await writeFile(template, original);
    }
  }, 60_000);

  it("a template that throws as it is loaded is named with its line, like a render error, and the output stays", async () => {
    const before = await snapshot(path.join(dir, "dist"));
    const template = path.join(dir, "templates/pages/about.tsx");
    const original = await readFile(template, "utf8");
    const lines = original.split("\n");
    await writeFile(template, `${original}\nconst settings = JSON.parse("{oops");\n`);
    try {
      const result = await runCli(["build"], { cwd: dir });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`could not load templates/pages/about.tsx:${lines.length + 1}:`);
      expect(result.stderr).toContain("JSON");
      expect(result.stderr).toContain("The build failed; the previous output was left as it was.");
      expect(result.stderr).not.toContain("internal error");
      expect(result.stderr).not.toMatch(/\n\s+at /);
      expect(await snapshot(path.join(dir, "dist"))).toBe(before);
    } finally {
      await writeFile(template, original);
    }
  }, 60_000);
});
