import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, mkdir, readdir, readFile, rm, stat, symlink, utimes, writeFile } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import path from "node:path";
import sharp from "sharp";
import { parseDocument } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EditOp } from "../../src/yaml-edit/edit-ops.ts";
import { startEditor, type EditorServer } from "../../src/editor/editor-server.ts";
import { pngBomb, smallPicture } from "../helpers/pictures.ts";
import { spawnEditor } from "../helpers/editor-process.ts";
import { copyFixture } from "../helpers/fixture-site.ts";
import { buildProject, removeDir } from "../helpers/sample-site.ts";
import { terminalLog } from "../helpers/terminal-log.ts";

let dir: string;
let editor: EditorServer;
let origin: string;
/** An article of the project (content/blog/<name>.md). */
let article: string;

/** What the editor prints in the terminal. */
const terminal = terminalLog();

/** A save's temporary file left by an editor killed an hour ago; the editor removes it when it starts. */
const LEFT_BY_A_KILLED_SAVE = ".gopher-site-edit-0123456789ab.tmp";

beforeAll(async () => {
  dir = await copyFixture("small");
  article = `content/blog/${(await readdir(path.join(dir, "content/blog"))).find((name) => name.endsWith(".md"))}`;
  const anHourAgo = new Date(Date.now() - 3_600_000);
  await writeFile(path.join(dir, LEFT_BY_A_KILLED_SAVE), "half of a save");
  await utimes(path.join(dir, LEFT_BY_A_KILLED_SAVE), anHourAgo, anHourAgo);
  editor = await startEditor({ config: path.join(dir, "site.yaml"), port: 0, log: terminal.log, outDir: path.join(dir, ".edit-out") });
  origin = editor.url;
}, 90_000);

afterAll(async () => {
  await editor?.close();
  if (dir) await removeDir(dir);
});

/** A request as the editor's page makes it: its Origin and this run's secret, unless a test forges them. */
async function call(route: string, init: { method?: string; body?: unknown; raw?: Uint8Array; headers?: Record<string, string> } = {}) {
  const response = await fetch(`${editor.url}/__editor/api/${route}`, {
    method: init.method ?? (init.body || init.raw ? "POST" : "GET"),
    headers: { origin, "x-editor-secret": editor.secret, ...(init.body ? { "content-type": "application/json" } : {}), ...init.headers },
    body: init.raw ? Buffer.from(init.raw) : init.body ? JSON.stringify(init.body) : undefined,
  });
  return { status: response.status, headers: response.headers, body: (await response.json().catch(() => undefined)) as Record<string, any> };
}

/** The editor's folder of uploads no save has used yet. */
async function kept(): Promise<string> {
  const folder = editor.uploadsFolder();
  if (!folder) throw new Error("no upload was kept");
  return folder;
}

/** A raw request with any Host header (fetch does not let a test set one). */
function rawRequest(pathname: string, headers: Record<string, string>, method = "GET", body?: string): Promise<{ status: number; headers: Record<string, unknown> }> {
  const { port } = new URL(editor.url);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: "127.0.0.1", port, path: pathname, method, headers }, (response) => {
      response.resume();
      resolve({ status: response.statusCode!, headers: response.headers });
    });
    request.on("error", reject);
    request.end(body);
  });
}

async function state() {
  return (await call("state")).body as { files: Record<string, { version: string; data: any; body?: string }> };
}

const read = (file: string) => readFile(path.join(dir, file), "utf8");

