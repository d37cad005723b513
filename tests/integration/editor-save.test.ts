import { readdir, readFile, realpath, rm, stat, symlink } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEditor, type EditorServer } from "../../src/editor/editor-server.ts";
import { createLogger } from "../../src/log.ts";
import { spawnEditor } from "../helpers/editor-process.ts";
import { copyFixture } from "../helpers/fixture-site.ts";
import { removeDir } from "../helpers/sample-site.ts";
import { editorApi } from "../helpers/editor-api.ts";

// A save is built, with the build's every check, before a byte of it is written; that build is
// then the one the preview serves.
let dir: string;
let editor: EditorServer;

beforeAll(async () => {
  dir = await copyFixture("small");
  // A language without its town paragraphs yet: the editor creates the file with the first one.
  await rm(path.join(dir, "content/es/cities.yaml"));
  editor = await startEditor({ config: path.join(dir, "site.yaml"), port: 0, log: createLogger({ level: "quiet" }), outDir: path.join(dir, ".edit-out") });
}, 90_000);

afterAll(async () => {
  await editor?.close();
  if (dir) await removeDir(dir);
});

const call = editorApi(() => editor);

async function versionOf(file: string): Promise<string> {
  return ((await call("state")).body.files[file] as { version: string }).version;
}

const read = (file: string) => readFile(path.join(dir, file), "utf8");
/** An article of the project (content/blog/<name>.md). */
const anArticle = async () => `content/blog/${(await readdir(path.join(dir, "content/blog"))).find((name) => name.endsWith(".md"))}`;
const page = async (pathname: string) => (await fetch(`${editor.url}${pathname}`)).text();

describe("an editor save", { timeout: 120_000 }, () => {
  it("is refused when the site would not build for a reason only a full build sees: a link to no page", async () => {
    const file = await anArticle();
    const before = await read(file);
    const { body: state } = await call("state");
    const article = state.files[file] as { version: string; body: string };
    const saved = await call("save", { changes: [{ file, version: article.version, ops: [], body: `${article.body}\nSee [our prices](/no-such-page).\n` }] });
    expect(saved.status).toBe(422);
    // Named where the owner wrote it: the article, at the link's line (the body's last).
    const line = before.split("\n").length + 1;
    expect(saved.body.problems).toEqual([{ file, line, column: expect.any(Number), message: "links to /no-such-page, which is not a page or file of the site" }]);
    expect(await read(file)).toBe(before);
  });

  it("is refused for an article picture that is not in public/, naming the field", async () => {
    const file = await anArticle();
    const before = await read(file);
    const saved = await call("save", { changes: [{ file, version: await versionOf(file), ops: [{ op: "set", path: ["image"], value: "/images/not-uploaded.jpg" }] }] });
    expect(saved.status).toBe(422);
    expect(JSON.stringify(saved.body.problems)).toMatch(/not-uploaded\.jpg/);
    expect(await read(file)).toBe(before);
  });

  it("of an icon takes any of Lucide's, into the preview's sprite, and refuses an unknown one at its field with the closest names", async () => {
    const file = "content/services/residential.yaml";
    const before = await read(file);
    const setIcon = async (value: string) =>
      call("save", { changes: [{ file, version: await versionOf(file), ops: [{ op: "set", path: ["sections", 0, "cards", 0, "icon"], value }] }] });
    const refused = await setIcon("snowflak");
    expect(refused.status).toBe(422);
    const line = before.split("\n").findIndex((text) => text.includes("- icon: leaf")) + 1;
    expect(refused.body.problems).toEqual([
      {
        file,
        line,
        column: 15,
        field: "sections.0.cards.0.icon",
        message: 'unknown icon "snowflak"; did you mean "snowflake"? Closest: snowflake, thermometer-snowflake, sofa, download, flag, salad, shovel, shuffle (the tool\'s own icons or any of https://lucide.dev/icons/)',
      },
    ]);
    expect(await read(file)).toBe(before);

    expect((await setIcon("snowflake")).status).toBe(200);
    expect(await read(file)).toBe(before.replace("      - icon: leaf\n", "      - icon: snowflake\n"));
    const sprite = /<use href="([^"#]+)#snowflake"/.exec(await page("/residential-gopher-control"))?.[1];
    expect(sprite).toMatch(/^\/assets\/icons\.[\w-]+\.svg$/);
    expect(await (await fetch(`${editor.url}${sprite}`)).text()).toContain('<symbol id="snowflake"');
  });

  it("is the rebuild the preview shows: one build, no second one from the file watcher", async () => {
    await editor.whenIdle();
    const builds = editor.builds;
    const saved = await call("save", {
      changes: [{ file: "site.yaml", version: await versionOf("site.yaml"), ops: [{ op: "set", path: ["phone", "display"], value: "(951) 555-0199" }, { op: "set", path: ["phone", "tel"], value: "+19515550199" }] }],
    });
    expect(saved.status).toBe(200);
    expect(await read("site.yaml")).toContain("(951) 555-0199");
    expect(await page("/")).toContain("(951) 555-0199");
    // The watcher reports a renamed file up to 100 ms later: it must not start a build of its own.
    const config = path.join(dir, "site.yaml");
    await editor.whenWatcherSaw(config, (await stat(config)).mtimeMs);
    await editor.whenIdle();
    expect(editor.builds).toBe(builds + 1);
  });

  it("serves nothing of a save whose files could not be written (a file changed during its build)", async () => {
    await editor.whenIdle();
    const config = path.join(dir, "site.yaml");
    const text = (await read("site.yaml")).replace(/display: .*/, "display: (951) 555-0177").replace(/tel: .*/, 'tel: "+19515550177"');
    const refused = new Error("site.yaml changed on disk since you opened it");
    await expect(editor.buildWith(new Map([[await realpath(config), text]]), async () => Promise.reject(refused))).rejects.toBe(refused);
    expect(await page("/")).not.toContain("(951) 555-0177");
    expect(await read("site.yaml")).not.toContain("(951) 555-0177");
  });

  it("creates a language's town paragraphs file with the first paragraph, and that town's page in the language", async () => {
    const { body: state } = await call("state");
    const slug = (state.files["site.yaml"].data as { cities: Array<{ slug: string }> }).cities[0]!.slug;
    expect(state.files["content/es/cities.yaml"]).toBeUndefined();
    const saved = await call("save", { changes: [{ file: "content/es/cities.yaml", create: { [slug]: { intro: "Un párrafo para la ciudad." } } }] });
    expect(saved.status).toBe(200);
    expect(await read("content/es/cities.yaml")).toBe(`${slug}:\n  intro: Un párrafo para la ciudad.\n`);
    const again = await call("save", { changes: [{ file: "content/es/cities.yaml", create: { [slug]: { intro: "Otro." } } }] });
    expect(again.status).toBe(409);
  });
});

