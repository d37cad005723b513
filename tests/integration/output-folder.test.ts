import { mkdir, mkdtemp, readdir, readFile, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OUTPUT_STAMP } from "../../src/output-guard.ts";
import { runCli } from "../helpers/run-cli.ts";
import { copySample, removeDir } from "../helpers/sample-site.ts";

let project: string;
let outside: string;

beforeAll(async () => {
  project = await copySample({ oneLanguage: true });
  outside = await mkdtemp(path.join(tmpdir(), "gopher-outside-"));
}, 60_000);
afterAll(async () => {
  await removeDir(project);
  await removeDir(outside);
});

/** A folder of someone's own files: a document and a folder of photos. */
async function someonesFolder(name: string): Promise<string> {
  const folder = path.join(outside, name);
  await mkdir(path.join(folder, "photos"), { recursive: true });
  await writeFile(path.join(folder, "thesis.docx"), "four years of work");
  await writeFile(path.join(folder, "photos", "wedding.jpg"), "a photo");
  return folder;
}

describe("build --out", () => {
  it("refuses a folder of files it did not write, naming it and the flag, and deletes nothing", async () => {
    const mine = await someonesFolder("mine");
    const result = await runCli(["build", "--out", mine], { cwd: project });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      `the output folder ${mine} holds files gopher-site did not write (photos, thesis.docx); a build replaces the whole folder, so nothing was written: choose an empty or new folder, or add --empty-out-dir to replace it`,
    );
    expect((await readdir(mine, { recursive: true })).sort()).toEqual(["photos", "photos/wedding.jpg", "thesis.docx"]);
    expect(await readFile(path.join(mine, "thesis.docx"), "utf8")).toBe("four years of work");
    expect(await readdir(outside)).toEqual(["mine"]);
  }, 60_000);

  it("refuses the same folder reached through a symbolic link", async () => {
    const mine = await someonesFolder("linked-target");
    const link = path.join(outside, "linked");
    await symlink(mine, link);
    const result = await runCli(["build", "-q", "--out", link], { cwd: project });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`the output folder ${link} holds files gopher-site did not write`);
    expect(await readFile(path.join(mine, "thesis.docx"), "utf8")).toBe("four years of work");
  }, 60_000);

  it("builds into a new or empty folder, stamps it, and rebuilds into it without asking", async () => {
    const empty = path.join(outside, "empty");
    await mkdir(empty);
    const first = await runCli(["build", "-q", "--out", empty], { cwd: project });
    expect(first.code, first.stderr).toBe(0);
    expect(await readdir(empty)).toContain(OUTPUT_STAMP);
    const fresh = path.join(outside, "new", "site");
    expect((await runCli(["build", "-q", "--out", fresh], { cwd: project })).code).toBe(0);
    const again = await runCli(["build", "-q", "--out", fresh], { cwd: project });
    expect(again.code, again.stderr).toBe(0);
    expect(await readdir(fresh)).toContain("index.html");
  }, 120_000);

  it("replaces a stranger's folder only with --empty-out-dir", async () => {
    const mine = await someonesFolder("replace-me");
    const result = await runCli(["build", "-q", "--empty-out-dir", "--out", mine], { cwd: project });
    expect(result.code, result.stderr).toBe(0);
    const names = await readdir(mine);
    expect(names).toContain("index.html");
    expect(names).not.toContain("thesis.docx");
  }, 60_000);

  it("takes the output of a build made before the stamp existed as its own (its _headers says so)", async () => {
    const earlier = path.join(outside, "earlier");
    expect((await runCli(["build", "-q", "--out", earlier], { cwd: project })).code).toBe(0);
    await removeDir(path.join(earlier, OUTPUT_STAMP));
    const result = await runCli(["build", "-q", "--out", earlier], { cwd: project });
    expect(result.code, result.stderr).toBe(0);
  }, 120_000);
});

describe("a machine's limits", () => {
  it("an output path too long for the file system is one line naming it, with no stack trace", async () => {
    const long = path.join(outside, "y".repeat(300), "dist");
    const result = await runCli(["build", "-q", "--out", long], { cwd: project });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      `a name is too long for this file system: ${path.dirname(long)}: shorten the address of the page it is for (an article's file name, a town's slug) or the output folder's path`,
    );
  }, 60_000);
});
