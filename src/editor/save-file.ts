import { randomBytes } from "node:crypto";
import { link, open, rename, rm } from "node:fs/promises";
import path from "node:path";
import { killPoint } from "../test-hooks.ts";

/**
 * Writes a file so that a killed process leaves the old file or the new one, never half: the data
 * goes to a temporary file in the project's own folder (same disk, and outside the watched folders,
 * so the dev server sees one change), is flushed, then renamed over the file.
 */
export async function saveFileAtomically(root: string, file: string, data: string | Uint8Array, beforeRename?: (modified: number) => void): Promise<void> {
  const { temporary, modified } = await writeTemporary(root, data);
  try {
    // A rename keeps the file's modification time: the dev server knows this write when it sees it.
    beforeRename?.(modified);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * Writes a new file into `folder` under the first of `names` no file has yet, whole or not at all
 * as above, and never over another file, even when two uploads pick the same name at once: the
 * temporary file is hard-linked under each name in turn, and a link fails when the name exists, so
 * finding a free name and taking it are one step. The name taken; undefined when every one was.
 */
export async function saveNewFileAtomically(root: string, folder: string, names: Iterable<string>, data: Uint8Array): Promise<string | undefined> {
  const { temporary } = await writeTemporary(root, data);
  try {
    for (const name of names) {
      try {
        await link(temporary, path.join(folder, name));
        return name;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
    }
    return undefined;
  } finally {
    await rm(temporary, { force: true });
  }
}

/** The data in a new temporary file beside the project's files, flushed to disk; its path and modification time. */
async function writeTemporary(root: string, data: string | Uint8Array): Promise<{ temporary: string; modified: number }> {
  const temporary = path.join(root, `.gopher-site-edit-${randomBytes(6).toString("hex")}.tmp`);
  try {
    const handle = await open(temporary, "wx", 0o644);
    try {
      const bytes = typeof data === "string" ? Buffer.from(data) : data;
      const half = Math.floor(bytes.length / 2);
      await handle.write(bytes.subarray(0, half));
      // The test hook kills the process here, with half of the new text written.
      killPoint("editor-save");
      await handle.write(bytes.subarray(half));
      await handle.sync();
      return { temporary, modified: (await handle.stat()).mtimeMs };
    } finally {
      await handle.close();
    }
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
