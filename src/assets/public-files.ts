import { readdir } from "node:fs/promises";
import path from "node:path";
import type { OutputFile } from "./output-file.ts";

export interface PublicFiles {
  /** Everything the owner put in public/, to be copied as it is. */
  files: OutputFile[];
  /** One line per kind of file left out, naming them and why (a build notice). */
  leftOut: string[];
}

/** Folders of version control: their files describe the folder, they are not part of the site. */
const REPOSITORY_FOLDERS = new Set([".git", ".hg", ".svn"]);

/**
 * Files an operating system or an editor leaves beside the owner's files: Finder's and Explorer's
 * folder settings, macOS's resource forks, Vim's swap files, Emacs's backups and lock files.
 */
function isLitter(name: string): boolean {
  return (
    name === ".DS_Store" ||
    name === "Thumbs.db" ||
    name === "desktop.ini" ||
    name.startsWith("._") ||
    name.startsWith(".#") ||
    name.endsWith("~") ||
    /^\..*\.sw[a-p]$/.test(name)
  );
}

/**
 * Every file under public/, copied as it is: dot-folders such as `.well-known/` and files such as a
 * README included. Left out, and said so: a repository's own folder and system or editor litter.
 */
export async function publicFiles(publicDir: string, displayDir = "public"): Promise<PublicFiles> {
  let entries;
  try {
    entries = await readdir(publicDir, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { files: [], leftOut: [] };
    throw error;
  }
  const kept: string[] = [];
  const repositories = new Set<string>();
  const litter: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const relative = path.relative(publicDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
    const parts = relative.split("/");
    const repository = parts.findIndex((part) => REPOSITORY_FOLDERS.has(part));
    if (repository >= 0) repositories.add(parts.slice(0, repository + 1).join("/"));
    else if (isLitter(entry.name)) litter.push(relative);
    else kept.push(relative);
  }
  const leftOut: string[] = [];
  const list = (items: Iterable<string>) => [...items].sort().map((item) => `${displayDir}/${item}`).join(", ");
  if (repositories.size > 0) leftOut.push(`Not published: ${list(repositories)} (version control's own files).`);
  if (litter.length > 0) leftOut.push(`Not published: ${list(litter)} (left by the operating system or an editor).`);
  return {
    files: kept.sort().map((relative) => ({ path: relative, data: { copyFrom: path.join(publicDir, relative) } })),
    leftOut,
  };
}
