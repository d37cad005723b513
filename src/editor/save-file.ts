import { randomBytes } from "node:crypto";
import { open, rename, rm } from "node:fs/promises";
import path from "node:path";
import { killPoint } from "../test-hooks.ts";

/**
 * Writes a file so that a killed process leaves the old file or the new one, never half: the data
 * goes to a temporary file in the project's own folder (same disk, and outside the watched folders,
 * so the dev server sees one change), is flushed, then renamed over the file.
 */
export async function saveFileAtomically(root: string, file: string, data: string | Uint8Array, beforeRename?: (modified: number) => void): Promise<void> {
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
      // A rename keeps the file's modification time: the dev server knows this write when it sees it.
      beforeRename?.((await handle.stat()).mtimeMs);
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
