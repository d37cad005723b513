import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { expect, it } from "vitest";
import { diskSources, withTexts } from "../../src/source-files.ts";
import { temporaryFolders } from "../helpers/temporary-folders.ts";

const folder = temporaryFolders("gopher-site-sources-");

it("reads the disk with the unsaved texts in place of, or beside, its files, failing as the disk does", async () => {
  const root = folder();
  await mkdir(path.join(root, "blog"));
  await writeFile(path.join(root, "blog", "a.md"), "on disk");
  await writeFile(path.join(root, "blog", "b.md"), "b on disk");
  const sources = withTexts(
    new Map([
      [path.join(root, "blog", "a.md"), "unsaved"],
      [path.join(root, "blog", "c.md"), "new"],
      [path.join(root, "es", "blog", "a.md"), "nuevo"],
    ]),
  );
  expect(await sources.readText(path.join(root, "blog", "a.md"))).toBe("unsaved");
  expect(await sources.readText(path.join(root, "blog", "b.md"))).toBe("b on disk");
  expect((await sources.list(path.join(root, "blog"))).sort()).toEqual(["a.md", "b.md", "c.md"]);
  // A folder only the save makes.
  expect(await sources.list(path.join(root, "es", "blog"))).toEqual(["a.md"]);
  // What is neither on disk nor in the save fails with the disk's own error.
  for (const each of [sources, diskSources]) {
    await expect(each.readText(path.join(root, "blog", "d.md"))).rejects.toMatchObject({ code: "ENOENT" });
    await expect(each.list(path.join(root, "legal"))).rejects.toMatchObject({ code: "ENOENT" });
  }
});

it("reads a file the save removes as missing, and leaves it out of its folder's names", async () => {
  const root = folder();
  await mkdir(path.join(root, "services"));
  await writeFile(path.join(root, "services", "a.yaml"), "a");
  await writeFile(path.join(root, "services", "b.yaml"), "b");
  const sources = withTexts(new Map([[path.join(root, "services", "b.yaml"), null]]));
  await expect(sources.readText(path.join(root, "services", "b.yaml"))).rejects.toMatchObject({ code: "ENOENT" });
  expect(await sources.list(path.join(root, "services"))).toEqual(["a.yaml"]);
});