describe("a save of two files cut short", () => {
  const FAQS = ["content/faq.yaml", "content/es/faq.yaml"];
  const readFaqs = (project: string) => Promise.all(FAQS.map((file) => readFile(path.join(project, file), "utf8")));

  /** An English FAQ answer and its Spanish translation, saved together by an editor that kills itself at `killAt`. */
  async function killedFaqSave(project: string, killAt: string): Promise<void> {
    const { url, headers, exited } = await spawnEditor(project, killAt);
    const { files } = (await (await fetch(`${url}/__editor/api/state`, { headers })).json()) as { files: Record<string, { version: string }> };
    const answers = ["A new answer.", "Una respuesta nueva."];
    const changes = FAQS.map((file, i) => ({ file, version: files[file]!.version, ops: [{ op: "set", path: ["items", 0, "answer"], value: answers[i] }] }));
    await expect(fetch(`${url}/__editor/api/save`, { method: "POST", headers, body: JSON.stringify({ changes }) })).rejects.toThrow();
    expect(await exited).toBe("SIGKILL");
  }

  /** The next editor on the project: it finishes, or leaves, what the killed one left. */
  async function startAgain(project: string): Promise<void> {
    const again = await startEditor({ config: path.join(project, "site.yaml"), port: 0, log: createLogger({ level: "quiet" }), outDir: path.join(project, ".edit-out") });
    await again.close();
  }

  it("leaves both old when killed before its journal is in place, and the next editor leaves them so", { timeout: 180_000 }, async () => {
    const project = await copyFixture("small");
    try {
      const before = await readFaqs(project);
      // Killed while the first new text is half written to its temporary file.
      await killedFaqSave(project, "editor-save");
      await startAgain(project);
      expect(await readFaqs(project)).toEqual(before);
      // No journal: nothing for an editor to finish. (The half-written temporary file is removed by
      // the next editor process; this one started before it was written, so leaves it.)
      expect(await readdir(project)).not.toContain(".gopher-site-edit-journal.json");
    } finally {
      await removeDir(project);
    }
  });

  it("leaves both old or, once the editor starts again, both new", { timeout: 180_000 }, async () => {
    const project = await copyFixture("small");
    try {
      await killedFaqSave(project, "editor-save-set");
      // Killed with the first file in place and not the second.
      const [english, spanish] = await readFaqs(project);
      expect(english).toContain("A new answer.");
      expect(spanish).not.toContain("Una respuesta nueva.");

      await startAgain(project);
      expect(await readFile(path.join(project, "content/faq.yaml"), "utf8")).toBe(english);
      expect(await readFile(path.join(project, "content/es/faq.yaml"), "utf8")).toContain("Una respuesta nueva.");
      expect((await readdir(project)).filter((name) => name.startsWith(".gopher-site-edit"))).toEqual([]);
    } finally {
      await removeDir(project);
    }
  });
});

