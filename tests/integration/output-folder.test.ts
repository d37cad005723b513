import { cp, lstat, mkdir, mkdtemp, readdir, readFile, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OUTPUT_STAMP } from "../../src/output-guard.ts";
import { runCli } from "../helpers/run-cli.ts";
import { copyFixture } from "../helpers/fixture-site.ts";
import { removeDir } from "../helpers/sample-site.ts";

let project: string;
let outside: string;

beforeAll(async () => {
  project = await copyFixture("small", { oneLanguage: true });
  outside = await mkdtemp(path.join(tmpdir(), "gopher-outside-"));
}, 60_000);
afterAll(async () => {
  await removeDir(project);
  await removeDir(outside);
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

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
    expect(result.stderr).toContain(`the output folder ${link} (a link to ${mine}) holds files gopher-site did not write (photos, thesis.docx)`);
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

  it("takes the project's own dist/ made before the stamp existed as its own (its _headers says so), and no other folder", async () => {
    const dist = path.join(project, "dist");
    expect((await runCli(["build", "-q"], { cwd: project })).code).toBe(0);
    await rm(path.join(dist, OUTPUT_STAMP));
    const again = await runCli(["build", "-q"], { cwd: project });
    expect(again.code, again.stderr).toBe(0);
    const copied = path.join(outside, "copied");
    await cp(dist, copied, { recursive: true });
    await rm(path.join(copied, OUTPUT_STAMP));
    const elsewhere = await runCli(["build", "-q", "--out", copied], { cwd: project });
    expect(elsewhere.code).toBe(1);
    expect(elsewhere.stderr).toContain(`the output folder ${copied} holds files gopher-site did not write (404.html, _headers, about.html, and `);
  }, 120_000);

  it("refuses a folder that holds its stamp and files copied in since (a repository the output was copied into)", async () => {
    const built = path.join(outside, "built");
    expect((await runCli(["build", "-q", "--out", built], { cwd: project })).code).toBe(0);
    const repository = path.join(outside, "repository");
    await mkdir(path.join(repository, ".git"), { recursive: true });
    await writeFile(path.join(repository, ".git", "HEAD"), "ref: refs/heads/main\n");
    await writeFile(path.join(repository, "CNAME"), "www.example.com\n");
    await cp(built, repository, { recursive: true });
    const result = await runCli(["build", "-q", "--out", repository], { cwd: project });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      `the output folder ${repository} holds files gopher-site did not write (.git, CNAME); a build replaces the whole folder, so nothing was written: choose an empty or new folder, or add --empty-out-dir to replace it`,
    );
    expect(await readFile(path.join(repository, ".git", "HEAD"), "utf8")).toBe("ref: refs/heads/main\n");
    // A stamp planted in a folder of other files vouches for nothing.
    const planted = await someonesFolder("planted");
    await writeFile(path.join(planted, OUTPUT_STAMP), "anything\n");
    expect((await runCli(["build", "-q", "--out", planted], { cwd: project })).code).toBe(1);
    expect(await readFile(path.join(planted, "thesis.docx"), "utf8")).toBe("four years of work");
  }, 120_000);

  it("never replaces the project or its folders reached through a symbolic link, even with --empty-out-dir", async () => {
    const toProject = path.join(outside, "to-project");
    const toContent = path.join(outside, "to-content");
    await symlink(path.dirname(project), toProject);
    await symlink(path.join(project, "content"), toContent);
    const real = (folder: string) => realpath(folder);
    for (const [link, target] of [[toProject, path.dirname(project)], [toContent, path.join(project, "content")]] as const) {
      const result = await runCli(["build", "-q", "--empty-out-dir", "--out", link], { cwd: project });
      expect(result.code, link).toBe(1);
      expect(result.stderr.trim()).toMatch(new RegExp(`^the output folder ${escape(link)} \\(a link to ${escape(await real(target))}\\) would replace ${escape(await real(project))}|^the output folder ${escape(link)} \\(a link to ${escape(await real(target))}\\) would replace ${escape(await real(target))}`));
    }
    expect(await readdir(path.join(project, "content"))).toContain("pages");
  }, 60_000);

  it("puts back a dist/ that links to a web root after a kill between the swap's renames", async () => {
    const webRoot = path.join(outside, "www");
    await mkdir(webRoot);
    const linked = await copyFixture("small", { oneLanguage: true });
    try {
      await symlink(path.join(webRoot, "site"), path.join(linked, "dist"));
      expect((await runCli(["build", "-q"], { cwd: linked })).code).toBe(0);
      const killed = await runCli(["build", "-q"], { cwd: linked, env: { GOPHER_SITE_TEST_KILL_AT: "swap" } });
      expect(killed.signal).toBe("SIGKILL");
      expect(await readdir(webRoot)).not.toContain("site");
      const config = await runCli(["host-config", "nginx"], { cwd: linked });
      expect(config.code, config.stderr).toBe(0);
      expect(await readdir(path.join(webRoot, "site"))).toContain("index.html");
      expect((await lstat(path.join(linked, "dist"))).isSymbolicLink()).toBe(true);
    } finally {
      await removeDir(linked);
    }
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

describe("more of a machine's refusals", () => {
  it("a file where a folder must be, and a loop of links, are one line each", async () => {
    await writeFile(path.join(outside, "afile"), "x");
    const file = await runCli(["build", "-q", "--out", path.join(outside, "afile", "out")], { cwd: project });
    expect(file.code).toBe(1);
    expect(file.stderr).not.toMatch(/internal error|\n\s+at /);
    expect(file.stderr.trim()).toMatch(/(is in the way: a file stands where a folder must be made|is a file, not a folder)/);
    await symlink(path.join(outside, "loop-b"), path.join(outside, "loop-a"));
    await symlink(path.join(outside, "loop-a"), path.join(outside, "loop-b"));
    const loop = await runCli(["build", "-q", "--out", path.join(outside, "loop-a", "out")], { cwd: project });
    expect(loop.code).toBe(1);
    expect(loop.stderr).not.toMatch(/internal error|\n\s+at /);
    expect(loop.stderr.trim()).toContain("leads through a loop of symbolic links");
  }, 60_000);

  it("a file in public/ named like the build's stamp is never copied over it (a dot-file: not published, said so)", async () => {
    const stamp = path.join(project, "public", OUTPUT_STAMP);
    await writeFile(stamp, "mine\n");
    try {
      const result = await runCli(["build", "--out", path.join(outside, "stamped")], { cwd: project });
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(`Not published: public/${OUTPUT_STAMP} (files and folders starting with a dot are never published`);
      expect(await readFile(path.join(outside, "stamped", OUTPUT_STAMP), "utf8")).not.toBe("mine\n");
    } finally {
      await rm(stamp);
    }
  }, 60_000);

  it("a file in public/ named like one the build writes is refused, not copied over it", async () => {
    const sitemap = path.join(project, "public", "sitemap.xml");
    await writeFile(sitemap, "<urlset/>\n");
    try {
      const result = await runCli(["build", "-q", "--out", path.join(outside, "sitemapped")], { cwd: project });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain("public/sitemap.xml  gopher-site writes sitemap.xml itself; remove this file from public/");
    } finally {
      await rm(sitemap);
    }
  }, 60_000);
});
