import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { folderFingerprint, memoByFolder } from "../../src/assets/folder-memo.ts";
import { temporaryFolders } from "../helpers/temporary-folders.ts";

const temporaryFolder = temporaryFolders("gopher-memo-");
function folder(): string {
  const dir = temporaryFolder();
  writeFileSync(path.join(dir, "a.tsx"), "a");
  return dir;
}

describe("folder memo", () => {
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

  it("does not keep a result computed while a file changed: it may be of the new content", async () => {
    const dir = folder();
    let computed = 0;
    const compile = memoByFolder(async (folderPath: string) => {
      computed++;
      if (computed === 1) writeFileSync(path.join(folderPath, "a.tsx"), "saved while compiling");
      return computed;
    });
    expect(await compile(dir)).toBe(1);
    expect(await compile(dir)).toBe(2);
    expect(await compile(dir)).toBe(2);
  });
});
