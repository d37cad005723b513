import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEditor, type EditorServer } from "../../src/editor/editor-server.ts";
import { createLogger } from "../../src/log.ts";
import { copyFixture } from "../helpers/fixture-site.ts";
import { editProjectFile, removeDir } from "../helpers/sample-site.ts";
import { editorApi } from "../helpers/editor-api.ts";

// Services and own pages added, removed and reordered through the editor's save: the site.yaml
// entry and the copy file in one save, written only when the whole site builds with them.
let dir: string;
let editor: EditorServer;

beforeAll(async () => {
  dir = await copyFixture("small");
  // The owner's comments on the services list, which a reorder must keep with their items.
  await editProjectFile(dir, "site.yaml", (text) => text.replace("  - id: commercial\n", "  # For HOAs and farms.\n  - id: commercial\n"));
  editor = await startEditor({ config: path.join(dir, "site.yaml"), port: 0, log: createLogger({ level: "quiet" }), outDir: path.join(dir, ".edit-out") });
}, 90_000);

afterAll(async () => {
  await editor?.close();
  if (dir) await removeDir(dir);
});

const call = editorApi(() => editor);

const versionOf = async (file: string): Promise<string> => ((await call("state")).body.files[file] as { version: string }).version;
const read = (file: string) => readFile(path.join(dir, file), "utf8");
const exists = (file: string) => existsSync(path.join(dir, file));
/** An article of the project (content/blog/<name>.md). */
const anArticle = async () => `content/blog/${(await readdir(path.join(dir, "content/blog"))).find((name) => name.endsWith(".md"))}`;
const page = async (pathname: string) => fetch(`${editor.url}${pathname}`);
const lines = (problems: Array<{ file: string; field?: string; message: string }>) => problems.map((problem) => `${problem.file}  ${problem.field ?? ""}  ${problem.message}`);

/** A save adding a service (or own page) named `name` at `address`: site.yaml's entry and the starter copy file. */
async function addSave(list: "services" | "pages", id: string, name: string, address: string, index: number) {
  const folder = list === "services" ? "services" : "own";
  return call("save", {
    changes: [
      { file: "site.yaml", version: await versionOf("site.yaml"), ops: [{ op: "insert", path: [list], index, value: { id, path: address } }] },
      { file: `content/${folder}/${id}.yaml`, starter: { name } },
    ],
  });
}

