import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { connect } from "node:net";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startEditor, type EditorServer } from "../../src/editor/editor-server.ts";
import { addBareRemote, copySite, git, GIT_ENV, initSite, messages } from "../helpers/git-repos.ts";
import { editProjectFile, removeDir } from "../helpers/sample-site.ts";
import { temporaryFolders } from "../helpers/temporary-folders.ts";
import { terminalLog } from "../helpers/terminal-log.ts";

const folders = temporaryFolders("gopher-site-editor-versions-");
let starter: string;
const saved = { ...process.env };

// One init for the file; each test edits its own copy of the repository. The editor runs git in
// this process, so it takes the tests' identity from its environment.
beforeAll(async () => {
  Object.assign(process.env, GIT_ENV);
  starter = await initSite(await mkdtemp(path.join(tmpdir(), "gopher-site-starter-")));
});
afterAll(async () => {
  for (const key of Object.keys(GIT_ENV)) if (saved[key] === undefined) delete process.env[key];
  await removeDir(path.dirname(starter));
});

interface Opened {
  dir: string;
  editor: EditorServer;
  call(route: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: Record<string, any> }>;
  savePhone(digits: string): Promise<number>;
  /** A save's body changing the phone number, made from the file as the editor reads it now. */
  phoneSave(digits: string): Promise<unknown>;
}

