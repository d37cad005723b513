import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { headersFromFile } from "../../src/http/site-headers.ts";
import { copySite, git, initSite, siteCli } from "../helpers/git-repos.ts";
import { startServe } from "../helpers/lead-site.ts";
import { buildProject, editProjectFile, removeDir, serveFolder } from "../helpers/sample-site.ts";
import { temporaryFolders } from "../helpers/temporary-folders.ts";

const folders = temporaryFolders("gopher-site-build-version-");
let starter: string;

// One init for the file; each test builds its own copy of the repository.
beforeAll(async () => {
  starter = await initSite(await mkdtemp(path.join(tmpdir(), "gopher-site-starter-")));
}, 60_000);
afterAll(() => removeDir(path.dirname(starter)));

const VERSION = "dist/.well-known/gopher-site.json";
const FRESH_RULE = "/.well-known/*\n  Cache-Control: no-cache\n";

/** `gopher-site build` in the site's folder; fails the test when the build does. */
async function built(dir: string): Promise<void> {
  const result = await siteCli(dir, "build");
  expect(result.stderr).toBe("");
  expect(result.code).toBe(0);
}

/** What a build of HEAD writes: its id and its committer date. */
function headVersion(dir: string): string {
  const [version, published] = git(dir, "log", "-1", "--format=%H%n%cI").trim().split("\n");
  return `${JSON.stringify({ version, published })}\n`;
}

describe("gopher-site build in a git repository", () => {
  it("writes HEAD's id and date to /.well-known/gopher-site.json, kept fresh by _headers, and serve and preview serve it", async () => {
    const dir = await copySite(starter, folders());
    await built(dir);
    const written = await readFile(path.join(dir, VERSION), "utf8");
    expect(written).toBe(headVersion(dir));
    expect(JSON.parse(written).version).toMatch(/^[0-9a-f]{40}$/);
    expect(await readFile(path.join(dir, "dist/_headers"), "utf8")).toContain(`\n${FRESH_RULE}`);

    // The starter's form e-mails its requests: serve starts with a mail server's address (none is sent to).
    const serve = await startServe(dir, { GOPHER_SITE_SMTP_URL: "smtp://127.0.0.1:9" });
    try {
      const response = await fetch(`${serve.url}/.well-known/gopher-site.json`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      expect(response.headers.get("cache-control")).toBe("no-cache");
      expect(await response.text()).toBe(written);
    } finally {
      await serve.stop();
    }
    const preview = await serveFolder(path.join(dir, "dist"), headersFromFile(path.join(dir, "dist/_headers")));
    try {
      const response = await fetch(`${preview.url}/.well-known/gopher-site.json`);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-cache");
      expect(await response.text()).toBe(written);
    } finally {
      await preview.close();
    }
  }, 60_000);

  it("claims no version when a site file is not committed; a file never published does not count, nor does a file not the site's", async () => {
    const dir = await copySite(starter, folders());
    await editProjectFile(dir, "site.yaml", (text) => text.replace('display: "(503) 555-0142"\n  tel: "+15035550142"', 'display: "(503) 555-0199"\n  tel: "+15035550199"'));
    await built(dir);
    expect(existsSync(path.join(dir, VERSION))).toBe(false);
    expect(await readFile(path.join(dir, "dist/_headers"), "utf8")).not.toContain(FRESH_RULE);

    git(dir, "checkout", "--", "site.yaml");
    await writeFile(path.join(dir, "public/.env"), "SMTP_PASSWORD=hunter2\n");
    await writeFile(path.join(dir, "notes.txt"), "call the printer\n");
    await built(dir);
    expect(await readFile(path.join(dir, VERSION), "utf8")).toBe(headVersion(dir));

    await writeFile(path.join(dir, "public/flyer.txt"), "Spring offer\n");
    await built(dir);
    expect(existsSync(path.join(dir, VERSION))).toBe(false);
  }, 60_000);

  it("writes HEAD's id for a site in a folder of a larger repository, and none outside any repository", async () => {
    const parent = folders();
    const dir = path.join(parent, "sites", "mole");
    await cp(starter, dir, { recursive: true });
    await rm(path.join(dir, ".git"), { recursive: true });
    await built(dir);
    expect(existsSync(path.join(dir, VERSION))).toBe(false);

    git(parent, "init", "-q", "-b", "main");
    git(parent, "add", "-A");
    git(parent, "commit", "-q", "-m", "Sites");
    await writeFile(path.join(dir, "public/.env"), "SMTP_PASSWORD=hunter2\n");
    await built(dir);
    expect(await readFile(path.join(dir, VERSION), "utf8")).toBe(headVersion(parent));
  }, 60_000);

  it("is only `gopher-site build`'s: a build from the API without writeVersion (dev, the editor's preview) writes none", async () => {
    const dir = await copySite(starter, folders());
    await buildProject(dir);
    expect(existsSync(path.join(dir, VERSION))).toBe(false);
    await buildProject(dir, { writeVersion: true });
    expect(await readFile(path.join(dir, VERSION), "utf8")).toBe(headVersion(dir));
  }, 60_000);

  it("refuses a public/.well-known/gopher-site.json of the owner's, which the build writes", async () => {
    const dir = await copySite(starter, folders());
    await mkdir(path.join(dir, "public/.well-known"), { recursive: true });
    await writeFile(path.join(dir, "public/.well-known/gopher-site.json"), "{}\n");
    const result = await siteCli(dir, "build");
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("public/.well-known/gopher-site.json  gopher-site writes .well-known/gopher-site.json itself; remove this file from public/");
  }, 60_000);
});
