import { mkdtemp, readdir, readFile, writeFile, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { updateInPlace } from "../../src/write/update-in-place.ts";
import { folderSnapshot } from "../helpers/folder-snapshot.ts";
import { removeDir } from "../helpers/sample-site.ts";

// A dev server's partial rebuild updates its folder in place (src/write.ts updateInPlace): all of
// the update, or, when a file cannot be written, none of it.

async function folder(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "gopher-update-"));
  await mkdir(path.join(dir, "blog"));
  await writeFile(path.join(dir, "index.html"), "old home");
  await writeFile(path.join(dir, "blog/old.html"), "old article");
  return dir;
}

it("writes the new files, removes the old ones and the folders they leave empty", async () => {
  const dir = await folder();
  await updateInPlace(dir, { write: [{ path: "index.html", data: "new home" }, { path: "towns/a.html", data: "a" }], remove: ["blog/old.html"], stamp: "stamp\n" });
  expect((await readdir(dir)).sort()).toEqual([".gopher-site-output", "index.html", "towns"]);
  expect(await readFile(path.join(dir, "index.html"), "utf8")).toBe("new home");
  await removeDir(dir);
});

it("changes nothing when one file cannot be written, and leaves no temporary file", async () => {
  const dir = await folder();
  const before = await folderSnapshot(dir);
  const update = { write: [{ path: "index.html", data: "new home" }, { path: "gone.png", data: { copyFrom: path.join(dir, "no-such-source.png") } }], remove: ["blog/old.html"] };
  await expect(updateInPlace(dir, update)).rejects.toThrow(/ENOENT/);
  expect(await folderSnapshot(dir)).toEqual(before);
  await removeDir(dir);
});
