import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { compiledFile, compiledFiles, folderFingerprint } from "../../src/assets/compile-cache.ts";
import { temporaryFolders } from "../helpers/temporary-folders.ts";

const temporaryFolder = temporaryFolders("gopher-memo-");
function folder(): string {
  const dir = temporaryFolder();
  writeFileSync(path.join(dir, "a.tsx"), "a");
  return dir;
}

describe("the compile cache", () => {
  it("fingerprints contents and place, not times", async () => {
    const dir = folder();
    const before = await folderFingerprint(dir);
    writeFileSync(path.join(dir, "a.tsx"), "a");
    expect(await folderFingerprint(dir)).toBe(before);
    writeFileSync(path.join(dir, "a.tsx"), "b");
    expect(await folderFingerprint(dir)).not.toBe(before);
    const other = folder();
    expect(await folderFingerprint(other)).not.toBe(await folderFingerprint(folder()));
  });

  it("compiles again when the folder's contents or the compiler's settings change, and only then", async () => {
    const dir = folder();
    let compiled = 0;
    const compile = (settings: unknown) =>
      compiledFile({ kind: "test", extension: ".txt", dir, settings, compile: async () => `${++compiled}: ${readFileSync(path.join(dir, "a.tsx"), "utf8")}` });
    const first = await compile({ minify: true });
    expect(readFileSync(first, "utf8")).toBe("1: a");
    expect(await compile({ minify: true })).toBe(first);
    // Options that change the output: the bug was a cache keyed on the CLI's own address, blind to them.
    const unminified = await compile({ minify: false });
    expect(readFileSync(unminified, "utf8")).toBe("2: a");
    writeFileSync(path.join(dir, "a.tsx"), "b");
    expect(readFileSync(await compile({ minify: true }), "utf8")).toBe("3: b");
    writeFileSync(path.join(dir, "a.tsx"), "a");
    expect(await compile({ minify: true })).toBe(first);
    expect(compiled).toBe(3);
  });

  it("does not keep an output compiled while a file changed under the old contents' name", async () => {
    const dir = folder();
    let compiled = 0;
    const compile = () =>
      compiledFile({
        kind: "test",
        extension: ".txt",
        dir,
        settings: {},
        compile: async () => {
          compiled++;
          if (compiled === 1) writeFileSync(path.join(dir, "a.tsx"), "saved while compiling");
          return `output ${compiled}`;
        },
      });
    expect(readFileSync(await compile(), "utf8")).toBe("output 1");
    expect(readFileSync(await compile(), "utf8")).toBe("output 2");
    expect(readFileSync(await compile(), "utf8")).toBe("output 2");
    writeFileSync(path.join(dir, "a.tsx"), "a");
    expect(readFileSync(await compile(), "utf8")).toBe("output 3");
  });

  it("keeps a compile's several files together, and gives them all back from the cache", async () => {
    const dir = folder();
    let compiled = 0;
    const compile = () =>
      compiledFiles({
        kind: "test-files",
        dir,
        settings: {},
        compile: async () => {
          compiled++;
          return [
            { name: "main.js", data: Buffer.from(`import("./chunk-A.js") // ${readFileSync(path.join(dir, "a.tsx"), "utf8")}`) },
            { name: "chunk-A.js", data: Buffer.from("export const a = 1") },
          ];
        },
      });
    const text = (files: Array<{ name: string; data: Uint8Array }>) => Object.fromEntries(files.map((file) => [file.name, Buffer.from(file.data).toString("utf8")]));
    const first = text(await compile());
    expect(first).toEqual({ "main.js": 'import("./chunk-A.js") // a', "chunk-A.js": "export const a = 1" });
    expect(text(await compile())).toEqual(first);
    expect(compiled).toBe(1);
    writeFileSync(path.join(dir, "a.tsx"), "b");
    expect(text(await compile())["main.js"]).toBe('import("./chunk-A.js") // b');
    expect(compiled).toBe(2);
  });
});
