import { mkdtemp, readFile, rename, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEditor } from "../../src/editor/editor-server.ts";
import { createLogger } from "../../src/log.ts";
import { folderSnapshot } from "../helpers/folder-snapshot.ts";
import { smallPicture } from "../helpers/pictures.ts";
import { runCli } from "../helpers/run-cli.ts";
import { copyFixture } from "../helpers/fixture-site.ts";
import { removeDir } from "../helpers/sample-site.ts";

// Every path that names a picture in public/ stays in it: by `..` or through a symbolic link, a
// picture from elsewhere on the owner's disk is never read, let alone published.
let root: string;
let dir: string;
const article = "content/blog/60-day-warranty-explained.md";
const ARTICLE_IMAGE = "image: /images/blog/60-day-warranty-explained.svg";
const OUTSIDE = "must be a file under public/";
const LINK_OUT = "is a symbolic link to a file outside public/; put the picture itself in public/";

beforeAll(async () => {
  // The project one folder down, so that /../../outside.png from its public/ is a real picture.
  root = await mkdtemp(path.join(tmpdir(), "gopher-public-"));
  dir = path.join(root, "project");
  await rename(await copyFixture("small", { oneLanguage: true }), dir);
  await writeFile(path.join(root, "outside.png"), await smallPicture("png"));
  for (const name of ["linked-share.png", "linked-photo.png", "linked-article.png"]) {
    await symlink(path.join(root, "outside.png"), path.join(dir, "public/images", name));
  }
  expect((await runCli(["build", "--quiet"], { cwd: dir })).code).toBe(0);
}, 120_000);

afterAll(() => removeDir(root));

/** The line of a project file a text is on. */
const lineOf = async (file: string, text: string) => (await readFile(path.join(dir, file), "utf8")).split("\n").findIndex((line) => line.includes(text)) + 1;

/** Runs `build` with some files changed (put back after), checking it wrote nothing. */
async function buildWith(changes: Record<string, (text: string) => string>) {
  const dist = path.join(dir, "dist");
  const before = await folderSnapshot(dist);
  const originals: Record<string, string> = Object.fromEntries(
    await Promise.all(Object.keys(changes).map(async (file) => [file, await readFile(path.join(dir, file), "utf8")] as const)),
  );
  try {
    for (const [file, change] of Object.entries(changes)) await writeFile(path.join(dir, file), change(originals[file]!));
    const result = await runCli(["build"], { cwd: dir });
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(await folderSnapshot(dist)).toEqual(before);
    return result;
  } finally {
    for (const [file, text] of Object.entries(originals)) await writeFile(path.join(dir, file), text);
  }
}

describe("a picture path that leaves public/", { timeout: 60_000 }, () => {
  it("in site.yaml's brand.shareImage is refused at its field, and nothing is written", async () => {
    const line = await lineOf("site.yaml", "  shareImage: /images/share.svg");
    const result = await buildWith({ "site.yaml": (text) => text.replace("shareImage: /images/share.svg", "shareImage: /../../outside.png") });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`site.yaml:${line}:15  brand.shareImage  ${OUTSIDE}\n`);
  });

  it("in an article's image is refused at its front matter line, and nothing is written", async () => {
    const line = await lineOf(article, ARTICLE_IMAGE);
    const result = await buildWith({ [article]: (text) => text.replace(ARTICLE_IMAGE, "image: /../../outside.png") });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${article}:${line}:8  image  ${OUTSIDE}\n`);
  });

  it("through symbolic links out of public/ is refused at each link, all at once, and nothing is written", async () => {
    const result = await buildWith({
      "site.yaml": (text) => text.replace("shareImage: /images/share.svg", "shareImage: /images/linked-share.png"),
      "content/pages/home.yaml": (text) => text.replace("image: /images/before.svg", "image: /images/linked-photo.png"),
      [article]: (text) => text.replace(ARTICLE_IMAGE, "image: /images/linked-article.png"),
    });
    expect(result.code).toBe(1);
    const lines = result.stderr.split("\n").filter((line) => line.includes(LINK_OUT));
    expect(lines).toEqual([
      `public/images/linked-article.png  ${LINK_OUT}`,
      `public/images/linked-photo.png  ${LINK_OUT}`,
      `public/images/linked-share.png  ${LINK_OUT}`,
    ]);
  });
});

describe("an editor save of an article picture outside public/", () => {
  it("is refused with the field's problem, writes nothing, and the preview serves no copy of it", { timeout: 120_000 }, async () => {
    const editor = await startEditor({ config: path.join(dir, "site.yaml"), port: 0, log: createLogger({ level: "quiet" }), outDir: path.join(dir, ".edit-out") });
    try {
      const call = async (body: unknown) => {
        const response = await fetch(`${editor.url}/__editor/api/save`, {
          method: "POST",
          headers: { origin: editor.url, "x-editor-secret": editor.secret, "content-type": "application/json" },
          body: JSON.stringify(body),
        });
        return { status: response.status, body: (await response.json()) as { problems?: unknown } };
      };
      const stateResponse = await fetch(`${editor.url}/__editor/api/state`, { headers: { origin: editor.url, "x-editor-secret": editor.secret } });
      const { version } = ((await stateResponse.json()) as { files: Record<string, { version: string }> }).files[article]!;
      const before = await readFile(path.join(dir, article), "utf8");
      const line = await lineOf(article, ARTICLE_IMAGE);
      const save = (image: string) => call({ changes: [{ file: article, version, ops: [{ op: "set", path: ["image"], value: image }] }] });

      const byDots = await save("/../../outside.png");
      expect(byDots.status).toBe(422);
      expect(byDots.body.problems).toEqual([{ file: article, line, column: 8, field: "image", message: OUTSIDE }]);
      const byLink = await save("/images/linked-article.png");
      expect(byLink.status).toBe(422);
      expect(byLink.body.problems).toEqual([{ file: "public/images/linked-article.png", message: LINK_OUT }]);

      expect(await readFile(path.join(dir, article), "utf8")).toBe(before);
      const page = await (await fetch(`${editor.url}/blog/60-day-warranty-explained`)).text();
      expect(page).toContain("/images/blog/60-day-warranty-explained.svg");
      // A file named after the picture (the article's text says "outside the warranty").
      expect(page).not.toMatch(/outside[.\w-]*\.\w+|linked-article/);
    } finally {
      await editor.close();
    }
  });
});
