import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { backgroundPageWriter, syncPageWriter, type PageWriterOptions } from "../../src/render/page-writer.ts";
import { temporaryFolders } from "../helpers/temporary-folders.ts";

const folder = temporaryFolders("gopher-pages-");

/** A current output folder with two pages, and an empty staging folder. */
function setUp(parent?: string) {
  const previous = folder(parent);
  writeFileSync(path.join(previous, "same.html"), "<p>same</p>");
  mkdirSync(path.join(previous, "blog"));
  writeFileSync(path.join(previous, "blog", "changed.html"), "<p>old</p>");
  return { previous, dir: folder() };
}

async function writeThree(writer: ReturnType<typeof syncPageWriter>) {
  writer.write("same.html", "<p>same</p>");
  writer.write("blog/changed.html", "<p>new</p>");
  writer.write("new.html", "<p>new page</p>");
  await writer.flush();
}

describe.each([
  ["on the main thread's background", backgroundPageWriter],
  ["synchronously", syncPageWriter],
] as Array<[string, (options: PageWriterOptions) => ReturnType<typeof syncPageWriter>]>)("writing pages %s", (_, makeWriter) => {
  it("links a page identical to the current output's file and writes the others, leaving the current output as it was", async () => {
    const { previous, dir } = setUp();
    await writeThree(makeWriter({ dir, reuseFrom: previous }));
    expect(statSync(path.join(dir, "same.html")).ino).toBe(statSync(path.join(previous, "same.html")).ino);
    expect(statSync(path.join(dir, "same.html")).nlink).toBe(2);
    expect(statSync(path.join(dir, "blog", "changed.html")).ino).not.toBe(statSync(path.join(previous, "blog", "changed.html")).ino);
    expect(readFileSync(path.join(dir, "blog", "changed.html"), "utf8")).toBe("<p>new</p>");
    expect(readFileSync(path.join(dir, "new.html"), "utf8")).toBe("<p>new page</p>");
    expect(readFileSync(path.join(previous, "blog", "changed.html"), "utf8")).toBe("<p>old</p>");
    expect(readFileSync(path.join(previous, "same.html"), "utf8")).toBe("<p>same</p>");
  });

  it("writes every page when the current output is on another file system (no hard links across devices)", async () => {
    // /dev/shm is a memory file system on every Linux machine we build on; the temporary folder is on disk.
    const { previous, dir } = setUp("/dev/shm");
    expect(statSync(previous).dev, "this test needs /dev/shm and the temporary folder on different devices").not.toBe(statSync(dir).dev);
    await writeThree(makeWriter({ dir, reuseFrom: previous }));
    expect(statSync(path.join(dir, "same.html")).nlink).toBe(1);
    expect(readFileSync(path.join(dir, "same.html"), "utf8")).toBe("<p>same</p>");
    expect(readFileSync(path.join(dir, "blog", "changed.html"), "utf8")).toBe("<p>new</p>");
  });

  it("refuses to write one page twice (it would write through a link into the current output)", async () => {
    const { previous, dir } = setUp();
    const writer = makeWriter({ dir, reuseFrom: previous });
    await expect(async () => {
      writer.write("same.html", "<p>same</p>");
      writer.write("same.html", "<p>changed</p>");
      await writer.flush();
    }).rejects.toThrow(/EEXIST/);
    expect(readFileSync(path.join(previous, "same.html"), "utf8")).toBe("<p>same</p>");
  });

  it("reports a page that cannot be written", async () => {
    const dir = folder();
    writeFileSync(path.join(dir, "blog"), "a file where a folder should be");
    const writer = makeWriter({ dir });
    await expect(async () => {
      writer.write("blog/post.html", "<p>x</p>");
      await writer.flush();
    }).rejects.toThrow(/ENOTDIR|EEXIST/);
  });
});

describe("the background page writer", () => {
  it("writes a large site batch by batch, holding no more than one batch's writes between flushes", async () => {
    const dir = folder();
    const writer = backgroundPageWriter({ dir });
    for (let batch = 0; batch < 30; batch++) {
      for (let i = 0; i < 100; i++) writer.write(`p-${batch}-${i}.html`, `<p>${batch} ${i}</p>`);
      expect(writer.unfinished).toBe(100);
      await writer.flush();
      expect(writer.unfinished).toBe(0);
    }
    for (let batch = 0; batch < 30; batch++) {
      for (let i = 0; i < 100; i++) expect(readFileSync(path.join(dir, `p-${batch}-${i}.html`), "utf8")).toBe(`<p>${batch} ${i}</p>`);
    }
  });
});
