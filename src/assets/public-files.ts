import { readdir } from "node:fs/promises";
import path from "node:path";
import type { OutputFile } from "./output-file.ts";

/** Every file under public/, to be copied as it is (dotfiles and folders named like them skipped). */
export async function publicFiles(publicDir: string): Promise<OutputFile[]> {
  let entries;
  try {
    entries = await readdir(publicDir, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .map((absolute) => path.relative(publicDir, absolute).split(path.sep).join("/"))
    .filter((relative) => !relative.split("/").some((part) => part.startsWith(".")) && !relative.endsWith("README.md"))
    .sort()
    .map((relative) => ({ path: relative, data: { copyFrom: path.join(publicDir, relative) } }));
}
