import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeSyntheticSite } from "../../scripts/synthetic-site.mjs";
import { runCli } from "../helpers/run-cli.ts";
import { removeDir } from "../helpers/sample-site.ts";

const BIN = path.resolve(import.meta.dirname, "../../bin/gopher-site.js");
let dir: string;

async function snapshot(folder: string): Promise<string> {
  const entries = (await readdir(folder, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
  const hash = createHash("sha256");
  const names = entries.map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name))).sort();
  for (const name of names) hash.update(name).update(await readFile(path.join(folder, name)));
  return `${names.length}:${hash.digest("hex")}`;
}

/** Starts a build and kills it with SIGKILL after `delay` ms, or as soon as its staging folder exists. */
function buildAndKill(when: { delay: number } | "staging"): Promise<void> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, "build", "-q"], { cwd: dir, stdio: "ignore" });
    const kill = () => child.kill("SIGKILL");
    let poll: NodeJS.Timeout | undefined;
    if (when === "staging") {
      poll = setInterval(async () => {
        const names = await readdir(dir);
        if (names.some((name) => name.startsWith(".dist.staging-"))) kill();
      }, 5);
    } else setTimeout(kill, when.delay);
    child.on("exit", () => {
      clearInterval(poll);
      resolve();
    });
  });
}

beforeAll(async () => {
  // A thousand cities, so a build takes long enough to be killed part-way.
  dir = await makeSyntheticSite(972);
  const first = await runCli(["build", "-q"], { cwd: dir });
  expect(first.code).toBe(0);
}, 120_000);
afterAll(() => removeDir(dir));

describe("atomic output", () => {
  it("a build killed at any moment leaves the previous output complete, and the next run leaves no temporary folders", async () => {
    const before = await snapshot(path.join(dir, "dist"));
    const yaml = await readFile(path.join(dir, "site.yaml"), "utf8");
    await writeFile(path.join(dir, "site.yaml"), yaml.replace("display: (951) 555-0142", "display: (909) 555-0199").replace('tel: "+19515550142"', 'tel: "+19095550199"'));
    for (const when of [{ delay: 150 }, { delay: 700 }, "staging" as const, { delay: 1500 }]) {
      await buildAndKill(when);
      // Killed before the swap: the old site. (A kill in the microseconds between the swap's two
      // renames leaves the old site under its aside name; the next run puts it back.)
      if (existsSync(path.join(dir, "dist"))) expect(await snapshot(path.join(dir, "dist"))).toBe(before);
    }
    const after = await runCli(["build", "-q"], { cwd: dir });
    expect(after.code).toBe(0);
    expect((await readdir(dir)).filter((name) => name.startsWith("."))).toEqual([]);
    expect(await readFile(path.join(dir, "dist", "index.html"), "utf8")).toContain("(909) 555-0199");
  }, 120_000);

  it("a build that fails part-way (a template that throws) leaves the previous output untouched", async () => {
    const before = await snapshot(path.join(dir, "dist"));
    const template = path.join(dir, "templates/pages/city.tsx");
    const original = await readFile(template, "utf8");
    await writeFile(template, original.replace("const { copy } = page;", 'const { copy } = page;\n  if (page.slug === "testville-00900") throw new Error("template bug");'));
    try {
      const result = await runCli(["build"], { cwd: dir });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain("could not render /testville-00900-gopher-control with templates/pages/city.tsx: template bug");
      expect(await snapshot(path.join(dir, "dist"))).toBe(before);
      expect((await readdir(dir)).filter((name) => name.startsWith("."))).toEqual([]);
    } finally {
      await writeFile(template, original);
    }
  }, 60_000);
});
