import { createHash } from "node:crypto";
import { lstat, readdir, readFile, realpath } from "node:fs/promises";
import path from "node:path";
import { ID_COPY_FILE } from "../page-kinds.ts";

/**
 * Files the editor reads and writes, relative to the project: site.yaml and content's YAML (copy,
 * a language's language.yaml) and markdown (articles, legal pages), in every language's folder.
 */
const EDITABLE = /^(?:site\.yaml|content\/(?:[a-z]{2,3}\/)?(?:[a-z0-9-]+\.yaml|(?:pages|services|own)\/[a-z0-9-]+\.yaml|(?:blog|legal)\/[a-z0-9-]+\.md))$/;

/**
 * The files a save may start from a starter or remove: a service's copy file and an own page's, in
 * any language. Removing one is the owner's confirmed request (Remove, in the editor's Services and
 * Own pages); nothing else the owner wrote is ever removed.
 */
export const PAGE_COPY = new RegExp(`^content\\/(?:[a-z]{2,3}\\/)?${ID_COPY_FILE}$`);

/** The editor's name for the site's settings file, whatever its name on disk (editablePath's `settings`). */
export const SETTINGS = "site.yaml";

/** A settings file's name in the project's folder: a plain .yaml file name, nothing else. */
function settingsFileName(name: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*\.ya?ml$/.test(name)) throw new PathRefused(`${JSON.stringify(name)} is not a settings file name the editor writes (a .yaml file in the project's folder)`);
  return name;
}

/** Thrown for a path the editor must not touch; answered with 400 and this message. */
export class PathRefused extends Error {
  override name = "PathRefused";
}

/**
 * The absolute path of a project file the editor may write, or a PathRefused: no absolute path,
 * no `..` (encoded or not), no backslash, nothing but the editable files, no symlink anywhere on
 * the way (a link could lead out of the project).
 */
export async function editablePath(root: string, relative: string, pattern: RegExp = EDITABLE, settings = SETTINGS): Promise<string> {
  if (typeof relative !== "string" || relative.includes("\0") || relative.includes("\\") || relative.includes("%") || path.isAbsolute(relative)) {
    throw new PathRefused(`${JSON.stringify(relative)} is not a file of this project the editor may change`);
  }
  if (relative.split("/").some((segment) => segment === "" || segment === "." || segment === "..") || !pattern.test(relative)) {
    throw new PathRefused(`${JSON.stringify(relative)} is not a file of this project the editor may change`);
  }
  // site.yaml is the editor's name for the settings file it was started with (edit --config big.yaml).
  const segments = relative === SETTINGS ? [settingsFileName(settings)] : relative.split("/");
  const realRoot = await realpath(root);
  let at = realRoot;
  for (const segment of segments) {
    at = path.join(at, segment);
    const stats = await lstat(at).catch(() => undefined);
    if (!stats) break;
    if (stats.isSymbolicLink()) throw new PathRefused(`${relative} goes through a symbolic link; the editor only writes plain files inside the project`);
  }
  if (!at.startsWith(realRoot + path.sep)) throw new PathRefused(`${relative} is outside the project`);
  return path.join(realRoot, ...segments);
}

/** The token a save carries: the file as the editor read it. */
export function versionOf(text: string | Buffer): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 20);
}

export interface ProjectFile {
  path: string;
  text: string;
  version: string;
}

/**
 * Reads a project file with its version; undefined when it does not exist, or when it is not one the
 * editor may touch (a symbolic link could lead to any file of the machine: it is never read either).
 */
export async function readProjectFile(root: string, relative: string, settings = SETTINGS): Promise<ProjectFile | undefined> {
  let absolute: string;
  try {
    absolute = await editablePath(root, relative, EDITABLE, settings);
  } catch (error) {
    if (error instanceof PathRefused) return undefined;
    throw error;
  }
  try {
    const text = await readFile(absolute, "utf8");
    return { path: relative, text, version: versionOf(text) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** Every editable file of the project, sorted, as project-relative paths. */
export async function listEditableFiles(root: string): Promise<string[]> {
  const content = path.join(root, "content");
  const found = (await readdir(content, { recursive: true, encoding: "utf8" }).catch(() => [] as string[]))
    .map((file) => `content/${file.split(path.sep).join("/")}`)
    .filter((file) => EDITABLE.test(file));
  return ["site.yaml", ...found.sort()];
}