// Generous limits: a save waits for a busy machine's rebuild now and then.
describe("the editor's API", { timeout: 120_000 }, () => {
  it("removes, when it starts, the temporary files that saves cut short left", () => {
    expect(existsSync(path.join(dir, LEFT_BY_A_KILLED_SAVE))).toBe(false);
  });

  it("saves a file loaded and saved without a change byte-identical, for every YAML file of the site", async () => {
    const { files } = await state();
    const yamlFiles = Object.keys(files).filter((file) => file.endsWith(".yaml"));
    const onDisk = (await readdir(path.join(dir, "content"), { recursive: true, encoding: "utf8" })).filter((file) => file.endsWith(".yaml"));
    expect([...yamlFiles].sort()).toEqual(["site.yaml", ...onDisk.map((file) => `content/${file}`)].sort());
    const before = new Map(await Promise.all(yamlFiles.map(async (file) => [file, await read(file)] as const)));
    // Every top-level value set to what it is: the form's data sent back as it was loaded.
    const changes = yamlFiles.map((file) => {
      const ops: EditOp[] = Object.entries(files[file]!.data).map(([key, value]) => ({ op: "set", path: [key], value }));
      return { file, version: files[file]!.version, ops };
    });
    const saved = await call("save", { body: { changes } });
    expect(saved.status).toBe(200);
    expect(Object.keys(saved.body.files).sort()).toEqual([...yamlFiles].sort());
    for (const file of yamlFiles) expect(await read(file), file).toBe(before.get(file));
  });

  it("refuses an invalid e-mail with the CLI's words, at its line, and writes nothing", async () => {
    const { files } = await state();
    const before = await read("site.yaml");
    const saved = await call("save", { body: { changes: [{ file: "site.yaml", version: files["site.yaml"]!.version, ops: [{ op: "set", path: ["email"], value: "office-at-example" }] }] } });
    expect(saved.status).toBe(422);
    const line = before.split("\n").findIndex((text) => text.startsWith("email:")) + 1;
    expect(saved.body.problems).toEqual([{ file: "site.yaml", line, column: 8, field: "email", message: "must be an e-mail address, e.g. office@example.com" }]);
    expect(await read("site.yaml")).toBe(before);
  });

  it("edits a service's own copy file with its form, and refuses a section of no known type at its line", async () => {
    const { files } = await state();
    const file = "content/services/commercial.yaml";
    expect(files[file]!.data.sections.map((section: { id: string }) => section.id)).toEqual(["benefits", "ideal-for", "process", "savings", "reviews"]);
    const { body: editorState } = await call("state");
    expect(Object.keys(editorState.schemas.copy)).toEqual(expect.arrayContaining(["services/residential.yaml", "services/commercial.yaml"]));
    expect(Object.keys(editorState.files)).toEqual(expect.arrayContaining([file, "content/es/services/commercial.yaml"]));
    const before = await read(file);
    const wrong = await call("save", { body: { changes: [{ file, version: files[file]!.version, ops: [{ op: "set", path: ["sections", 1, "type"], value: "slideshow" }] }] } });
    expect(wrong.status).toBe(422);
    const line = before.split("\n").indexOf("    type: checklist") + 1;
    expect(wrong.body.problems).toEqual([{ file, line, column: 11, field: "sections.1.type", message: "must have a type: cards, checklist, steps, prose, reviews, prices, faq, team, gallery, services or cta" }]);
    expect(await read(file)).toBe(before);
    const saved = await call("save", { body: { changes: [{ file, version: files[file]!.version, ops: [{ op: "set", path: ["sections", 1, "heading"], value: "Who We Work For" }] }] } });
    expect(saved.status).toBe(200);
    expect(await read(file)).toBe(before.replace("    heading: Ideal for\n", "    heading: Who We Work For\n"));
  });

  it("refuses a phone number that no longer dials what it shows (the build's cross-check)", async () => {
    const { files } = await state();
    const saved = await call("save", { body: { changes: [{ file: "site.yaml", version: files["site.yaml"]!.version, ops: [{ op: "set", path: ["phone", "display"], value: "(909) 555-0199" }] }] } });
    expect(saved.status).toBe(422);
    expect(saved.body.problems.map((problem: { field: string; message: string }) => `${problem.field}  ${problem.message}`)).toEqual([
      "phone.tel  dials +19515550142, but phone.display shows (909) 555-0199",
    ]);
  });

  it("merges two saves made from one version that change different fields: both land", async () => {
    const { files } = await state();
    const version = files["content/faq.yaml"]!.version;
    const first = await call("save", { body: { changes: [{ file: "content/faq.yaml", version, ops: [{ op: "set", path: ["items", 0, "answer"], value: "First tab's answer." }] }] } });
    expect(first.status).toBe(200);
    const second = await call("save", { body: { changes: [{ file: "content/faq.yaml", version, ops: [{ op: "set", path: ["items", 1, "answer"], value: "Second tab's answer." }] }] } });
    expect(second.status).toBe(200);
    const items = parseDocument(await read("content/faq.yaml")).toJS().items as Array<{ answer: string }>;
    expect([items[0]!.answer, items[1]!.answer]).toEqual(["First tab's answer.", "Second tab's answer."]);
    expect(second.body.files["content/faq.yaml"].version).not.toBe(first.body.files["content/faq.yaml"].version);
  });

  it("refuses a save made from an old version that changes a field changed since: a conflict naming it, the newer file kept", async () => {
    const { files } = await state();
    const version = files["content/faq.yaml"]!.version;
    const first = await call("save", { body: { changes: [{ file: "content/faq.yaml", version, ops: [{ op: "set", path: ["items", 0, "answer"], value: "First tab's other answer." }] }] } });
    expect(first.status).toBe(200);
    const afterFirst = await read("content/faq.yaml");
    const second = await call("save", { body: { changes: [{ file: "content/faq.yaml", version, ops: [{ op: "set", path: ["items", 0, "answer"], value: "Second tab's answer." }, { op: "set", path: ["items", 2, "answer"], value: "Not saved either." }] }] } });
    expect(second.status).toBe(409);
    expect(second.body.error).toMatch(/^content\/faq\.yaml changed on disk since you opened it \(in another tab, a text editor or by git\), in what you changed too: items\.0\.answer\. Your change was not saved/);
    expect(second.body.fields).toEqual(["items.0.answer"]);
    expect(await read("content/faq.yaml")).toBe(afterFirst);
  });

  it("merges an article's title from one tab with its text from another; both changing the text is a conflict", async () => {
    const original = await read(article);
    const { files } = await state();
    const { version, body } = files[article]!;
    const texted = await call("save", { body: { changes: [{ file: article, version, ops: [], body: `${body!.trimEnd()}\n\nOne more paragraph.\n` }] } });
    expect(texted.status, JSON.stringify(texted.body)).toBe(200);
    const titled = await call("save", { body: { changes: [{ file: article, version, ops: [{ op: "set", path: ["title"], value: "What Gopher Damage Costs" }], body }] } });
    expect(titled.status, JSON.stringify(titled.body)).toBe(200);
    const merged = await read(article);
    expect(merged).toContain('title: "What Gopher Damage Costs"\n');
    expect(merged.endsWith("One more paragraph.\n")).toBe(true);
    const clash = await call("save", { body: { changes: [{ file: article, version, ops: [], body: `${body!.trimEnd()}\n\nAnother paragraph.\n` }] } });
    expect(clash.status).toBe(409);
    expect(clash.body.fields).toEqual(["the text"]);
    expect(await read(article)).toBe(merged);
    await writeFile(path.join(dir, article), original);
  });

  it("refuses a save made from a version it never handed out (a text editor's) as a conflict, whatever it changes", async () => {
    const before = await read("content/faq.yaml");
    await writeFile(path.join(dir, "content/faq.yaml"), before.replace(/\n*$/, "\n# A note from a text editor.\n"));
    const saved = await call("save", { body: { changes: [{ file: "content/faq.yaml", version: "0123456789abcdef0123", ops: [{ op: "set", path: ["items", 1, "answer"], value: "From nowhere." }] }] } });
    expect(saved.status).toBe(409);
    expect(saved.body.error).toMatch(/^content\/faq\.yaml changed on disk since you opened it/);
    await writeFile(path.join(dir, "content/faq.yaml"), before);
  });

  it("answers 400, never 500, to a save whose shape is wrong, naming what is wrong, and writes nothing", async () => {
    const before = await read("site.yaml");
    const { files } = await state();
    const version = files["site.yaml"]!.version;
    const malformed: Array<[unknown, string]> = [
      [null, "the request: Invalid input: expected object, received null"],
      [{ changes: "site.yaml" }, "changes: Invalid input: expected array, received string"],
      [{ changes: [] }, "changes: nothing to save"],
      [{ changes: ["site.yaml"] }, "changes.0: Invalid input: expected object, received string"],
      [{ changes: [{ file: 7, version, ops: [] }] }, "changes.0.file: Invalid input: expected string, received number"],
      [{ changes: [{ file: "site.yaml", version, ops: "set email" }] }, "changes.0.ops: Invalid input: expected array, received string"],
      [{ changes: [{ file: "site.yaml", version, ops: [{ op: "replace", path: ["email"], value: "x" }] }] }, "changes.0.ops.0.op: Invalid discriminator value. Expected 'set' | 'delete' | 'insert' | 'move'"],
      [{ changes: [{ file: "site.yaml", version, ops: [{ op: "set", path: ["email"] }] }] }, "changes.0.ops.0.value: missing"],
      [{ changes: [{ file: "site.yaml", version, ops: [{ op: "set", path: "email", value: "x" }] }] }, "changes.0.ops.0.path: Invalid input: expected array, received string"],
      [{ changes: [{ file: "site.yaml", version, ops: [{ op: "move", path: ["cities"], from: -1, to: 0.5 }] }] }, "changes.0.ops.0.from: must be a position in a list (a whole number from 0); changes.0.ops.0.to: must be a position in a list (a whole number from 0)"],
    ];
    for (const [body, issues] of malformed) {
      const saved = await call("save", { raw: new TextEncoder().encode(JSON.stringify(body)), headers: { "content-type": "application/json" } });
      expect(saved.status, JSON.stringify(body)).toBe(400);
      expect(saved.body.error).toBe(`Not saved: the editor sent a request the server cannot read (a bug in the editor, not in your site): ${issues}`);
    }
    expect(await read("site.yaml")).toBe(before);
  });

  it("answers 422 to edits that do not fit the file (a key inside a single value, a place past a list's end), and writes nothing", async () => {
    const before = await read("site.yaml");
    const { files } = await state();
    const version = files["site.yaml"]!.version;
    const towns = (files["site.yaml"]!.data.cities as unknown[]).length;
    const misfits: Array<[EditOp, string]> = [
      [{ op: "set", path: ["email", "address"], value: "office@example.com" }, `the change "set email.address" does not fit the file: email is a single value (${JSON.stringify(files["site.yaml"]!.data.email)}), not a group of fields or a list`],
      [{ op: "insert", path: ["cities"], index: towns + 5, value: {} }, `the change "insert cities" does not fit the file: cities has ${towns} items: nothing can go at position ${towns + 5}`],
      [{ op: "move", path: ["company"], from: 0, to: 1 }, 'the change "move company" does not fit the file: company is not a list'],
    ];
    for (const [op, message] of misfits) {
      const saved = await call("save", { body: { changes: [{ file: "site.yaml", version, ops: [op] }] } });
      expect(saved.status, JSON.stringify(op)).toBe(422);
      expect(saved.body.error).toBe(`Not saved: ${message}`);
    }
    expect(await read("site.yaml")).toBe(before);
  });

  it("refuses with 400 a save naming __proto__, constructor or prototype, as a key of a path or of a value; nothing written, every object untouched", async () => {
    const before = await read("site.yaml");
    const { files } = await state();
    const version = JSON.stringify(files["site.yaml"]!.version);
    const why = "cannot be a key: it names a part of every JavaScript object, not a field of a file";
    // Written as JSON text: a `__proto__` key in a JavaScript object literal would be its prototype, never sent.
    const attempts: Array<[string, string]> = [
      ['{ "op": "set", "path": ["__proto__", "polluted"], "value": "yes" }', `changes.0.ops.0.path.0: "__proto__" ${why}`],
      ['{ "op": "set", "path": ["company", "constructor", "prototype", "polluted"], "value": "yes" }', `changes.0.ops.0.path.1: "constructor" ${why}; changes.0.ops.0.path.2: "prototype" ${why}`],
      ['{ "op": "set", "path": ["company"], "value": { "name": "Gopher Co", "__proto__": { "polluted": "yes" } } }', `changes.0.ops.0.value.__proto__: "__proto__" ${why}`],
    ];
    for (const [op, issues] of attempts) {
      const raw = new TextEncoder().encode(`{ "changes": [{ "file": "site.yaml", "version": ${version}, "ops": [${op}] }] }`);
      const saved = await call("save", { raw, headers: { "content-type": "application/json" } });
      expect(saved.status, op).toBe(400);
      expect(saved.body.error).toBe(`Not saved: the editor sent a request the server cannot read (a bug in the editor, not in your site): ${issues}`);
    }
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
    expect((await call("state")).status).toBe(200);
    expect(await read("site.yaml")).toBe(before);
  });

  it("refuses with 400 a save naming a field its file's schema does not have, and writes nothing", async () => {
    const before = await read("site.yaml");
    const { files } = await state();
    const unknown: Array<[string, EditOp, string]> = [
      ["site.yaml", { op: "set", path: ["company", "nmae"], value: "Gopher Co" }, 'the change "set company.nmae" names company.nmae, a field site.yaml does not have'],
      ["site.yaml", { op: "set", path: ["cities", 0, "intr", "x"], value: "A paragraph." }, 'the change "set cities.0.intr.x" names cities.0.intr, a field site.yaml does not have'],
      ["content/faq.yaml", { op: "set", path: ["items", 0, "answr"], value: "Yes." }, 'the change "set items.0.answr" names items.0.answr, a field content/faq.yaml does not have'],
    ];
    for (const [file, op, message] of unknown) {
      const saved = await call("save", { body: { changes: [{ file, version: files[file]!.version, ops: [op] }] } });
      expect(saved.status, JSON.stringify(op)).toBe(400);
      expect(saved.body.error).toBe(`Not saved: ${message} (a bug in the editor, not in your site)`);
    }
    expect(await read("site.yaml")).toBe(before);
  });

  it("refuses a save of more than 5,000 operations with 413, naming the limit, and writes nothing", async () => {
    const before = await read("site.yaml");
    const { files } = await state();
    const ops: EditOp[] = Array.from({ length: 5001 }, (_, i) => ({ op: "set", path: ["company", "name"], value: `Gopher Co ${i}` }));
    const saved = await call("save", { body: { changes: [{ file: "site.yaml", version: files["site.yaml"]!.version, ops }] } });
    expect(saved.status).toBe(413);
    expect(saved.body.error).toBe("Not saved: this save has 5,001 changes, more than the 5,000 one save may carry; save in parts (some towns, Save, then the others)");
    expect(await read("site.yaml")).toBe(before);
  });

  it("saves 5,000 operations (the most one save may carry) in one save", async () => {
    const before = await read("site.yaml");
    const { files } = await state();
    const towns = files["site.yaml"]!.data.cities as Array<{ intro: string }>;
    const ops: EditOp[] = Array.from({ length: 5000 }, (_, i) => ({ op: "set", path: ["cities", i % towns.length, "intro"], value: `${towns[i % towns.length]!.intro} (${i})` }));
    const saved = await call("save", { body: { changes: [{ file: "site.yaml", version: files["site.yaml"]!.version, ops }] } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const intros = (parseDocument(await read("site.yaml")).toJS().cities as Array<{ intro: string }>).map((town) => town.intro);
    // Each town's paragraph as the last operation on it left it.
    const last = (town: number) => town + towns.length * Math.floor((4999 - town) / towns.length);
    expect(intros).toEqual(towns.map((town, i) => `${town.intro} (${last(i)})`));
    await writeFile(path.join(dir, "site.yaml"), before);
  });

  it("answers other requests while a long save's edits are applied: the editor's page comes back before the save does", async () => {
    const before = await read("site.yaml");
    const { files } = await state();
    const towns = (files["site.yaml"]!.data.cities as unknown[]).length;
    // Thousands of edits, the last one not fitting the file: refused once they are all applied, with no build after them.
    const ops: EditOp[] = Array.from({ length: 4999 }, (_, i) => ({ op: "set", path: ["cities", i % towns, "intro"], value: `A new paragraph, ${i}.` }));
    ops.push({ op: "move", path: ["company"], from: 0, to: 1 });
    const body = JSON.stringify({ changes: [{ file: "site.yaml", version: files["site.yaml"]!.version, ops }] });
    const { port, host } = new URL(editor.url);
    const answered: string[] = [];
    const save = new Promise<number>((resolve, reject) => {
      const headers = { host, origin, "x-editor-secret": editor.secret, "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) };
      const request = httpRequest({ host: "127.0.0.1", port, path: "/__editor/api/save", method: "POST", headers }, (response) => {
        answered.push("save");
        response.resume();
        resolve(response.statusCode!);
      });
      request.on("error", reject);
      request.end(body);
    });
    // The save's body is sent and being worked on; the page is asked for meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const page = rawRequest("/__editor/", { host }).then((answer) => {
      answered.push("page");
      return answer.status;
    });
    expect(await page).toBe(200);
    expect(await save).toBe(422);
    expect(answered).toEqual(["page", "save"]);
    expect(await read("site.yaml")).toBe(before);
  });

  it("runs only the site's own scripts in the preview, which shares the editor's origin", async () => {
    const response = await fetch(`${editor.url}/`);
    const policy = response.headers.get("content-security-policy") ?? "";
    expect(policy).toMatch(/(^|;)\s*script-src 'self'\s*(;|$)/);
    expect(policy).toContain("frame-ancestors 'self'");
    // The built site itself keeps its tag manager.
    expect(await readFile(path.join(dir, ".edit-out", "_headers"), "utf8")).toMatch(/script-src 'self'[^;\n]* https:\/\/www\.googletagmanager\.com/);
  });

  it("answers 403 to another Host (DNS rebinding), another Origin, a missing secret, and sends no CORS headers", async () => {
    const before = await read("site.yaml");
    const { files } = await state();
    const body = JSON.stringify({ changes: [{ file: "site.yaml", version: files["site.yaml"]!.version, ops: [{ op: "set", path: ["company", "name"], value: "Hacked" }] }] });
    const host = new URL(editor.url).host;
    const json = { "content-type": "application/json", "x-editor-secret": editor.secret };
    expect((await rawRequest("/__editor/api/save", { ...json, host: "attacker.example", origin: "http://attacker.example" }, "POST", body)).status).toBe(403);
    expect((await rawRequest("/__editor/api/save", { ...json, host: `attacker.example:${new URL(editor.url).port}`, origin }, "POST", body)).status).toBe(403);
    expect((await rawRequest("/", { host: "attacker.example" })).status).toBe(403);
    expect((await rawRequest("/__editor/api/save", { ...json, host, origin: "http://attacker.example" }, "POST", body)).status).toBe(403);
    expect((await rawRequest("/__editor/api/save", { ...json, host, origin: "null" }, "POST", body)).status).toBe(403);
    expect((await rawRequest("/__editor/api/save", { ...json, host }, "POST", body)).status).toBe(403);
    expect((await rawRequest("/__editor/api/save", { "content-type": "application/json", host, origin }, "POST", body)).status).toBe(403);
    expect((await rawRequest("/__editor/api/state", { host, "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await rawRequest("/__gopher/events", { host, origin: "http://attacker.example" })).status).toBe(403);
    expect((await rawRequest("/__gopher/events", { host, "sec-fetch-site": "cross-site" })).status).toBe(403);
    const page = await rawRequest("/__editor/", { host, origin: "http://attacker.example" });
    expect(page.headers["access-control-allow-origin"]).toBeUndefined();
    expect((await rawRequest("/__editor/api/state", { host, "x-editor-secret": editor.secret, origin })).headers["access-control-allow-origin"]).toBeUndefined();
    expect(await read("site.yaml")).toBe(before);
  });

  it("previews a markdown text with the build's conversion and facts, for the editor's page only", async () => {
    const text = { file: "content/blog/new-one.md", body: 'Call {phone}.\n\n<meta http-equiv="refresh" content="0;url=https://example.com/">' };
    const preview = await call("preview", { body: text });
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({ html: "", problems: [{ file: "content/blog/new-one.md", line: 3, message: 'raw HTML (<meta http-equiv="refresh" content="0;ur) is not allowed in markdown; write it as markdown instead' }] });
    expect((await call("preview", { body: { ...text, body: "Call {phone}." } })).body).toEqual({ html: "<p>Call (951) 555-0142.</p>\n", problems: [] });
    expect((await call("preview", { body: text, headers: { "x-editor-secret": "" } })).status).toBe(403);
    expect((await call("preview", { body: text, headers: { origin: "http://attacker.example" } })).status).toBe(403);
    expect((await call("preview", { body: { file: "site.yaml", body: "x" } })).body).toEqual({ error: '"site.yaml" is not an article or a legal page of this project' });
    expect((await call("preview", { body: { file: text.file } })).status).toBe(400);
  });

  it("saves a language's address of a service, a field named by site.yaml's service ids", async () => {
    const { files } = await state();
    const file = "content/es/language.yaml";
    const before = await read(file);
    const ops = [{ op: "set", path: ["slugs", "residential"], value: "control-de-tuzas-residencial" }];
    const saved = await call("save", { body: { changes: [{ file, version: files[file]!.version, ops }] } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await read(file)).toBe(before);
  });

  it("prints in the terminal each request refused for a missing or wrong secret, as it prints the guard's refusals", async () => {
    const host = new URL(editor.url).host;
    const secretWrong = `${editor.secret.slice(0, -1)}${editor.secret.endsWith("A") ? "B" : "A"}`;
    expect((await rawRequest("/__editor/api/state?x=1", { host, origin })).status).toBe(403);
    expect((await rawRequest("/__editor/api/save", { "content-type": "application/json", host, origin, "x-editor-secret": secretWrong }, "POST", "{}")).status).toBe(403);
    const why = "this request does not carry the editor's secret; open the editor from the address gopher-site edit printed";
    expect(terminal.lines).toContain(`warning refused GET /__editor/api/state: ${why}`);
    expect(terminal.lines).toContain(`warning refused POST /__editor/api/save: ${why}`);
  });

  it("refuses to replace a file the owner made read-only, saying so, and leaves it as it was", async () => {
    const file = path.join(dir, "content/faq.yaml");
    const before = await read("content/faq.yaml");
    const { files } = await state();
    await chmod(file, 0o444);
    try {
      const saved = await call("save", { body: { changes: [{ file: "content/faq.yaml", version: files["content/faq.yaml"]!.version, ops: [{ op: "set", path: ["items", 0, "answer"], value: "A new answer." }] }] } });
      expect(saved.status).toBe(403);
      expect(saved.body.error).toBe("content/faq.yaml is read-only; nothing was saved. Make it writable (chmod u+w content/faq.yaml) for the editor to change it");
      expect(await read("content/faq.yaml")).toBe(before);
      expect((await stat(file)).mode & 0o777).toBe(0o444);
    } finally {
      await chmod(file, 0o644);
    }
  });

  it("never writes outside the editable files: '..', encoded '..', absolute paths, symlinks", async () => {
    const outside = path.join(dir, "..", `${path.basename(dir)}-outside`);
    await mkdir(outside, { recursive: true });
    await writeFile(path.join(outside, "faq.yaml"), "items: []\n");
    await symlink(path.join(outside, "faq.yaml"), path.join(dir, "content", "pages", "linked.yaml"));
    await symlink(outside, path.join(dir, "content", "zz"));
    const attempts = [
      "../site.yaml",
      "content/../../outside.yaml",
      "content/%2e%2e/%2e%2e/outside.yaml",
      "content/..%2f..%2foutside.yaml",
      "/etc/passwd",
      path.join(dir, "site.yaml"),
      "content\\..\\..\\outside.yaml",
      "templates/index.tsx",
      "content/pages/linked.yaml",
      "content/zz/faq.yaml",
    ];
    for (const file of attempts) {
      const saved = await call("save", { body: { changes: [{ file, version: "x", ops: [{ op: "set", path: ["items"], value: [] }] }] } });
      expect(saved.status, file).toBe(400);
    }
    const created = await call("save", { body: { changes: [{ file: "content/zz/blog/escape.md", create: { title: "x" }, body: "x" }] } });
    expect(created.status).toBe(400);
    // Nor read through a link: the editor's state never shows a file outside the project.
    const files = Object.keys((await state()).files);
    expect(files).toContain("content/faq.yaml");
    expect(files.filter((file) => file.startsWith("content/zz/") || file === "content/pages/linked.yaml")).toEqual([]);
    expect(await readFile(path.join(outside, "faq.yaml"), "utf8")).toBe("items: []\n");
    expect(await readdir(outside)).toEqual(["faq.yaml"]);
    // The links go with the folder they point to: a dangling one would stay in the project for the next tests.
    await rm(path.join(dir, "content", "pages", "linked.yaml"));
    await rm(path.join(dir, "content", "zz"));
    await removeDir(outside);
  });

  it("answers a route's other method 405, and a body trickled past its deadline 408, closing the connection", async () => {
    expect((await call("state", { method: "POST", body: {} })).status).toBe(405);
    expect((await call("save")).status).toBe(405);
    process.env.GOPHER_SITE_TEST_BODY_DEADLINE_MS = "300";
    try {
      const { port } = new URL(editor.url);
      let closed!: Promise<void>;
      const answer = await new Promise<{ status: number; error: string }>((resolve, reject) => {
        const request = httpRequest(
          { host: "127.0.0.1", port, path: "/__editor/api/save", method: "POST", headers: { origin, "x-editor-secret": editor.secret, "content-type": "application/json", "content-length": "1000" } },
          (response) => {
            let text = "";
            response.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
            response.on("end", () => resolve({ status: response.statusCode!, error: JSON.parse(text).error }));
          },
        );
        request.on("error", () => {});
        request.on("socket", (socket) => (closed = new Promise((done) => socket.once("close", () => done()))));
        // One byte, then nothing: the rest never comes.
        request.write("{");
      });
      expect(answer).toEqual({ status: 408, error: "the save took too long to arrive" });
      // The server ends the connection (after a second's lingering read): the trickle holds nothing.
      await closed;
    } finally {
      delete process.env.GOPHER_SITE_TEST_BODY_DEADLINE_MS;
    }
  });

  it("compiles a form's validators into a script of its own origin, for the secret's holder only, bounded", async () => {
    const schema = { type: "object", properties: { name: { type: "string", minLength: 1 } } };
    const compiled = await call("validator", { body: schema });
    expect(compiled.status).toBe(200);
    expect(compiled.body.module).toMatch(/^validators\/[0-9a-f]{32}\.js$/);
    const script = await fetch(`${editor.url}/__editor/${compiled.body.module}`);
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(await script.text()).toContain("must NOT have fewer than 1 characters");
    expect((await fetch(`${editor.url}/__editor/validators/${"0".repeat(32)}.js`)).status).toBe(404);
    expect((await call("validator", { body: schema, headers: { "x-editor-secret": "guessed" } })).status).toBe(403);
    const huge = await call("validator", { raw: new TextEncoder().encode(`{"description":"${"x".repeat(1024 * 1024)}"}`) });
    expect(huge.status).toBe(413);
    expect(huge.body.error).toBe("the form's schema is larger than 1 MB; make it smaller first");
    const broken = await call("validator", { raw: new TextEncoder().encode("{") });
    expect(broken.status).toBe(400);
  });

  it("takes pictures only: sniffed bytes, a size limit, kept aside under a safe name", async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#166534" } }).png().toBuffer();
    const uploaded = await call("upload?name=..%2F..%2FMy%20Yard.JPG", { raw: png, headers: { "content-type": "application/octet-stream" } });
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.path).toBe("/images/my-yard.png");
    expect(await readFile(path.join(await kept(), "my-yard.png"))).toEqual(png);
    expect(existsSync(path.join(dir, "public/images/my-yard.png"))).toBe(false);
    const again = await call("upload?name=my-yard.png", { raw: png });
    expect(again.body.path).toBe("/images/my-yard-2.png");
    const script = await call("upload?name=photo.jpg", { raw: new TextEncoder().encode("<svg onload=alert(1)></svg>") });
    expect(script.status).toBe(415);
    const huge = await call("upload?name=big.jpg", { raw: new Uint8Array(41 * 1024 * 1024).fill(0xff) });
    expect(huge.status).toBe(413);
    const bomb = await call("upload?name=bomb.png", { raw: pngBomb(12_000, 11_000) });
    expect(bomb.status).toBe(415);
    expect(bomb.body.error).toMatch(/^the picture is 12000 × 11000 pixels \(132 megapixels\), more than the 120 megapixels the editor can scale down/);
    const fake = await call("upload?name=fake.jpg", { raw: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from("not really a photo")]) });
    expect(fake.status).toBe(415);
    expect(fake.body.error).toMatch(/^this JPEG picture cannot be read/);
    for (const name of ["photo.jpg", "big.jpg", "bomb.png", "fake.jpg"]) expect(existsSync(path.join(dir, "public/images", name)), name).toBe(false);
  });

  it("scales down a phone's photo over 8 MB, turned as its EXIF says and without its metadata, and says so", async () => {
    // Noise does not compress: a 2600 × 1800 JPEG of it at full quality is over 8 MB, as a phone's photo can be.
    const noise = randomBytes(2600 * 1800 * 3);
    const photo = await sharp(noise, { raw: { width: 2600, height: 1800, channels: 3 } }).jpeg({ quality: 100, chromaSubsampling: "4:4:4" }).withMetadata({ orientation: 6 }).toBuffer();
    expect(photo.length).toBeGreaterThan(8 * 1024 * 1024);
    const uploaded = await call("upload?name=phone-photo.jpg", { raw: photo });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    expect(uploaded.body.note).toMatch(/^Your photo was \d+\.\d MB, 2600 × 1800 pixels; it was scaled down to \d+ × \d+, \d+\.\d MB\.$/);
    const scaled = await readFile(path.join(await kept(), "phone-photo.jpg"));
    expect(scaled.length).toBeLessThanOrEqual(8 * 1024 * 1024);
    const meta = await sharp(scaled).metadata();
    // Orientation 6 is a quarter turn: the kept picture stands upright, taller than wide, with no EXIF left.
    expect([meta.format, meta.height! > meta.width!, meta.exif, meta.orientation]).toEqual(["jpeg", true, undefined, undefined]);
    expect(uploaded.body.note).toContain(`scaled down to ${meta.width} × ${meta.height}`);
  });

  it("scales down a picture of more than 50 megapixels to fit, as WebP when it was not a JPEG", async () => {
    const uploaded = await call("upload?name=big-scan.png", { raw: pngBomb(10_000, 6_000) });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    expect(uploaded.body.path).toBe("/images/big-scan.webp");
    expect(uploaded.body.note).toMatch(/^Your photo was 0\.0 MB, 10000 × 6000 pixels; it was scaled down to 9128 × 5477, 0\.\d MB\.$/);
    const meta = await sharp(await readFile(path.join(await kept(), "big-scan.webp"))).metadata();
    expect(meta.width! * meta.height!).toBeLessThanOrEqual(50_000_000);
  });

  it("takes only pictures the build can use: a strip too thin is refused with the build's words, a tall one saves", async () => {
    const picture = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: "#166534" } }).png().toBuffer();
    const strip = await call("upload?name=strip.png", { raw: await picture(100_000, 1) });
    expect(strip.status).toBe(415);
    expect(strip.body.error).toBe(
      "the picture is 100000 × 1 pixels, its long side more than 1,000 times its short one: too thin a strip for a page or a link preview; crop it to the part worth showing",
    );
    expect(existsSync(path.join(dir, "public/images/strip.png"))).toBe(false);

    const tall = await call("upload?name=tall.png", { raw: await picture(1000, 17_000) });
    expect(tall.status).toBe(200);
    // The save builds the whole site with the article's new picture: its renditions must encode.
    const before = await read(article);
    const { files } = await state();
    const saved = await call("save", { body: { changes: [{ file: article, version: files[article]!.version, ops: [{ op: "set", path: ["image"], value: tall.body.path }] }] } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await read(article)).toBe(before.replace(/^image: .*$/m, `image: ${tall.body.path}`));
    await writeFile(path.join(dir, article), before);
  });

  it("writes an uploaded picture into public/images/ only with the save that uses it; a refused save leaves it out", async () => {
    const before = await read(article);
    const uploaded = await call("upload?name=lawn.png", { raw: await smallPicture("png", "#3f6212") });
    expect(uploaded.body.path).toBe("/images/lawn.png");
    const inPublic = () => existsSync(path.join(dir, "public/images/lawn.png"));
    expect(inPublic()).toBe(false);
    // A save refused (a title too short) takes the picture out again: still kept for the next try.
    let { files } = await state();
    const refused = await call("save", { body: { changes: [{ file: article, version: files[article]!.version, ops: [{ op: "set", path: ["image"], value: "/images/lawn.png" }, { op: "set", path: ["title"], value: "" }] }] } });
    expect(refused.status).toBe(422);
    expect(inPublic()).toBe(false);
    ({ files } = await state());
    const saved = await call("save", { body: { changes: [{ file: article, version: files[article]!.version, ops: [{ op: "set", path: ["image"], value: "/images/lawn.png" }] }] } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(inPublic()).toBe(true);
    expect(existsSync(path.join(await kept(), "lawn.png"))).toBe(false);
    await writeFile(path.join(dir, article), before);
    await rm(path.join(dir, "public/images/lawn.png"));
  });

  it("never overwrites a picture put into public/images/ by hand under a pending upload's name: the save is refused", async () => {
    const before = await read(article);
    const uploaded = await call("upload?name=hedge.png", { raw: await smallPicture("png", "#065f46") });
    const byHand = await smallPicture("png", "#1e3a8a");
    await writeFile(path.join(dir, "public/images/hedge.png"), byHand);
    const { files } = await state();
    const saved = await call("save", { body: { changes: [{ file: article, version: files[article]!.version, ops: [{ op: "set", path: ["image"], value: uploaded.body.path }] }] } });
    expect([saved.status, saved.body.error]).toEqual([409, "Not saved: public/images/hedge.png appeared since the picture was uploaded (put there by hand or by git); upload the picture again"]);
    expect(await readFile(path.join(dir, "public/images/hedge.png"))).toEqual(byHand);
    expect(await read(article)).toBe(before);
    await rm(path.join(dir, "public/images/hedge.png"));
  });

  it("gives each of several uploads of one name at once its own file, none overwritten", async () => {
    const colours = ["#7f1d1d", "#9a3412", "#854d0e", "#3f6212", "#065f46", "#155e75", "#1e3a8a", "#581c87"];
    const pictures = await Promise.all(colours.map((colour) => smallPicture("png", colour)));
    const answers = await Promise.all(pictures.map((png) => call("upload?name=same-time.png", { raw: png })));
    expect(answers.map((answer) => answer.status)).toEqual(colours.map(() => 200));
    const paths = answers.map((answer) => answer.body.path as string);
    expect([...paths].sort()).toEqual(["/images/same-time.png", ...colours.slice(1).map((_, i) => `/images/same-time-${i + 2}.png`)].sort());
    for (const [i, uploaded] of paths.entries()) expect(await readFile(path.join(await kept(), path.basename(uploaded))), uploaded).toEqual(pictures[i]);
    expect((await readdir(dir)).filter((file) => file.endsWith(".tmp"))).toEqual([]);
  });

  it("lists what the other language does not translate yet: a missing text, an article, a town's intro", async () => {
    expect((await call("state")).body.untranslated).toEqual([{ language: "es", items: [] }]);
    const originals = await Promise.all(["content/es/faq.yaml", "content/es/cities.yaml"].map(async (file) => [file, await read(file)] as const));
    const faq = parseDocument(await read("content/es/faq.yaml"));
    faq.deleteIn(["items", 0, "answer"]);
    await writeFile(path.join(dir, "content/es/faq.yaml"), faq.toString());
    const articles = (await readdir(path.join(dir, "content/es/blog"))).sort();
    await rm(path.join(dir, "content/es/blog", articles[0]!));
    const cities = parseDocument(await read("content/es/cities.yaml"));
    const firstTown = String((cities.contents as { items: Array<{ key: { value: string } }> }).items[0]!.key.value);
    cities.delete(firstTown);
    await writeFile(path.join(dir, "content/es/cities.yaml"), cities.toString());
    expect((await call("state")).body.untranslated).toEqual([
      {
        language: "es",
        items: ["content/es/faq.yaml: items.0.answer", `content/es/blog/${articles[0]}: not translated`, `content/es/cities.yaml: ${firstTown}.intro`],
      },
    ]);
    for (const [file, text] of originals) await writeFile(path.join(dir, file), text);
  });

  it("finds a town's coordinates by ZIP code or name, offline", async () => {
    expect((await call("towns?q=92586")).body.towns).toEqual([{ name: "Sun City", slug: "sun-city", state: "CA", zip: "92586", lat: 33.7044, lng: -117.1969 }]);
    expect((await call("towns?q=Menifee")).body.towns[0]).toMatchObject({ name: "Menifee", slug: "menifee", state: "CA" });
  });
});

/** content/faq.yaml with `uses` questions answered by one anchored answer. */
function faqAnswered(uses: number): string {
  const items = Array.from({ length: uses }, (_, n) => `  - question: Question ${n + 1}?\n    answer: *same\n`);
  return `items:\n  - question: What does a visit cost?\n    answer: &same Call us for a quote.\n${items.join("")}`;
}

describe("a file the build reads, the editor reads (one YAML reader, one alias limit)", () => {
  it("opens and saves an FAQ whose answer is an anchor used 151 times, as the build takes it", { timeout: 120_000 }, async () => {
    const project = await copyFixture("small");
    const server = await startEditor({ config: path.join(project, "site.yaml"), port: 0, log: terminalLog().log, outDir: path.join(project, ".edit-out") });
    try {
      await writeFile(path.join(project, "content/faq.yaml"), faqAnswered(151));
      await buildProject(project);
      const headers = { origin: server.url, "x-editor-secret": server.secret };
      const opened = await fetch(`${server.url}/__editor/api/state`, { headers });
      expect(opened.status).toBe(200);
      const faq = ((await opened.json()) as { files: Record<string, { version: string; data: { items: Array<{ answer: string }> } }> }).files["content/faq.yaml"]!;
      expect(faq.data.items).toHaveLength(152);
      expect(faq.data.items[151]!.answer).toBe("Call us for a quote.");
      const ops = [{ op: "set", path: ["items", 0, "question"], value: "What does a first visit cost?" }];
      const saved = await fetch(`${server.url}/__editor/api/save`, { method: "POST", headers, body: JSON.stringify({ changes: [{ file: "content/faq.yaml", version: faq.version, ops }] }) });
      expect(saved.status).toBe(200);
      expect(await readFile(path.join(project, "content/faq.yaml"), "utf8")).toBe(faqAnswered(151).replace("What does a visit cost?", "What does a first visit cost?"));
    } finally {
      await server.close();
      await removeDir(project);
    }
  });

  it("refuses one used 250 times with the build's own message, not an internal error", { timeout: 120_000 }, async () => {
    const project = await copyFixture("small");
    const server = await startEditor({ config: path.join(project, "site.yaml"), port: 0, log: terminalLog().log, outDir: path.join(project, ".edit-out") });
    try {
      await writeFile(path.join(project, "content/faq.yaml"), faqAnswered(250));
      const message = "content/faq.yaml:1:1  too many YAML aliases (more than 200); expand them by hand";
      await expect(buildProject(project)).rejects.toThrow(message);
      const opened = await fetch(`${server.url}/__editor/api/state`, { headers: { origin: server.url, "x-editor-secret": server.secret } });
      expect(opened.status).toBe(422);
      expect(((await opened.json()) as { error: string }).error).toBe(message);
    } finally {
      await server.close();
      await removeDir(project);
    }
  });
});

describe("a save cut short", () => {
  it("leaves the old file whole when the process is killed in the middle of writing", { timeout: 120_000 }, async () => {
    const project = await copyFixture("small");
    try {
      const before = await readFile(path.join(project, "site.yaml"), "utf8");
      const { url, headers, exited } = await spawnEditor(project, "editor-save");
      const current = (await (await fetch(`${url}/__editor/api/state`, { headers })).json()) as { files: Record<string, { version: string }> };
      const ops = [{ op: "set", path: ["company", "description"], value: "A much longer description of the company, ".repeat(20).trim() }];
      const save = fetch(`${url}/__editor/api/save`, { method: "POST", headers, body: JSON.stringify({ changes: [{ file: "site.yaml", version: current.files["site.yaml"]!.version, ops }] }) });
      await expect(save).rejects.toThrow();
      expect(await exited).toBe("SIGKILL");
      const after = await readFile(path.join(project, "site.yaml"), "utf8");
      expect(after).toBe(before);
      expect(parseDocument(after).errors).toEqual([]);
      // The half-written temporary file stays until the next editor starts.
      expect((await readdir(project)).filter((file) => /^\.gopher-site-edit-[0-9a-f]{12}\.tmp$/.test(file))).toHaveLength(1);
    } finally {
      await removeDir(project);
    }
  });
});

describe("the built site", () => {
  it("holds nothing of the editor", { timeout: 120_000 }, async () => {
    const project = await copyFixture("small");
    try {
      await buildProject(project);
      const files = await readdir(path.join(project, "dist"), { recursive: true, encoding: "utf8" });
      expect(files.some((file) => /editor/i.test(file))).toBe(false);
      for (const file of files.filter((name) => /\.(html|js)$/.test(name))) {
        const text = await readFile(path.join(project, "dist", file), "utf8");
        expect(text.includes("__editor") || text.includes("editor-secret"), file).toBe(false);
      }
    } finally {
      await removeDir(project);
    }
  });
});
