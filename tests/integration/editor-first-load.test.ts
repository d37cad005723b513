import { request as httpRequest } from "node:http";
import { describe, expect, it } from "vitest";
import { useEditorOnFixture } from "../helpers/editor-on-fixture.ts";

// The editor on a phone (docs/speed.md, "The editor on a phone"): its first load is the header and
// the first section (Business), brotli-compressed, every script asked for by the page itself (none
// found only once another has arrived); each other section's code comes when it is opened.

/**
 * What the first load's JavaScript may weigh, compressed as sent: 135 KB when this was written
 * (the header with React 76 KB, the form library 57 KB, Business 2 KB), against 167 KB for the one
 * script it was before. A library added to every page, or a section's code pulled into the
 * header, goes over it.
 */
const FIRST_LOAD_BUDGET = 150 * 1024;
/** The header alone (React, the section menu, Publish), before any section's code: 76 KB when this was written. */
const HEADER_BUDGET = 85 * 1024;

const session = useEditorOnFixture();

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET as a phone's browser sends it: brotli accepted, the body as sent (not decoded). */
function get(pathname: string): Promise<Answer> {
  const { port } = new URL(session.editor.url);
  return new Promise((resolve, reject) => {
    const sent = httpRequest({ host: "127.0.0.1", port, path: pathname, headers: { host: `127.0.0.1:${port}`, "accept-encoding": "br, gzip" } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    sent.on("error", reject);
    sent.end();
  });
}

/** A script as its text, and as many bytes as it is sent in. */
async function script(name: string): Promise<{ text: string; sent: number; answer: Answer }> {
  const plain = await new Promise<Buffer>((resolve, reject) => {
    const { port } = new URL(session.editor.url);
    httpRequest({ host: "127.0.0.1", port, path: `/__editor/${name}`, headers: { host: `127.0.0.1:${port}` } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve(Buffer.concat(chunks)));
    }).on("error", reject).end();
  });
  const answer = await get(`/__editor/${name}`);
  expect(answer.status, name).toBe(200);
  return { text: plain.toString("utf8"), sent: answer.body.byteLength, answer };
}

/** The modules a script imports before it runs (esbuild's minified `import…from"./x.js"`, `import"./x.js"`). */
const staticImports = (text: string) => [...text.matchAll(/(?:\bfrom|\bimport)\s*"\.\/([\w.-]+\.js)"/g)].map((match) => match[1]!);

/** The scripts and their static imports, all of them, with the bytes each is sent in. */
async function closure(names: readonly string[]): Promise<Map<string, { text: string; sent: number }>> {
  const found = new Map<string, { text: string; sent: number }>();
  const queue = [...names];
  while (queue.length > 0) {
    const name = queue.shift()!;
    if (found.has(name)) continue;
    const loaded = await script(name);
    found.set(name, loaded);
    queue.push(...staticImports(loaded.text));
  }
  return found;
}

const total = (scripts: Map<string, { sent: number }>) => [...scripts.values()].reduce((sum, each) => sum + each.sent, 0);

/** The page's module scripts and preloaded modules, and its list of each section's chunks. */
async function thePage() {
  const html = (await get("/__editor/")).body.toString("utf8");
  const scripts = [...html.matchAll(/<script type="module" src="([^"]+)">/g)].map((match) => match[1]!);
  const preloaded = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((match) => match[1]!);
  const sections = JSON.parse(/<meta name="editor-chunks" content="([^"]*)">/.exec(html)![1]!.replaceAll("&quot;", '"')) as Record<string, string[]>;
  return { scripts, preloaded, sections };
}

describe("the editor's first load on a phone", { timeout: 60_000 }, () => {
  it("is the header and the first section, within its budget, every script named by the page", async () => {
    const { scripts, preloaded } = await thePage();
    expect(scripts).toEqual(["app.js"]);
    const first = await closure([...scripts, ...preloaded]);
    // No script waits for another to arrive before it is asked for: each is preloaded.
    expect([...first.keys()].filter((name) => name !== "app.js" && !preloaded.includes(name))).toEqual([]);
    expect(total(first)).toBeLessThan(FIRST_LOAD_BUDGET);
    // The header (app.js, then app/editor.tsx with React), without the first section's code.
    const editorChunk = preloaded.find((name) => name.startsWith("editor-"))!;
    const header = await closure(["app.js", editorChunk]);
    expect(total(header)).toBeLessThan(HEADER_BUDGET);
    expect([...header.keys()].some((name) => name.startsWith("business-form-"))).toBe(false);
    // The form library (react-jsonschema-form: its Form's class name) comes with the first section, not with the header.
    expect([...header.values()].some((each) => each.text.includes('"rjsf"'))).toBe(false);
    expect([...first.values()].some((each) => each.text.includes('"rjsf"'))).toBe(true);
  });

  it("leaves each other section's code out of it, listed for when the section opens", async () => {
    const { preloaded, sections } = await thePage();
    const first = await closure(["app.js", ...preloaded]);
    for (const section of ["towns", "requests", "page-list", "copy-forms", "articles", "language-settings", "history", "settle-files"]) {
      const [own, ...shared] = sections[section] ?? [];
      expect(own, section).toMatch(new RegExp(`^${section}-[A-Z0-9]+\\.js$`));
      expect(first.has(own!), section).toBe(false);
      // Its list names every module it imports that the first load has not brought.
      const needs = await closure([own!]);
      expect([...needs.keys()].filter((name) => !first.has(name)).sort(), section).toEqual([own!, ...shared].sort());
    }
    // Requests and History have no form: the form library is not theirs to bring.
    for (const section of ["requests", "history"]) expect(sections[section]!.filter((name) => name.startsWith("chunk-")), section).toEqual([]);
  });

  it("lets a phone keep the chunks, named by their content; the page and app.js are asked for each time", async () => {
    const { preloaded } = await thePage();
    for (const name of preloaded) {
      const { answer } = await script(name);
      expect(answer.headers["cache-control"], name).toBe("private, max-age=31536000, immutable");
      expect(answer.headers["content-type"], name).toBe("text/javascript; charset=utf-8");
    }
    expect((await get("/__editor/app.js")).headers["cache-control"]).toBe("no-store");
    expect((await get("/__editor/app.css")).headers["cache-control"]).toBe("no-store");
    expect((await get("/__editor/")).headers["cache-control"]).toBe("no-store");
  });

  it("sends the state's first part alone when asked: site.yaml, each language.yaml and its schema", async () => {
    const headers = { origin: session.editor.url, "x-editor-secret": session.editor.secret };
    const part = (await (await fetch(`${session.editor.url}/__editor/api/state?part=site`, { headers })).json()) as { part: string; files: Record<string, unknown>; schemas: Record<string, unknown>; untranslated?: unknown };
    const whole = (await (await fetch(`${session.editor.url}/__editor/api/state`, { headers })).json()) as { files: Record<string, unknown>; schemas: Record<string, unknown> };
    expect(part.part).toBe("site");
    expect(Object.keys(part.files).sort()).toEqual(["content/es/language.yaml", "site.yaml"]);
    expect(part.files["site.yaml"]).toEqual(whole.files["site.yaml"]);
    expect(Object.keys(part.schemas)).toEqual(["site"]);
    expect(part.schemas.site).toEqual(whole.schemas.site);
    expect(part.untranslated).toBeUndefined();
    expect(Object.keys(whole.files).length).toBeGreaterThan(20);
  });
});
