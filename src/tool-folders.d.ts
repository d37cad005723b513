/** The folder of an installed dependency as Node finds it from the tool's folder; see tool-folders.js. */
export function dependencyFolder(root: string, name: string): string | undefined;
/** The node_modules folder that holds the tool's dependencies. */
export function modulesFolder(root: string): string;
/** The writable folder for the tool's caches, created if missing. */
export function cacheFolder(root: string): string;
