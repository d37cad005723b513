import { mkdir, mkdtemp, readdir, readFile, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { OutputFile } from "../../src/assets/output-file.ts";
import { OUTPUT_STAMP } from "../../src/output-guard.ts";
import { openStaging } from "../../src/write/staging.ts";
import { recoverOutput, restoreInterruptedSwap } from "../../src/write/swap.ts";
import { removeDir } from "../helpers/sample-site.ts";

let parent: string;
let out: string;

beforeEach(async () => {
  parent = await mkdtemp(path.join(tmpdir(), "gopher-write-"));
  out = path.join(parent, "dist");
});
afterEach(() => removeDir(parent));

/** Writes `files` as a build does: into a staging folder that replaces the output when all are written. */
async function writeOutput(options: { outDir: string; files: readonly OutputFile[] }): Promise<number> {
  const staging = await openStaging(options.outDir);
  try {
    const bytes = await staging.write(options.files);
    await staging.commit();
    return bytes;
  } catch (error) {
    await staging.discard();
    throw error;
  }
}

describe("the staging folder", () => {
  it("replaces the output folder with exactly the new files", async () => {
    await writeOutput({ outDir: out, files: [{ path: "old.html", data: "old" }] });
    const bytes = await writeOutput({ outDir: out, files: [{ path: "index.html", data: "new" }, { path: "a/b.txt", data: "b" }] });
    expect(bytes).toBe(4);
    expect((await readdir(out, { recursive: true })).sort()).toEqual([OUTPUT_STAMP, "a", "a/b.txt", "index.html"]);
    expect(await readdir(parent)).toEqual(["dist"]);
  });

  it("counts the bytes of every copied file, however many are copied at once", async () => {
    const sources = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const source = path.join(parent, `source-${i}.txt`);
        await writeFile(source, "x".repeat(100 + i));
        return { path: `copied/${i}.txt`, data: { copyFrom: source } };
      }),
    );
    const bytes = await writeOutput({ outDir: out, files: sources });
    expect(bytes).toBe(40 * 100 + (39 * 40) / 2);
  });

  it("links the files identical to the current output's (written or copied) and writes the others", async () => {
    const source = path.join(parent, "logo.svg");
    await writeFile(source, "<svg/>");
    const files = (about: string) => [
      { path: "index.html", data: "home" },
      { path: "about.html", data: about },
      { path: "images/logo.svg", data: { copyFrom: source } },
    ];
    await writeOutput({ outDir: out, files: files("old") });
    const inode = async (file: string) => (await stat(path.join(out, file))).ino;
    const before = { home: await inode("index.html"), about: await inode("about.html"), logo: await inode("images/logo.svg") };
    await writeOutput({ outDir: out, files: files("new") });
    expect(await inode("index.html")).toBe(before.home);
    expect(await inode("images/logo.svg")).toBe(before.logo);
    expect(await inode("about.html")).not.toBe(before.about);
    expect(await readFile(path.join(out, "about.html"), "utf8")).toBe("new");
    // The copy of public/ is never linked to the source: editing it in place cannot change the output.
    expect(await inode("images/logo.svg")).not.toBe((await stat(source)).ino);
  });

  it("leaves the previous output untouched when writing fails", async () => {
    await writeOutput({ outDir: out, files: [{ path: "index.html", data: "good" }] });
    await expect(
      writeOutput({ outDir: out, files: [{ path: "index.html", data: "bad" }, { path: "x.png", data: { copyFrom: path.join(parent, "missing.png") } }] }),
    ).rejects.toThrow(/ENOENT/);
    expect(await readFile(path.join(out, "index.html"), "utf8")).toBe("good");
    expect(await readdir(parent)).toEqual(["dist"]);
  });

  it("cleans a killed build's staging folder and restores an output moved aside", async () => {
    await mkdir(path.join(parent, ".dist.staging-123-abcd"));
    await mkdir(path.join(parent, ".dist.previous-456"));
    await writeFile(path.join(parent, ".dist.previous-456", "index.html"), "previous");
    await recoverOutput(out, { underLock: true });
    expect((await readdir(parent)).sort()).toEqual(["dist"]);
    expect(await readFile(path.join(out, "index.html"), "utf8")).toBe("previous");
  });

  it("without the lock, only puts back an output moved aside by a killed build, never one of a build still running", async () => {
    await mkdir(path.join(parent, ".dist.staging-123-abcd"));
    // This test's own process stands for a build still running: its aside folder is left alone.
    await mkdir(path.join(parent, `.dist.previous-${process.ppid}`));
    await restoreInterruptedSwap(out);
    expect((await readdir(parent)).sort()).toEqual([".dist.previous-" + process.ppid, ".dist.staging-123-abcd"]);
    await mkdir(path.join(parent, ".dist.previous-999999999"));
    await writeFile(path.join(parent, ".dist.previous-999999999", "index.html"), "previous");
    await restoreInterruptedSwap(out);
    expect(await readFile(path.join(out, "index.html"), "utf8")).toBe("previous");
    expect((await readdir(parent)).sort()).toEqual([".dist.previous-" + process.ppid, ".dist.staging-123-abcd", "dist"]);
  });
});