describe("services and own pages in the editor", { timeout: 120_000 }, () => {
  it("adds a service: its site.yaml entry and its copy in init's starter words, in one save, and its page is built", async () => {
    const saved = await addSave("services", "tree-trimming", "Tree Trimming", "/tree-trimming", 2);
    expect(saved.status).toBe(200);
    expect(await read("site.yaml")).toContain("  - id: tree-trimming\n    path: /tree-trimming\n");
    const copy = await read("content/services/tree-trimming.yaml");
    expect(copy).toMatch(/^# A service added in the editor \(site.yaml's services: id tree-trimming\)/);
    expect(copy).toContain('name: "Tree Trimming"\n');
    // The hero picture is the first service's, one the site has.
    expect(copy).toContain('image: "/images/residential.svg"');
    expect(await (await page("/tree-trimming")).text()).toContain("Tree Trimming");
    // The form and its schema are there for the new service.
    expect(Object.keys((await call("state")).body.schemas.copy)).toContain("services/tree-trimming.yaml");
  });

  it("saves nothing of a service whose page would not build (an address another page has), saying why", async () => {
    const siteBefore = await read("site.yaml");
    const saved = await addSave("services", "inspections", "Inspections", "/about", 0);
    expect(saved.status).toBe(422);
    expect(lines(saved.body.problems)).toContain("site.yaml  services.0.path  /about is already the address of a page of gopher-site; choose another path");
    expect(await read("site.yaml")).toBe(siteBefore);
    expect(exists("content/services/inspections.yaml")).toBe(false);
  });

  it("refuses a name that cannot be written into titles, naming the field, and writes nothing", async () => {
    const saved = await addSave("services", "odd", "Odd {phone}", "/odd", 0);
    expect(saved.status).toBe(422);
    expect(saved.body.problems).toEqual([{ file: "content/services/odd.yaml", field: "name", message: `the name "Odd {phone}" may have letters, digits, spaces and & ' . , / + - only` }]);
    expect(exists("content/services/odd.yaml")).toBe(false);
    expect(await read("site.yaml")).not.toContain("id: odd");
  });

  it("reorders the services with a move, keeping the owner's comments with their items", async () => {
    const saved = await call("save", { changes: [{ file: "site.yaml", version: await versionOf("site.yaml"), ops: [{ op: "move", path: ["services"], from: 1, to: 0 }] }] });
    expect(saved.status).toBe(200);
    const site = await read("site.yaml");
    expect(site).toContain("services:\n  # For HOAs and farms.\n  - id: commercial\n    path: /commercial-gopher-control\n  - id: residential\n");
    expect(site).toContain("# copy in content/services/<id>.yaml (its name in the menu, hero, sections); the id is its stable\n");
  });

  it("removes nothing of a service another page links to, naming the link; then, the link gone, its entry and its copy file", async () => {
    const article = await anArticle();
    const body = ((await call("state")).body.files[article] as { body: string }).body;
    const linked = await call("save", { changes: [{ file: article, version: await versionOf(article), body: `${body}\nWe also [trim trees](/tree-trimming).\n` }] });
    expect(linked.status).toBe(200);
    const removal = async () => {
      const site = (await call("state")).body.files["site.yaml"].data as { services: Array<{ id: string }> };
      const index = site.services.findIndex((service) => service.id === "tree-trimming");
      return call("save", {
        changes: [
          { file: "site.yaml", version: await versionOf("site.yaml"), ops: [{ op: "delete", path: ["services", index] }] },
          { file: "content/services/tree-trimming.yaml", version: await versionOf("content/services/tree-trimming.yaml"), remove: true },
        ],
      });
    };
    const siteBefore = await read("site.yaml");
    const refused = await removal();
    expect(refused.status).toBe(422);
    expect(lines(refused.body.problems).join("\n")).toMatch(new RegExp(`${article.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}.*/tree-trimming`));
    expect(await read("site.yaml")).toBe(siteBefore);
    expect(exists("content/services/tree-trimming.yaml")).toBe(true);

    expect((await call("save", { changes: [{ file: article, version: await versionOf(article), body }] })).status).toBe(200);
    await editor.whenIdle();
    const builds = editor.builds;
    const saved = await removal();
    expect(saved.status).toBe(200);
    // The watcher's report of the removed file is that save's, not a change needing a build of its own.
    await editor.whenWatcherSaw(path.join(dir, "content/services/tree-trimming.yaml"), -1);
    await editor.whenIdle();
    expect(editor.builds).toBe(builds + 1);
    expect(saved.body.files["content/services/tree-trimming.yaml"]).toBeNull();
    expect(await read("site.yaml")).not.toContain("tree-trimming");
    expect(exists("content/services/tree-trimming.yaml")).toBe(false);
    expect((await page("/tree-trimming")).status).toBe(404);
  });

  it("removes nothing of a service site.yaml's licences name, listing each", async () => {
    const site = (await call("state")).body.files["site.yaml"].data as { services: Array<{ id: string }> };
    const index = site.services.findIndex((service) => service.id === "commercial");
    const siteBefore = await read("site.yaml");
    const saved = await call("save", {
      changes: [
        { file: "site.yaml", version: await versionOf("site.yaml"), ops: [{ op: "delete", path: ["services", index] }] },
        { file: "content/services/commercial.yaml", version: await versionOf("content/services/commercial.yaml"), remove: true },
        { file: "content/es/services/commercial.yaml", version: await versionOf("content/es/services/commercial.yaml"), remove: true },
      ],
    });
    expect(saved.status).toBe(422);
    expect(lines(saved.body.problems)).toContain("site.yaml  licenses.0.shownOn.2  must be one of: footer, about, legal, residential (the services are site.yaml's services ids)");
    expect(await read("site.yaml")).toBe(siteBefore);
    expect(exists("content/services/commercial.yaml") && exists("content/es/services/commercial.yaml")).toBe(true);
  });

  it("adds an own page to a site without any: the pages list and its copy, and its page is built", async () => {
    const saved = await call("save", {
      changes: [
        { file: "site.yaml", version: await versionOf("site.yaml"), ops: [{ op: "set", path: ["pages"], value: [{ id: "financing", path: "/financing", menu: "footer" }] }] },
        { file: "content/own/financing.yaml", starter: { name: "Financing" } },
      ],
    });
    expect(saved.status).toBe(200);
    expect(await read("content/own/financing.yaml")).toMatch(/^# A page of your own added in the editor/);
    expect(await (await page("/financing")).text()).toContain("Financing");
    expect(Object.keys((await call("state")).body.schemas.copy)).toContain("own/financing.yaml");
  });

  it("starts and removes only a service's or own page's copy file", async () => {
    const faq = await read("content/faq.yaml");
    for (const change of [
      { file: "content/faq.yaml", version: await versionOf("content/faq.yaml"), remove: true },
      { file: "site.yaml", version: await versionOf("site.yaml"), remove: true },
      { file: "content/pages/lawn.yaml", starter: { name: "Lawn" } },
      { file: "content/es/services/lawn.yaml", starter: { name: "Lawn" } },
    ]) {
      const saved = await call("save", { changes: [change] });
      expect(saved.status, change.file).toBe(400);
      expect(saved.body.error).toMatch(/service's or own page's copy file|a translation/);
    }
    expect(await read("content/faq.yaml")).toBe(faq);
    expect(exists("content/pages/lawn.yaml") || exists("content/es/services/lawn.yaml")).toBe(false);
    const both = await call("save", { changes: [{ file: "content/own/financing.yaml", version: await versionOf("content/own/financing.yaml"), remove: true, ops: [] }] });
    expect(both.status).toBe(400);
    expect(both.body.error).toContain("changes.0: must do one thing to its file: create, starter, remove or ops (a body goes with create or ops)");
    expect(exists("content/own/financing.yaml")).toBe(true);
  });
});
