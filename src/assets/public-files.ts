import { readdir, realpath, stat } from "node:fs/promises";
import path from "node:path";
import { isNeverPublished, neverPublishedNotice } from "./never-published.ts";
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
 * Every file under public/, copied as it is: `.well-known/` and files such as a README included. A
 * symbolic link is followed when what it points to is inside public/ too (a `latest.jpg` naming this
 * year's photo, a folder under a second name), its files published under the link's name, as the
 * pictures the build reads are (src/public-file.ts). Left out, and said so: a repository's own
 * folder, system or editor litter, other dot-files and dot-folders (a `.env` of secrets dropped here
 * must not go online: src/assets/never-published.ts), and links that point out of public/ (to the project's
 * .env or .git, or a stranger's files: a build publishes only what is in public/) or nowhere.
 */
export async function publicFiles(publicDir: string, displayDir = "public"): Promise<PublicFiles> {
  const found: Found = { files: [], outside: [], broken: [] };
  try {
    const realRoot = await realpath(publicDir);
    await walk(found, { folder: publicDir, prefix: "", realRoot, visited: new Set([realRoot]) });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { files: [], leftOut: [] };
    throw error;
  }
  const kept: Array<[string, string]> = [];
  const repositories = new Set<string>();
  const litter: string[] = [];
  const hidden: string[] = [];
  for (const [relative, source] of found.files) {
    const parts = relative.split("/");
    const repository = parts.findIndex((part) => REPOSITORY_FOLDERS.has(part));
    if (repository >= 0) repositories.add(parts.slice(0, repository + 1).join("/"));
    else if (isLitter(parts.at(-1)!)) litter.push(relative);
    else if (isNeverPublished(relative)) hidden.push(relative);
    else kept.push([relative, source]);
  }
  const leftOut: string[] = [];
  const list = (items: Iterable<string>) => [...items].sort().map((item) => `${displayDir}/${item}`).join(", ");
  if (repositories.size > 0) leftOut.push(`Not published: ${list(repositories)} (version control's own files).`);
  if (litter.length > 0) leftOut.push(`Not published: ${list(litter)} (left by the operating system or an editor).`);
  if (hidden.length > 0) leftOut.push(neverPublishedNotice(hidden.map((file) => `${displayDir}/${file}`), displayDir));
  if (found.outside.length > 0) leftOut.push(`Not published: ${list(found.outside)} (symbolic links out of ${displayDir}/; put the files themselves in it).`);
  if (found.broken.length > 0) leftOut.push(`Not published: ${list(found.broken)} (symbolic links to nothing).`);
  return {
    files: kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([relative, source]) => ({ path: relative, data: { copyFrom: source } })),
    leftOut,
  };
}

interface Found {
  /** Each file's address under public/ and where it is read from. */
  files: Array<[relative: string, source: string]>;
  outside: string[];
  broken: string[];
}

interface Walk {
  folder: string;
  /** The folder's address under public/, ending in a slash (empty for public/ itself). */
  prefix: string;
  realRoot: string;
  /** The real paths of the folders being walked: a link back up to one of them is not followed again. */
  visited: Set<string>;
}

async function walk(found: Found, at: Walk): Promise<void> {
  const entries = await readdir(at.folder, { withFileTypes: true });
  for (const entry of entries) {
    const full = path.join(at.folder, entry.name);
    const relative = at.prefix + entry.name;
    if (entry.isFile()) found.files.push([relative, full]);
    else if (entry.isDirectory()) await walk(found, { ...at, folder: full, prefix: `${relative}/`, visited: new Set([...at.visited, await realpath(full)]) });
    else if (entry.isSymbolicLink()) await followLink(found, at, full, relative);
  }
}

async function followLink(found: Found, at: Walk, link: string, relative: string): Promise<void> {
  const target = await realpath(link).catch(() => undefined);
  const stats = target === undefined ? undefined : await stat(target).catch(() => undefined);
  if (target === undefined || stats === undefined) found.broken.push(relative);
  else if (!isWithin(target, at.realRoot)) found.outside.push(relative);
  else if (stats.isFile()) found.files.push([relative, target]);
  else if (stats.isDirectory() && !at.visited.has(target)) {
    await walk(found, { ...at, folder: target, prefix: `${relative}/`, visited: new Set([...at.visited, target]) });
  }
}

function isWithin(child: string, parent: string): boolean {
  return child === parent || child.startsWith(parent + path.sep);
}