/** The editor on a copy of the starter site, its build's output outside the site (no file of its own in the repository). */
async function openEditor(): Promise<Opened> {
  const parent = folders();
  const dir = await copySite(starter, parent);
  const editor = await startEditor({ config: path.join(dir, "site.yaml"), port: 0, log: terminalLog().log, outDir: path.join(parent, "edit-out") });
  opened.push(editor);
  const call: Opened["call"] = async (route, body, headers = {}) => {
    const response = await fetch(`${editor.url}/__editor/api/${route}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { origin: editor.url, "x-editor-secret": editor.secret, "content-type": "application/json", ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json().catch(() => ({}))) as Record<string, any> };
  };
  const phoneSave = async (digits: string) => {
    const state = await call("state");
    const phone = { display: `(503) 555-${digits}`, tel: `+1503555${digits}` };
    return { changes: [{ file: "site.yaml", version: state.body.files["site.yaml"].version, ops: [{ op: "set", path: ["phone"], value: phone }] }] };
  };
  const savePhone = async (digits: string) => (await call("save", await phoneSave(digits))).status;
  return { dir, editor, call, savePhone, phoneSave };
}
const opened: EditorServer[] = [];

/** POSTs sent back to back on one connection (HTTP pipelining): the server has them both before it answers either. Their statuses. */
function pipelined(editor: EditorServer, requests: [string, unknown][]): Promise<number[]> {
  const { port } = new URL(editor.url);
  const text = requests
    .map(([route, body], index) => {
      const json = JSON.stringify(body);
      const close = index === requests.length - 1 ? "connection: close\r\n" : "";
      return `POST /__editor/api/${route} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\norigin: ${editor.url}\r\nx-editor-secret: ${editor.secret}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(json)}\r\n${close}\r\n${json}`;
    })
    .join("");
  return new Promise((resolve, reject) => {
    let answer = "";
    const socket = connect(Number(port), "127.0.0.1", () => socket.write(text));
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString()));
    // Each answer's status line (an answer of a known length ends without a line break: the next starts on its last line).
    socket.on("end", () => resolve([...answer.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => Number(match[1]))));
    socket.on("error", reject);
  });
}
// Each test's editor is closed (its last build done) before its folder is removed: a rebuild after
// an undo would write into the folder as it goes (ENOTEMPTY). Hooks after run last registered first.
afterEach(async () => {
  await Promise.all(opened.splice(0).map((editor) => editor.close()));
});

describe("the editor's Publish, History and Undo (real git, a bare repository as the remote)", { timeout: 180_000 }, () => {
  it("lists a saved change in words, publishes it to the remote, and lists it in the history", async () => {
    const { dir, call, savePhone } = await openEditor();
    const remote = addBareRemote(dir);
    expect((await call("unpublished")).body).toEqual({ changes: [], versions: 0 });
    expect(await savePhone("0199")).toBe(200);
    expect((await call("unpublished")).body).toEqual({ changes: ["Phone number changed"], versions: 0 });

    const published = await call("publish", {});
    expect(published.status).toBe(200);
    const id = git(dir, "rev-parse", "--short", "HEAD").trim();
    // Then check's notices: the starter's texts still to make one's own, by file and line.
    expect(published.body).toEqual({
      lines: [`Saved version ${id}: Phone number changed.`, "Published: pushed 1 version to origin/main."],
      notices: [
        expect.stringMatching(/^content\/blog\/questions-to-ask-before-you-hire\.md:2 {2}Starter words from gopher-site init: /),
        expect.stringMatching(/^content\/legal\/privacy-policy\.md:2 {2}Starter words from gopher-site init: /),
        expect.stringMatching(/^content\/legal\/terms-of-service\.md:2 {2}Starter words from gopher-site init: /),
      ],
      warnings: [],
      filesChanged: false,
    });
    expect(messages(remote, "main")).toEqual(["Phone number changed", "Site started with gopher-site init"]);
    expect((await call("unpublished")).body).toEqual({ changes: [], versions: 0 });

    const history = await call("history");
    expect(history.body.versions.map((version: { words: string; notPushed: boolean }) => [version.words, version.notPushed])).toEqual([
      ["Phone number changed", false],
      ["Site started with gopher-site init", false],
    ]);
    expect(history.body.versions[0].id).toBe(id);
  });

  it("publishes with the owner's message, and says how to connect a remote when there is none", async () => {
    const { dir, call, savePhone } = await openEditor();
    expect(await savePhone("0143")).toBe(200);
    const published = await call("publish", { message: "New office line" });
    expect(published.status).toBe(200);
    expect(published.body.lines).toContain(
      "Kept on this computer only: the site's repository has no remote to publish to. Connect one once in a terminal (git remote add origin <your repository's address>, then git push -u origin main; docs/deploying.md), and every Publish then pushes.",
    );
    expect(messages(dir)[0]).toBe("New office line");
  });

  it("refuses to publish a site that would not build, with its problems as check prints them, and commits nothing", async () => {
    const { dir, call } = await openEditor();
    const head = git(dir, "rev-parse", "HEAD");
    // A mistake made in a text editor: the editor's own saves never write one.
    await editProjectFile(dir, "site.yaml", (text) => text.replace(/^email: .*$/m, 'email: "office-at-example"'));
    const line = (await readFile(path.join(dir, "site.yaml"), "utf8")).split("\n").findIndex((text) => text.startsWith("email:")) + 1;
    const refused = await call("publish", {});
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe("Not published: the site has problems (gopher-site check shows the same), so nothing was saved or pushed:");
    expect(refused.body.problems).toEqual([{ file: "site.yaml", line, column: 8, field: "email", message: "must be an e-mail address, e.g. office@example.com" }]);
    expect(git(dir, "rev-parse", "HEAD")).toBe(head);
    expect(git(dir, "status", "--porcelain")).toBe(" M site.yaml\n");
  });

  it("publishes a save sent just before it: the publish waits for the save in the same queue", async () => {
    const { dir, editor, phoneSave } = await openEditor();
    // Both on one connection, one after the other: the server starts the publish while the save's build runs.
    const statuses = await pipelined(editor, [
      ["save", await phoneSave("0155")],
      ["publish", {}],
    ]);
    expect(statuses).toEqual([200, 200]);
    expect(messages(dir)[0]).toBe("Phone number changed");
    expect(git(dir, "status", "--porcelain")).toBe("");
  });

  it("undoes a version as a new one, and refuses one whose lines a later version changed, naming it, with nothing changed", async () => {
    const { dir, call, savePhone } = await openEditor();
    expect(await savePhone("0111")).toBe(200);
    expect((await call("publish", {})).status).toBe(200);
    const first = git(dir, "rev-parse", "--short", "HEAD").trim();
    expect(await savePhone("0122")).toBe(200);
    expect((await call("publish", {})).status).toBe(200);
    const second = git(dir, "rev-parse", "--short", "HEAD").trim();

    const clash = await call("undo", { id: first });
    expect(clash.status).toBe(409);
    expect(clash.body.error).toMatch(new RegExp(`^Not undone: a later version changed the same lines of site.yaml \\(${second} \\d{4}-\\d\\d-\\d\\d Phone number changed\\): undo that one first, or change the lines by hand\\. Nothing was changed\\.$`));
    expect(git(dir, "rev-parse", "--short", "HEAD").trim()).toBe(second);
    expect(git(dir, "status", "--porcelain")).toBe("");

    const undone = await call("undo", { id: second });
    expect(undone.status).toBe(200);
    const id = git(dir, "rev-parse", "--short", "HEAD").trim();
    expect(undone.body).toEqual({ message: `Undid "Phone number changed" as a new version ${id}. Publish puts it online.` });
    expect(messages(dir)[0]).toBe(`Undo: Phone number changed (${second})`);
    expect(await readFile(path.join(dir, "site.yaml"), "utf8")).toMatch(/display: "?\(503\) 555-0111"?\n/);
    expect((await call("history")).body.versions[0].words).toBe(`Undo: Phone number changed (${second})`);
  });

  it("answers 409 with the CLI's sentence for a site in no repository, and 400 to an undo without an id", async () => {
    const { dir, call } = await openEditor();
    await rm(path.join(dir, ".git"), { recursive: true });
    const history = await call("history");
    expect(history.status).toBe(409);
    expect(history.body.error).toBe(`${dir} is not in a git repository, so it has no versions to publish, list or undo: run git init there (gopher-site init makes one for a new site), then gopher-site publish`);
    expect((await call("undo", {})).status).toBe(400);
  });

  it("answers publish and undo from another site's page, or without the secret, with 403 and commits nothing", async () => {
    const { dir, editor, call, savePhone } = await openEditor();
    expect(await savePhone("0166")).toBe(200);
    const head = git(dir, "rev-parse", "HEAD");
    expect((await call("publish", {}, { origin: "http://127.0.0.1:1" })).status).toBe(403);
    expect((await call("publish", {}, { "x-editor-secret": "guessed" })).status).toBe(403);
    expect((await call("undo", { id: head.slice(0, 7) }, { origin: "http://evil.example" })).status).toBe(403);
    expect((await call("history", undefined, { "x-editor-secret": "" })).status).toBe(403);
    expect(git(dir, "rev-parse", "HEAD")).toBe(head);
    expect(editor.secret.length).toBeGreaterThan(20);
  });
});
