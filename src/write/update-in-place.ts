import { copyFile, mkdir, rename, rm, rmdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { OutputFile } from "../assets/output-file.ts";
import { OUTPUT_STAMP } from "../output-guard.ts";
import { inBatches } from "./batches.ts";

/** What a partial rebuild changes in an output folder it owns (a dev server's). */
export interface OutputUpdate {
  /** Files to write, pages included, by path relative to the folder. */
  write: ReadonlyArray<{ path: string; data: OutputFile["data"] }>;
  /** Files a clean build would no longer write. */
  remove: readonly string[];
  /** The stamp's new text, when the folder's top level changed. */
  stamp?: string;
}

/**
 * Updates an output folder in place: every file written under a temporary name, then renamed
 * into place (a page being served is the old one or the new one, never half of one; a write that
 * fails leaves the folder as it was), then the files no longer built, and the folders they leave
 * empty, removed. For a folder only this process writes.
 */
export async function updateInPlace(outDir: string, update: OutputUpdate): Promise<number> {
  let bytes = 0;
  const folders = new Set(update.write.map((file) => path.dirname(path.join(outDir, file.path))));
  for (const folder of [...folders].sort()) await mkdir(folder, { recursive: true });
  const files = update.stamp === undefined ? update.write : [...update.write, { path: OUTPUT_STAMP, data: update.stamp }];
  // Every file written beside its place first: a full disk or a refused write changes nothing
  // served. Then each is renamed into place, which does not fail for want of room.
  const temporary = (file: { path: string }) => `${path.join(outDir, file.path)}.${process.pid}.tmp`;
  try {
    await inBatches(files, 64, async (file) => {
      if (typeof file.data === "object" && "copyFrom" in file.data) await copyFile(file.data.copyFrom, temporary(file));
      else await writeFile(temporary(file), file.data);
      bytes += (await stat(temporary(file))).size;
    });
  } catch (error) {
    await inBatches(files, 64, (file) => rm(temporary(file), { force: true }));
    throw error;
  }
  for (const file of files) await rename(temporary(file), path.join(outDir, file.path));
  for (const file of update.remove) {
    await rm(path.join(outDir, file), { force: true });
    // A folder the build no longer writes into goes too, as it would from a clean build.
    for (let folder = path.dirname(path.join(outDir, file)); folder.startsWith(`${outDir}${path.sep}`); folder = path.dirname(folder)) {
      if (!(await rmdir(folder).then(() => true, () => false))) break;
    }
  }
  return bytes;
}
