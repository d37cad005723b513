import { existsSync } from "node:fs";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startEditor, type EditorServer } from "../../src/editor/editor-server.ts";
import { addBareRemote, cloneOf, copySite, git, GIT_ENV, initSite, messages, siteCli } from "../helpers/git-repos.ts";
import { editProjectFile, removeDir } from "../helpers/sample-site.ts";
import { temporaryFolders } from "../helpers/temporary-folders.ts";
import { terminalLog } from "../helpers/terminal-log.ts";

// A pull made in a terminal left git's conflict markers in site.yaml: the editor opens with the
// choice of values instead of a file it cannot read, and goes on with the rebase once chosen.
const folders = temporaryFolders("gopher-site-editor-settle-");
const saved = { ...process.env };
let starter: string;
const editors: EditorServer[] = [];

beforeAll(async () => {
  Object.assign(process.env, GIT_ENV);
  starter = await initSite(await mkdtemp(path.join(tmpdir(), "gopher-site-starter-")));
}, 120_000);
afterEach(async () => {
  await Promise.all(editors.splice(0).map((editor) => editor.close()));
});
afterAll(async () => {
  for (const key of Object.keys(GIT_ENV)) if (saved[key] === undefined) delete process.env[key];
  if (starter) await removeDir(path.dirname(starter));
});

const phone = (digits: string) => (text: string) => text.replace(/display: "\(503\) 555-\d{4}"\n {2}tel: "\+1503555\d{4}"/, `display: "(503) 555-${digits}"\n  tel: "+1503555${digits}"`);

async function call(editor: EditorServer, route: string, body?: unknown) {
  const response = await fetch(`${editor.url}/__editor/api/${route}`, {
    method: body ? "POST" : "GET",
    headers: { origin: editor.url, "x-editor-secret": editor.secret, "content-type": "application/json" },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

describe("a site file with conflict markers in the editor", { timeout: 120_000 }, () => {
  it("opens with each clashing value as yours and published, then writes the choice and finishes the rebase", async () => {
    const parent = folders();
    const dir = await copySite(starter, parent);
    const remote = addBareRemote(dir);
    const other = cloneOf(remote);
    await editProjectFile(other, "site.yaml", phone("0111"));
    await editProjectFile(other, "site.yaml", (text) => text.replace(/^email: .*$/m, 'email: "front-desk@cascademole.example.com"'));
    expect((await siteCli(other, "publish")).code).toBe(0);
    await editProjectFile(dir, "site.yaml", phone("0122"));
    expect((await siteCli(dir, "publish")).code).toBe(1);
    // What the CLI's message offers in a terminal: the pull stops with markers in site.yaml.
    expect(() => git(dir, "pull", "--rebase")).toThrow();
    expect(await readFile(path.join(dir, "site.yaml"), "utf8")).toMatch(/^<<<<<<< /m);

    const editor = await startEditor({ config: path.join(dir, "site.yaml"), port: 0, log: terminalLog().log, outDir: path.join(parent, "edit-out") });
    editors.push(editor);
    const state = await call(editor, "state");
    expect(state.status).toBe(200);
    expect(state.body.marked).toEqual([
      {
        file: "site.yaml",
        version: expect.any(String),
        fields: [
          { field: "phone.display", yours: "(503) 555-0122", published: "(503) 555-0111" },
          { field: "phone.tel", yours: "+15035550122", published: "+15035550111" },
        ],
      },
    ]);
    const version = state.body.marked[0].version as string;
    // The attacks first: no secret, another origin, a path out of the site, a body past its bound.
    const forged = (headers: Record<string, string>, body: string) => fetch(`${editor.url}/__editor/api/settle`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });
    const choices = JSON.stringify({ files: [{ file: "site.yaml", version, choices: { "phone.display": "yours", "phone.tel": "yours" } }] });
    expect((await forged({ origin: editor.url }, choices)).status).toBe(403);
    expect((await forged({ origin: "http://127.0.0.1:1", "x-editor-secret": editor.secret }, choices)).status).toBe(403);
    const outside = await call(editor, "settle", { files: [{ file: "../site/site.yaml", version, choices: {} }] });
    expect(outside.status).toBe(400);
    expect((await forged({ origin: editor.url, "x-editor-secret": editor.secret }, `{"files":"${"x".repeat(1024 * 1024)}"}`)).status).toBe(413);
    expect(await readFile(path.join(dir, "site.yaml"), "utf8")).toMatch(/^<<<<<<< /m);
    const partly = await call(editor, "settle", { files: [{ file: "site.yaml", version, choices: { "phone.display": "yours" } }] });
    expect(partly.status).toBe(400);
    expect(partly.body.error).toBe("Not saved: choose yours or published for phone.tel");

    const settled = await call(editor, "settle", { files: [{ file: "site.yaml", version, choices: { "phone.display": "yours", "phone.tel": "yours" } }] });
    expect(settled.status, JSON.stringify(settled.body)).toBe(200);
    expect(settled.body.message).toBe("Saved, and the rebase is finished: the published versions are taken in. Publish puts yours online.");
    const text = await readFile(path.join(dir, "site.yaml"), "utf8");
    expect(text).not.toMatch(/^(<<<<<<<|=======|>>>>>>>)/m);
    expect(text).toContain('display: "(503) 555-0122"');
    expect(text).toContain('email: "front-desk@cascademole.example.com"');
    expect(existsSync(path.join(dir, ".git", "rebase-merge"))).toBe(false);
    expect(git(dir, "status", "--porcelain")).toBe("");
    expect(messages(dir).slice(0, 2)).toEqual(["Phone number changed", "Phone number changed; E-mail address changed"]);
    // The editor opens as usual now.
    const after = await call(editor, "state");
    expect(after.body.marked).toBeUndefined();
    expect(Object.keys(after.body.files)).toContain("site.yaml");
  });
});
