import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { writeFileAtomically, writeFolderAtomically } from "../../src/write-atomically.js";
import { temporaryFolders } from "../helpers/temporary-folders.ts";

const folder = temporaryFolders("gopher-atomic-");

describe("writeFileAtomically", () => {
  it("replaces a file and leaves no temporary file beside it", () => {
    const dir = folder();
    const file = path.join(dir, "entry.json");
    writeFileSync(file, "old");
    expect(writeFileAtomically(file, "new")).toBe(true);
    expect(readFileSync(file, "utf8")).toBe("new");
    expect(readdirSync(dir)).toEqual(["entry.json"]);
  });

  it("returns false, writing nothing, when the folder does not exist", () => {
    const dir = folder();
    expect(writeFileAtomically(path.join(dir, "missing", "entry.json"), "data")).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe("writeFolderAtomically", () => {
  it("creates the folder with every file, its parents too, and leaves no temporary folder", () => {
    const dir = folder();
    const entry = path.join(dir, "images", "abc");
    expect(writeFolderAtomically(entry, [["a.avif", new Uint8Array([1, 2, 3])], ["manifest.json", "[]"]])).toBe(true);
    expect(readdirSync(entry).sort()).toEqual(["a.avif", "manifest.json"]);
    expect([...readFileSync(path.join(entry, "a.avif"))]).toEqual([1, 2, 3]);
    expect(readdirSync(path.join(dir, "images"))).toEqual(["abc"]);
  });

  it("keeps the folder another process put in place first, and removes its own copy", () => {
    const dir = folder();
    const entry = path.join(dir, "abc");
    mkdirSync(entry);
    writeFileSync(path.join(entry, "manifest.json"), "first");
    expect(writeFolderAtomically(entry, [["manifest.json", "second"]])).toBe(false);
    expect(readFileSync(path.join(entry, "manifest.json"), "utf8")).toBe("first");
    expect(readdirSync(dir)).toEqual(["abc"]);
  });

  it("throws when nothing can be written (a file stands where a parent folder should be), leaving nothing behind", () => {
    const dir = folder();
    writeFileSync(path.join(dir, "images"), "not a folder");
    expect(() => writeFolderAtomically(path.join(dir, "images", "abc"), [["manifest.json", "[]"]])).toThrow(/ENOTDIR|EEXIST/);
    expect(readdirSync(dir)).toEqual(["images"]);
  });
});
