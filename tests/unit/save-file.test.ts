import { chmod, readdir, readFile, stat, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { finishInterruptedSave, removeStaleTemporaryFiles, saveFileAtomically, saveFilesTogether } from "../../src/editor/save-file.ts";
import { temporaryFolders } from "../helpers/temporary-folders.ts";

const folder = temporaryFolders("gopher-site-save-file-");
const permissions = async (file: string) => (await stat(file)).mode & 0o777;

describe("a save", () => {
  it.each([0o640, 0o600, 0o664])("keeps the file's mode (%o)", async (mode) => {
    const root = folder();
    const file = path.join(root, "site.yaml");
    await writeFile(file, "email: old@example.com\n");
    await chmod(file, mode);
    await saveFileAtomically(root, file, "email: new@example.com\n");
    expect(await readFile(file, "utf8")).toBe("email: new@example.com\n");
    expect(await permissions(file)).toBe(mode);
  });

  it("gives a new file the usual mode: 0644 less the umask", async () => {
    const root = folder();
    await writeFile(path.join(root, "usual.txt"), "", { mode: 0o644 });
    await saveFileAtomically(root, path.join(root, "new.md"), "---\ntitle: x\n---\n");
    expect(await permissions(path.join(root, "new.md"))).toBe(await permissions(path.join(root, "usual.txt")));
  });
});

describe("the temporary files of saves cut short", () => {
  it("are removed when older than this process, and nothing else is", async () => {
    const root = folder();
    const anHourAgo = new Date(Date.now() - 3_600_000);
    const old = [".gopher-site-edit-0123456789ab.tmp", ".gopher-site-edit-a1b2c3d4e5f6.tmp"];
    const others = [".gopher-site-edit-notes.txt", "site.yaml", "gopher-site-edit-0123456789ab.tmp"];
    for (const name of [...old, ...others]) {
      await writeFile(path.join(root, name), "half a save");
      await utimes(path.join(root, name), anHourAgo, anHourAgo);
    }
    // Another editor's save in progress: written after this process started.
    const current = ".gopher-site-edit-ffffffffffff.tmp";
    await writeFile(path.join(root, current), "a save in progress");
    expect((await removeStaleTemporaryFiles(root)).sort()).toEqual(old);
    expect((await readdir(root)).sort()).toEqual([...others, current].sort());
  });

  it("are none in a folder that does not exist", async () => {
    expect(await removeStaleTemporaryFiles(path.join(folder(), "missing"))).toEqual([]);
  });
});

describe("a save of several files", () => {
  it("puts every file in place and leaves no journal or temporary file", async () => {
    const root = folder();
    const [a, b] = [path.join(root, "a.yaml"), path.join(root, "b.yaml")];
    await writeFile(a, "a: old\n");
    await writeFile(b, "b: old\n");
    await saveFilesTogether(root, new Map([[a, "a: new\n"], [b, "b: new\n"]]));
    expect([await readFile(a, "utf8"), await readFile(b, "utf8")]).toEqual(["a: new\n", "b: new\n"]);
    expect((await readdir(root)).sort()).toEqual(["a.yaml", "b.yaml"]);
  });

  it("is finished by the next editor from its journal, which renames only its own temporary files inside the project", async () => {
    const root = folder();
    await writeFile(path.join(root, "a.yaml"), "a: new\n");
    await writeFile(path.join(root, ".gopher-site-edit-0123456789ab.tmp"), "b: new\n");
    await writeFile(path.join(root, ".gopher-site-edit-a1b2c3d4e5f6.tmp"), "outside\n");
    await writeFile(path.join(root, "notes.txt"), "mine\n");
    const journal = [
      // Renamed before the kill.
      [".gopher-site-edit-ffffffffffff.tmp", "a.yaml"],
      [".gopher-site-edit-0123456789ab.tmp", "b.yaml"],
      // Never: a path out of the project, an absolute one, a file that is not a save's.
      [".gopher-site-edit-a1b2c3d4e5f6.tmp", "../escaped.yaml"],
      [".gopher-site-edit-a1b2c3d4e5f6.tmp", "/tmp/escaped.yaml"],
      ["notes.txt", "c.yaml"],
    ];
    await writeFile(path.join(root, ".gopher-site-edit-journal.json"), JSON.stringify(journal));
    expect(await finishInterruptedSave(root)).toEqual(["b.yaml"]);
    expect(await readFile(path.join(root, "b.yaml"), "utf8")).toBe("b: new\n");
    expect((await readdir(root)).sort()).toEqual([".gopher-site-edit-a1b2c3d4e5f6.tmp", "a.yaml", "b.yaml", "notes.txt"]);
    expect(await finishInterruptedSave(root)).toEqual([]);
  });
});
