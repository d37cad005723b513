import { existsSync } from "node:fs";
import { appendFile, copyFile, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { folderSnapshot } from "../helpers/folder-snapshot.ts";
import { copySite, git, initSite, messages, siteCli } from "../helpers/git-repos.ts";
import { editProjectFile, removeDir } from "../helpers/sample-site.ts";
import { temporaryFolders } from "../helpers/temporary-folders.ts";

const folders = temporaryFolders("gopher-site-undo-");
let starter: string;

// One init for the file; each test works on its own copy of the repository.
beforeAll(async () => {
  starter = await initSite(await mkdtemp(path.join(tmpdir(), "gopher-site-starter-")));
});
afterAll(() => removeDir(path.dirname(starter)));

async function publishChange(dir: string, file: string, change: (text: string) => string): Promise<string> {
  await editProjectFile(dir, file, change);
  const result = await siteCli(dir, "publish", "-q");
  expect(result.stderr).toBe("");
  return git(dir, "rev-parse", "--short", "HEAD").trim();
}

const setPhone = (digits: string) => (text: string) =>
  text.replace(/display: "\(503\) 555-\d{4}"\n {2}tel: "\+1503555\d{4}"/, `display: "(503) 555-${digits}"\n  tel: "+1503555${digits}"`);
const setEmail = (address: string) => (text: string) => text.replace(/^email: .*$/m, `email: "${address}"`);

/** The site's folder and its repository's state: an undo refused must leave all of it as it was. */
async function everything(dir: string) {
  const files = await folderSnapshot(dir);
  const site = Object.fromEntries(Object.entries(files).filter(([name]) => !name.startsWith(".git/")));
  return { site, head: git(dir, "rev-parse", "HEAD"), status: git(dir, "status", "--porcelain"), index: git(dir, "ls-files", "--stage") };
}

describe("gopher-site history", () => {
  it("lists the versions newest first, each line its short id, date and the change in words", async () => {
    const dir = await copySite(starter, folders());
    const phone = await publishChange(dir, "site.yaml", setPhone("0199"));
    const email = await publishChange(dir, "site.yaml", setEmail("info@cascademole.example.com"));
    const first = git(dir, "rev-list", "--max-parents=0", "--abbrev-commit", "HEAD").trim();
    const result = await siteCli(dir, "history");
    expect(result.stderr).toBe("");
    const date = "\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d";
    expect(result.stdout).toMatch(
      new RegExp(`^${email}  ${date}  E-mail address changed\n${phone}  ${date}  Phone number changed\n${first}  ${date}  Site started with gopher-site init\n$`),
    );
  });
});

describe("gopher-site undo", () => {
  it("reverts the version's change as a new version", async () => {
    const dir = await copySite(starter, folders());
    const email = await publishChange(dir, "site.yaml", setEmail("info@cascademole.example.com"));
    await publishChange(dir, "site.yaml", setPhone("0199"));
    const result = await siteCli(dir, "undo", email);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const undone = git(dir, "rev-parse", "--short", "HEAD").trim();
    expect(result.stdout).toContain(`Undid ${email} (E-mail address changed) as a new version ${undone}; gopher-site publish puts it online.\n`);
    expect(messages(dir).slice(0, 3)).toEqual([`Undo: E-mail address changed (${email})`, "Phone number changed", "E-mail address changed"]);
    const site = git(dir, "show", "HEAD:site.yaml");
    expect(site).toContain('email: "office@cascademole.example.com"');
    expect(site).toContain('display: "(503) 555-0199"');
    expect(git(dir, "status", "--porcelain")).toBe("");
  });

  it("refuses when a later version changed the same lines, naming it, and changes nothing", async () => {
    const dir = await copySite(starter, folders());
    const first = await publishChange(dir, "site.yaml", setPhone("0199"));
    await publishChange(dir, "site.yaml", setEmail("info@cascademole.example.com"));
    const later = await publishChange(dir, "site.yaml", setPhone("0177"));
    await appendFile(path.join(dir, "site.schema.json"), "\n");
    const before = await everything(dir);
    const result = await siteCli(dir, "undo", first);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      new RegExp(`^Not undone: a later version changed the same lines of site.yaml \\(${later} \\d{4}-\\d\\d-\\d\\d Phone number changed\\): undo that one first, or change the lines by hand. Nothing was changed.\n$`),
    );
    expect(await everything(dir)).toEqual(before);
    expect(existsSync(path.join(dir, ".git", "REVERT_HEAD"))).toBe(false);
  });

  it("refuses when the site would not build without the version's change, with the problems as check prints them, and changes nothing", async () => {
    const dir = await copySite(starter, folders());
    await copyFile(path.join(dir, "public/images/hero.svg"), path.join(dir, "public/images/team.svg"));
    expect((await siteCli(dir, "publish", "-q")).code).toBe(0);
    const picture = git(dir, "rev-parse", "--short", "HEAD").trim();
    await publishChange(dir, "content/pages/home.yaml", (text) => text.replace("image: /images/hero.svg", "image: /images/team.svg"));
    // An edit of the owner's outside the site's files, not in any version: it must be kept too.
    await appendFile(path.join(dir, "site.schema.json"), "\n");
    const before = await everything(dir);
    const result = await siteCli(dir, "undo", picture);
    expect(result.code).toBe(1);
    const lines = result.stderr.split("\n");
    expect(lines[0]).toBe(`Not undone: the site would not build without ${picture}'s change (Picture images/team.svg added):`);
    expect(lines[1]).toBe("index.html  / links to /images/team.svg, which is not a page or file of the site");
    expect(result.stderr).toMatch(/\n\d+ problems? found; nothing was written\.\n$/);
    expect(await everything(dir)).toEqual(before);
  });

  it("refuses an id that is no version, site files with changes in no version, and staged files", async () => {
    const dir = await copySite(starter, folders());
    const email = await publishChange(dir, "site.yaml", setEmail("info@cascademole.example.com"));
    const unknown = await siteCli(dir, "undo", "abcdef1");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe("ID  abcdef1 is no version of this site: gopher-site history lists them, each line starting with its id\n");
    await editProjectFile(dir, "site.yaml", setPhone("0101"));
    const unsaved = await siteCli(dir, "undo", email);
    expect(unsaved.code).toBe(1);
    expect(unsaved.stderr).toBe("Not undone: site.yaml has changes not saved in a version yet: publish them first (gopher-site publish), then undo. Nothing was changed.\n");
    git(dir, "checkout", "site.yaml");
    // Staged files would go into the undo's version with the revert: refused too.
    await appendFile(path.join(dir, "site.schema.json"), "\n");
    git(dir, "add", "site.schema.json");
    const staged = await siteCli(dir, "undo", email);
    expect(staged.code).toBe(1);
    expect(staged.stderr).toBe("Not undone: files are staged for git's next commit (git status lists them): commit them, or unstage them with git restore --staged <file>, then undo. Nothing was changed.\n");
    expect(git(dir, "status", "--porcelain")).toBe("M  site.schema.json\n");
  });
});
