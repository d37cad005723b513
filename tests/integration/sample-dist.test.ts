import { createHash } from "node:crypto";
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { buildProject, copySample, removeDir, REPO_ROOT } from "../helpers/sample-site.ts";

/**
 * The sample site's output, file by file, as a list of content hashes checked in beside the tests.
 * A refactor must leave it byte-identical; a change meant to alter the output regenerates the list
 * (UPDATE_SAMPLE_DIST=1 npx vitest run tests/integration/sample-dist.test.ts), and the list's diff
 * in the commit names every file that changed. Hashes rather than a second copy of dist/: 130 lines
 * to review instead of 1.8 MB, and no build of another commit inside the test.
 */
const LIST = path.join(REPO_ROOT, "tests/fixtures/sample-dist.sha256");

let dir: string | undefined;
afterAll(() => (dir ? removeDir(dir) : undefined));

/** `<sha256>  <path>` per file of a folder, sorted by path (the format of sha256sum). */
async function hashes(folder: string): Promise<string> {
  const files = (await readdir(folder, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
  const lines = await Promise.all(
    files.map(async (entry) => {
      const file = path.join(entry.parentPath, entry.name);
      return `${createHash("sha256").update(await readFile(file)).digest("hex")}  ${path.relative(folder, file).split(path.sep).join("/")}`;
    }),
  );
  return `${lines.sort((a, b) => (a.slice(66) < b.slice(66) ? -1 : 1)).join("\n")}\n`;
}

it("builds the sample, both languages, into exactly the files listed in tests/fixtures/sample-dist.sha256", { timeout: 120_000 }, async () => {
  dir = await copySample();
  await buildProject(dir);
  const built = await hashes(path.join(dir, "dist"));
  if (process.env.UPDATE_SAMPLE_DIST === "1") await writeFile(LIST, built);
  expect(built).toBe(await readFile(LIST, "utf8"));
});
