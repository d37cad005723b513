// Where the installed tool finds its dependencies and keeps its caches. A checkout has its packages
// in its own node_modules; an installed gopher-site has them wherever npm put them (usually hoisted
// beside it, in the project's node_modules), and its own folder may be read-only (a global install).
// Plain JavaScript, because bin/gopher-site.js uses it before anything is compiled.
import { accessSync, constants, existsSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { homedir, tmpdir } from "node:os";
import path from "node:path";

/**
 * The folder of the package `name` as Node finds it from the tool's own folder `root` (its
 * node_modules, then each parent's), or undefined when it is not installed. Found by folder, not by
 * require.resolve: some packages do not export their package.json.
 *
 * @param {string} root
 * @param {string} name
 * @returns {string | undefined}
 */
export function dependencyFolder(root, name) {
  // Node looks in the tool's own node_modules first: a checkout answers without a resolver.
  const own = path.join(root, "node_modules", name);
  if (existsSync(path.join(own, "package.json"))) return own;
  const lookup = createRequire(path.join(root, "package.json")).resolve.paths(name) ?? [];
  for (const folder of lookup) {
    if (existsSync(path.join(folder, name, "package.json"))) return path.join(folder, name);
  }
  return undefined;
}

/**
 * The node_modules folder that holds the tool's dependencies (where npm installed react): the
 * checkout's own, or the project's when gopher-site is installed into a project.
 *
 * @param {string} root
 * @returns {string}
 */
export function modulesFolder(root) {
  const react = dependencyFolder(root, "react");
  return react ? path.dirname(react) : path.join(root, "node_modules");
}

/**
 * The folder for compiled code and images, created if missing: `node_modules/.cache/gopher-site`
 * beside the dependencies (the place build tools share, removed with node_modules), or, when that
 * cannot be written (a global install owned by another user), the user's cache folder.
 * GOPHER_SITE_CACHE_DIR chooses another place.
 *
 * @param {string} root
 * @returns {string}
 */
export function cacheFolder(root) {
  const candidates = [
    process.env.GOPHER_SITE_CACHE_DIR,
    path.join(modulesFolder(root), ".cache", "gopher-site"),
    path.join(userCacheHome(), "gopher-site"),
    path.join(tmpdir(), `gopher-site-cache-${process.getuid?.() ?? "user"}`),
  ];
  for (const folder of candidates) {
    if (folder && writableFolder(folder)) return folder;
  }
  throw new Error(`gopher-site found no writable folder for its cache (tried ${candidates.filter(Boolean).join(", ")}); set GOPHER_SITE_CACHE_DIR to one`);
}

/** @returns {string} */
function userCacheHome() {
  if (process.env.XDG_CACHE_HOME) return process.env.XDG_CACHE_HOME;
  if (process.platform === "win32") return process.env.LOCALAPPDATA ?? path.join(homedir(), "AppData", "Local");
  if (process.platform === "darwin") return path.join(homedir(), "Library", "Caches");
  return path.join(homedir(), ".cache");
}

/** @param {string} folder @returns {boolean} */
function writableFolder(folder) {
  try {
    mkdirSync(folder, { recursive: true });
    accessSync(folder, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}
