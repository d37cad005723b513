import { readdir, stat } from "node:fs/promises";
import path from "node:path";

/** Names, sizes and modification times of every file in a folder: changes when any file does. */
export async function folderFingerprint(dir: string): Promise<string> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name)).sort();
  const stats = await Promise.all(
    files.map(async (file) => {
      const { size, mtimeMs } = await stat(file);
      return `${file}:${size}:${mtimeMs}`;
    }),
  );
  return stats.join("|");
}

/**
 * Remembers the last result of `compute` for a folder and reuses it while no file in the folder
 * changed: the dev server rebuilds on every save, but templates, styles and scripts rarely change.
 */
export function memoByFolder<A extends unknown[], T>(compute: (dir: string, ...rest: A) => Promise<T> | T): (dir: string, ...rest: A) => Promise<T> {
  const last = new Map<string, { fingerprint: string; value: T }>();
  return async (dir, ...rest) => {
    const fingerprint = await folderFingerprint(dir);
    const cached = last.get(dir);
    if (cached && cached.fingerprint === fingerprint) return cached.value;
    const value = await compute(dir, ...rest);
    last.set(dir, { fingerprint, value });
    return value;
  };
}
