import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/** Every file of a folder with the hash of its contents: equal snapshots, an untouched folder. */
export async function folderSnapshot(folder: string): Promise<Record<string, string>> {
  const names = (await readdir(folder, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
  const entries = await Promise.all(
    names.map(async (entry) => {
      const file = path.join(entry.parentPath, entry.name);
      return [path.relative(folder, file), createHash("sha256").update(await readFile(file)).digest("hex")] as const;
    }),
  );
  return Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b)));
}
