import { chmod, mkdir, readdir, readFile, stat, symlink, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { finishInterruptedSave, removeStaleTemporaryFiles, saveFileAtomically, saveFilesTogether } from "../../src/editor/save-file.ts";
import { versionOf } from "../../src/editor/project-files.ts";
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

  it("is finished by the next editor from its journal: only its own temporary files, only to files the editor may write, only over the file the save found", async () => {
    const root = folder();
    const outside = folder();
    const tmp = (hex: string) => `.gopher-site-edit-${hex.repeat(12 / hex.length)}.tmp`;
    const write = async (name: string, text: string) => {
      await mkdir(path.dirname(path.join(root, name)), { recursive: true });
      await writeFile(path.join(root, name), text);
    };
    await write("content/faq.yaml", "new\n");
    await write(tmp("b"), "es new\n");
    await write("content/es/faq.yaml", "es old\n");
    await write(tmp("c"), "chrome new\n");
    await write("content/chrome.yaml", "changed by hand since\n");
    for (const hex of ["d", "e", "f"]) await write(tmp(hex), "hostile\n");
    await write("notes.txt", "mine\n");
    await mkdir(path.join(root, "content/linked"));
    await symlink(outside, path.join(root, "content/blog"));
    const journal = [
      // Renamed before the kill.
      { temporary: tmp("a"), file: "content/faq.yaml", before: versionOf("old\n"), after: versionOf("new\n") },
      { temporary: tmp("b"), file: "content/es/faq.yaml", before: versionOf("es old\n"), after: versionOf("es new\n") },
      // Changed since the save: the owner's text is kept.
      { temporary: tmp("c"), file: "content/chrome.yaml", before: versionOf("chrome old\n"), after: versionOf("chrome new\n") },
      // Never: through a symbolic link, into .git, out of the project, a file that is not a save's.
      { temporary: tmp("d"), file: "content/blog/x.md", before: null, after: "" },
      { temporary: tmp("e"), file: ".git/hooks/pre-commit", before: null, after: "" },
      { temporary: tmp("f"), file: "../escaped.yaml", before: null, after: "" },
      { temporary: "notes.txt", file: "content/faq.yaml", before: versionOf("new\n"), after: "" },
    ];
    await write(".gopher-site-edit-journal.json", JSON.stringify(journal));
    expect(await finishInterruptedSave(root)).toEqual({ finished: ["content/es/faq.yaml"], kept: ["content/chrome.yaml"] });
    expect(await readFile(path.join(root, "content/es/faq.yaml"), "utf8")).toBe("es new\n");
    expect(await readFile(path.join(root, "content/chrome.yaml"), "utf8")).toBe("changed by hand since\n");
    expect(await readFile(path.join(root, "content/faq.yaml"), "utf8")).toBe("new\n");
    expect(await readdir(outside)).toEqual([]);
    expect((await readdir(root)).sort()).toEqual(["content", "notes.txt"]);
    expect(await finishInterruptedSave(root)).toEqual({ finished: [], kept: [] });
  });

  it("puts back the files already renamed when a rename is refused, and leaves no journal", async () => {
    const root = folder();
    const a = path.join(root, "a.yaml");
    await writeFile(a, "a: old\n");
    // A folder where a file should go: its rename fails, as a file held open does on Windows.
    const blocked = path.join(root, "b.yaml");
    await mkdir(path.join(blocked, "inside"), { recursive: true });
    await expect(saveFilesTogether(root, new Map([[a, "a: new\n"], [blocked, "b: new\n"]]))).rejects.toThrow();
    expect(await readFile(a, "utf8")).toBe("a: old\n");
    expect((await readdir(root)).sort()).toEqual(["a.yaml", "b.yaml"]);
  });

  it("removes a file whose text is null, with the others, and puts it back when a rename is refused", async () => {
    const root = folder();
    const [a, gone] = [path.join(root, "a.yaml"), path.join(root, "gone.yaml")];
    await writeFile(a, "a: old\n");
    await writeFile(gone, "mine\n");
    await saveFilesTogether(root, new Map<string, string | null>([[a, "a: new\n"], [gone, null]]));
    expect((await readdir(root)).sort()).toEqual(["a.yaml"]);

    await writeFile(gone, "mine\n");
    const blocked = path.join(root, "b.yaml");
    await mkdir(path.join(blocked, "inside"), { recursive: true });
    await expect(saveFilesTogether(root, new Map<string, string | null>([[gone, null], [blocked, "b: new\n"]]))).rejects.toThrow();
    expect(await readFile(gone, "utf8")).toBe("mine\n");
  });

  it("finishes a removal cut short only for a service's or own page's copy file still as the save found it", async () => {
    const root = folder();
    const write = async (name: string, text: string) => {
      await mkdir(path.dirname(path.join(root, name)), { recursive: true });
      await writeFile(path.join(root, name), text);
    };
    await write("content/services/lawn.yaml", "lawn\n");
    await write("content/es/own/team.yaml", "equipo\n");
    await write("content/own/team.yaml", "changed by hand since\n");
    await write("site.yaml", "site\n");
    await write("content/faq.yaml", "faq\n");
    const journal = [
      { temporary: null, file: "content/services/lawn.yaml", before: versionOf("lawn\n"), after: null },
      { temporary: null, file: "content/es/own/team.yaml", before: versionOf("equipo\n"), after: null },
      { temporary: null, file: "content/own/team.yaml", before: versionOf("team\n"), after: null },
      // Removed before the kill.
      { temporary: null, file: "content/services/pool.yaml", before: versionOf("pool\n"), after: null },
      // Never removed, whatever a journal says: files that are not a page's copy.
      { temporary: null, file: "site.yaml", before: versionOf("site\n"), after: null },
      { temporary: null, file: "content/faq.yaml", before: versionOf("faq\n"), after: null },
    ];
    await write(".gopher-site-edit-journal.json", JSON.stringify(journal));
    expect(await finishInterruptedSave(root)).toEqual({ finished: ["content/services/lawn.yaml", "content/es/own/team.yaml"], kept: ["content/own/team.yaml"] });
    expect((await readdir(path.join(root, "content/services")))).toEqual([]);
    expect(await readFile(path.join(root, "site.yaml"), "utf8")).toBe("site\n");
    expect(await readFile(path.join(root, "content/faq.yaml"), "utf8")).toBe("faq\n");
    expect(await readFile(path.join(root, "content/own/team.yaml"), "utf8")).toBe("changed by hand since\n");
  });
});
