import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/**
 * Where the config and content stages read the owner's text files (site.yaml, content/): the
 * disk, or the disk with some files as they would be after the editor's save, so that a save is
 * checked by the very build that then serves it, before a byte of it is written.
 */
export interface SourceFiles {
  /** A file's text; rejects like `fs.readFile` (ENOENT for a missing file). */
  readText(absolute: string): Promise<string>;
  /** The names in a folder; rejects like `fs.readdir` when the folder is missing and nothing is added to it. */
  list(dir: string): Promise<string[]>;
}

export const diskSources: SourceFiles = {
  readText: (absolute) => readFile(absolute, "utf8"),
  list: (dir) => readdir(dir),
};

/**
 * The disk with `texts` (by absolute path) in place of, or beside, its files; a file whose text is
 * null is one the save removes (a service the owner removed): read as missing, and not listed.
 */
export function withTexts(texts: ReadonlyMap<string, string | null>): SourceFiles {
  return {
    readText: async (absolute) => {
      const text = texts.get(path.resolve(absolute));
      if (text === null) throw Object.assign(new Error(`ENOENT: no such file or directory, open '${absolute}'`), { code: "ENOENT" });
      return text ?? readFile(absolute, "utf8");
    },
    list: async (dir) => {
      const folder = path.resolve(dir);
      const inFolder = [...texts].filter(([file]) => path.dirname(file) === folder);
      const added = inFolder.filter(([, text]) => text !== null).map(([file]) => path.basename(file));
      const removed = new Set(inFolder.filter(([, text]) => text === null).map(([file]) => path.basename(file)));
      const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT" && added.length > 0) return [] as string[];
        throw error;
      });
      return [...new Set([...names, ...added])].filter((name) => !removed.has(name));
    },
  };
}