describe("an editor on a project reached through a symbolic link", () => {
  it("checks its saves and builds each once, as on the real path", { timeout: 120_000 }, async () => {
    const project = await copyFixture("small");
    const link = `${project}-link`;
    await symlink(project, link);
    const linked = await startEditor({ config: path.join(link, "site.yaml"), port: 0, log: createLogger({ level: "quiet" }), outDir: path.join(project, ".edit-out") });
    try {
      const headers = { origin: linked.url, "x-editor-secret": linked.secret, "content-type": "application/json" };
      const save = async (ops: unknown[]) => {
        const state = (await (await fetch(`${linked.url}/__editor/api/state`, { headers })).json()) as { files: Record<string, { version: string }> };
        const changes = [{ file: "site.yaml", version: state.files["site.yaml"]!.version, ops }];
        return (await fetch(`${linked.url}/__editor/api/save`, { method: "POST", headers, body: JSON.stringify({ changes }) })).status;
      };
      const before = await readFile(path.join(project, "site.yaml"), "utf8");
      // A display number the tel does not dial: the build's cross-check refuses it.
      expect(await save([{ op: "set", path: ["phone", "display"], value: "(951) 555-0166" }])).toBe(422);
      expect(await readFile(path.join(project, "site.yaml"), "utf8")).toBe(before);
      await linked.whenIdle();
      const builds = linked.builds;
      expect(await save([{ op: "set", path: ["phone", "display"], value: "(951) 555-0166" }, { op: "set", path: ["phone", "tel"], value: "+19515550166" }])).toBe(200);
      const config = path.join(project, "site.yaml");
      await linked.whenWatcherSaw(config, (await stat(config)).mtimeMs);
      await linked.whenIdle();
      expect(linked.builds).toBe(builds + 1);
    } finally {
      await linked.close();
      await rm(link, { force: true });
      await removeDir(project);
    }
  });
});

describe("a save that leaves something for check --strict", () => {
  it("says what it left untranslated (new warnings only, not the site's old ones) and still saves", { timeout: 120_000 }, async () => {
    const project = await copyFixture("small");
    const own = await startEditor({ config: path.join(project, "site.yaml"), port: 0, log: createLogger({ level: "quiet" }), outDir: path.join(project, ".edit-out") });
    try {
      const save = async (ops: unknown[]) => {
        const state = (await (await fetch(`${own.url}/__editor/api/state`, { headers: { origin: own.url, "x-editor-secret": own.secret } })).json()) as { files: Record<string, { version: string; data: any }> };
        const response = await fetch(`${own.url}/__editor/api/save`, {
          method: "POST",
          headers: { origin: own.url, "x-editor-secret": own.secret, "content-type": "application/json" },
          body: JSON.stringify({ changes: [{ file: "site.yaml", version: state.files["site.yaml"]!.version, ops }] }),
        });
        return { status: response.status, body: (await response.json()) as Record<string, any>, cities: state.files["site.yaml"]!.data.cities as Array<Record<string, unknown>> };
      };
      const { cities } = await save([]);
      const town = { ...cities[0], name: "Sun City", slug: "sun-city", lat: 33.7092, lng: -117.1972, intro: "Gopher trapping in Sun City." };
      const added = await save([{ op: "insert", path: ["cities"], index: cities.length, value: town }]);
      expect(added.status).toBe(200);
      expect(await readFile(path.join(project, "site.yaml"), "utf8")).toContain("slug: sun-city");
      expect(added.body.leftToDo).toEqual([{ file: "content/es/cities.yaml", line: 1, field: "sun-city.intro", message: "not translated yet: the /es/ page of Sun City is left out until it is" }]);
      const phone = await save([{ op: "set", path: ["phone", "display"], value: "(951) 555-0123" }, { op: "set", path: ["phone", "tel"], value: "+19515550123" }]);
      expect(phone.status).toBe(200);
      expect(phone.body.leftToDo).toEqual([]);
    } finally {
      await own.close();
      await removeDir(project);
    }
  });
});
