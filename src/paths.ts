import { existsSync, readFileSync, realpathSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { cacheFolder, dependencyFolder } from "./tool-folders.js";

/** Set by bin/gopher-site.js when it compiles the CLI, which then runs from the cache folder. */
declare const __GOPHER_TOOL_ROOT__: string | undefined;

/** The folder of the gopher-site package itself (its package.json, src/ and default templates). */
export const TOOL_ROOT = typeof __GOPHER_TOOL_ROOT__ === "string" ? __GOPHER_TOOL_ROOT__ : findToolRoot(path.dirname(fileURLToPath(import.meta.url)));

function findToolRoot(start: string): string {
  let dir = start;
  while (!existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) return start;
    dir = parent;
  }
  return dir;
}

const versions = new Map<string, string>();

/** The version of one of our dependencies ("?" if it cannot be read), for cache keys; read once. */
export function packageVersion(name: string): string {
  let version = versions.get(name);
  if (version === undefined) {
    try {
      const folder = dependencyFolder(TOOL_ROOT, name);
      version = folder ? (JSON.parse(readFileSync(path.join(folder, "package.json"), "utf8")) as { version: string }).version : "?";
    } catch {
      version = "?";
    }
    versions.set(name, version);
  }
  return version;
}

/** Where compiled templates, client bundles, markdown and images are cached (src/tool-folders.js). */
export const CACHE_DIR = cacheFolder(TOOL_ROOT);

export interface ProjectPaths {
  root: string;
  config: string;
  content: string;
  templates: string;
  public: string;
}

/** The folders of a site: everything beside its site.yaml; templates fall back to the built-in ones. */
export function projectPaths(configPath: string): ProjectPaths {
  const config = path.resolve(configPath);
  const root = path.dirname(config);
  const ownTemplates = path.join(root, "templates");
  return {
    root,
    config,
    content: path.join(root, "content"),
    templates: existsSync(path.join(ownTemplates, "index.tsx")) ? ownTemplates : path.join(TOOL_ROOT, "templates"),
    public: path.join(root, "public"),
  };
}

/**
 * The same folders under the project's real path (symbolic links resolved; on macOS the temp folder
 * is one): the editor names the files it writes by their real path, and the dev server's build and
 * watcher must name them alike. A project that does not exist yet keeps the path as given.
 */
export function realProjectPaths(configPath: string): ProjectPaths {
  const config = path.resolve(configPath);
  let root = path.dirname(config);
  try {
    root = realpathSync(root);
  } catch {
    // Not there: the build says so, naming the path as given.
  }
  return projectPaths(path.join(root, path.basename(config)));
}

/** A path as the user should read it: relative to the project when inside it. */
export function displayPath(root: string, file: string): string {
  const relative = path.relative(root, file);
  return relative && !relative.startsWith("..") && !path.isAbsolute(relative) ? relative.split(path.sep).join("/") : file;
}
