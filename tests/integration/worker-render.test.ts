import { createHash } from "node:crypto";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeSyntheticSite } from "../../scripts/synthetic-site.mjs";
import { WORKER_THRESHOLD } from "../../src/render/render-pages.ts";
import { runCli } from "../helpers/run-cli.ts";
import { buildProject, removeDir } from "../helpers/sample-site.ts";

let dir: string;
/** Two render threads however many cores this machine has (src/test-hooks.ts). */
const THREADS = { GOPHER_SITE_TEST_THREADS: "2" };

async function hashes(folder: string): Promise<Map<string, string>> {
  const names = (await readdir(folder, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
  const result = new Map<string, string>();
  for (const entry of names) {
    const file = path.join(entry.parentPath, entry.name);
    result.set(path.relative(folder, file), createHash("sha256").update(await readFile(file)).digest("hex"));
  }
  return result;
}

beforeAll(async () => {
  dir = await makeSyntheticSite(WORKER_THRESHOLD + 100);
}, 60_000);
afterAll(() => removeDir(dir));

describe("rendering on worker threads", () => {
  it("writes exactly the files the main thread writes", async () => {
    // The compiled CLI renders this many pages on workers; the tests' in-process build cannot.
    const cli = await runCli(["build", "--verbose", "--out", "dist-workers"], { cwd: dir, env: THREADS });
    expect(cli.stderr).toBe("");
    expect(cli.code).toBe(0);
    expect(cli.stdout).toContain("Rendered on 2 threads");
    const main = await buildProject(dir, { out: path.join(dir, "dist-main") });
    expect(main.renderThreads).toBe(0);
    const [byWorkers, byMain] = await Promise.all([hashes(path.join(dir, "dist-workers")), hashes(path.join(dir, "dist-main"))]);
    expect(byWorkers.size).toBeGreaterThan(WORKER_THRESHOLD);
    expect(byWorkers).toEqual(byMain);
  }, 120_000);

  it("keeps the pages that did not change (the same files, linked) when it builds again", async () => {
    const out = path.join(dir, "dist-workers");
    const before = await hashes(out);
    const page = path.join(out, "testville-00100-gopher-control.html");
    const inode = (await stat(page)).ino;
    const cli = await runCli(["build", "--verbose", "--out", "dist-workers"], { cwd: dir, env: THREADS });
    expect(cli.code).toBe(0);
    expect(cli.stdout).toContain("Rendered on 2 threads");
    expect(await hashes(out)).toEqual(before);
    // Linked from the previous output rather than written: the same file, not a copy of it.
    expect((await stat(page)).ino).toBe(inode);
    expect((await stat(page)).nlink).toBe(1);
  }, 120_000);

  it("reports a template error from a worker with the route and template (and with --verbose its stack), leaving the output as it was", async () => {
    const out = path.join(dir, "dist-workers");
    const before = await hashes(out);
    const template = path.join(dir, "templates/pages/city.tsx");
    const original = await readFile(template, "utf8");
    const { writeFile } = await import("node:fs/promises");
    await writeFile(template, original.replace("const { copy } = page;", 'const { copy } = page;\n  if (page.slug === "testville-00300") throw new Error("worker bug");'));
    try {
      const result = await runCli(["build", "--out", "dist-workers"], { cwd: dir, env: THREADS });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain("could not render /testville-00300-gopher-control with templates/pages/city.tsx: worker bug");
      expect(result.stderr).not.toContain("Error: worker bug");
      const verbose = await runCli(["build", "--verbose", "--out", "dist-workers"], { cwd: dir, env: THREADS });
      expect(verbose.code).toBe(1);
      // The stack of the template's error, as thrown in the render thread.
      expect(verbose.stderr).toMatch(/Error: worker bug\n\s+at CityPage \(/);
      expect(await hashes(out)).toEqual(before);
      expect((await readdir(dir)).filter((name) => name.startsWith(".dist-workers"))).toEqual([]);
    } finally {
      await writeFile(template, original);
    }
  }, 60_000);
});
