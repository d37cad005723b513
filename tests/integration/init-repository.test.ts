import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { git, GIT_ENV, STARTER_ANSWERS } from "../helpers/git-repos.ts";
import { runCli } from "../helpers/run-cli.ts";
import { temporaryFolders } from "../helpers/temporary-folders.ts";

const folders = temporaryFolders("gopher-site-init-git-");

describe("gopher-site init's repository", () => {
  it("makes the folder a git repository on main whose first version holds the starter, a .gitignore and npm's files; other files are left out and named", async () => {
    const dir = path.join(folders(), "site");
    await mkdir(dir);
    // As after `npm install gopher-site` in a new folder, and a file of the owner's own.
    await writeFile(path.join(dir, "package.json"), '{ "dependencies": {} }\n');
    await mkdir(path.join(dir, "node_modules"));
    await writeFile(path.join(dir, "node_modules", "marker.js"), "\n");
    await writeFile(path.join(dir, "notes.txt"), "call the printer\n");
    const result = await runCli(["init", ".", ...STARTER_ANSWERS], { cwd: dir, env: GIT_ENV });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("  .git        a git repository with these files as its first version (and a .gitignore): gopher-site publish saves each change\n");
    expect(result.stdout).toContain("              left out of it, as they were here before: notes.txt\n");
    expect(git(dir, "symbolic-ref", "--short", "HEAD").trim()).toBe("main");
    expect(git(dir, "log", "--format=%s")).toBe("Site started with gopher-site init\n");
    const files = git(dir, "ls-files").split("\n").filter(Boolean);
    expect(files).toEqual(expect.arrayContaining([".gitignore", "package.json", "site.yaml", "site.schema.json", "content/faq.yaml", "public/images/icon.svg"]));
    expect(files.filter((file) => file.startsWith("node_modules/") || file === "notes.txt")).toEqual([]);
    expect(git(dir, "status", "--porcelain")).toBe("?? notes.txt\n");
    expect(await readFile(path.join(dir, ".gitignore"), "utf8")).toMatch(/^node_modules\/\ndist\/\n/m);
    // The requests gopher-site serve keeps are customers' details, and owners/ who may sign in to
    // its editor: never a version of the site.
    expect(git(dir, "check-ignore", "leads/leads-2026-11.jsonl", "leads/.secret")).toBe("leads/leads-2026-11.jsonl\nleads/.secret\n");
    expect(git(dir, "check-ignore", "owners/owners.json", "owners/passkeys.json", "owners/audit.jsonl")).toBe("owners/owners.json\nowners/passkeys.json\nowners/audit.jsonl\n");
    expect(await readFile(path.join(dir, ".gitignore"), "utf8")).toContain("nor who may sign in to its editor (owners/).\n");
  });

  it("keeps a .gitignore that is there already, as it is", async () => {
    const dir = path.join(folders(), "site");
    await mkdir(dir);
    await writeFile(path.join(dir, ".gitignore"), "secrets/\n");
    expect((await runCli(["init", ".", ...STARTER_ANSWERS], { cwd: dir, env: GIT_ENV })).code).toBe(0);
    expect(await readFile(path.join(dir, ".gitignore"), "utf8")).toBe("secrets/\n");
    expect(git(dir, "ls-files")).toContain(".gitignore\n");
  });

  it("leaves a folder inside a repository to that repository, saying so", async () => {
    const outer = folders();
    git(outer, "init", "-q", "-b", "main");
    const dir = path.join(outer, "site");
    const result = await runCli(["init", dir, ...STARTER_ANSWERS], { cwd: outer, env: GIT_ENV });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`notice This folder is inside the git repository ${outer}: the site's files are left for you to add to it (gopher-site publish saves them as a version).\n`);
    expect(existsSync(path.join(dir, ".git"))).toBe(false);
    expect(git(outer, "rev-list", "--all")).toBe("");
  });

  it("writes the site without a repository when git is not installed, saying so", async () => {
    const dir = path.join(folders(), "site");
    // A PATH with no git on it: the machine as an owner without git has it.
    const result = await runCli(["init", dir, ...STARTER_ANSWERS], { cwd: path.dirname(dir), env: { ...GIT_ENV, PATH: path.join(dir, "no-such-folder") } });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("notice git is not installed, so the site has no versions yet: install git (https://git-scm.com), then git init here; gopher-site publish saves and pushes the versions.\n");
    expect(existsSync(path.join(dir, "site.yaml"))).toBe(true);
    expect(existsSync(path.join(dir, ".git"))).toBe(false);
  });
});
