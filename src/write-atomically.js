// Plain JavaScript, because src/code-cache.js (used by bin/ before anything is compiled) needs it.
import { renameSync, rmSync, writeFileSync } from "node:fs";

/**
 * Writes `data` to `file` through a temporary name and a rename: a reader (another build, a
 * concurrent process) sees the old file or the new one, never half of one. Returns false instead
 * of throwing when the folder cannot be written: every caller writes a cache, which is only slower
 * without it. The folder must exist.
 *
 * @param {string} file
 * @param {string | Uint8Array} data
 * @returns {boolean}
 */
export function writeFileAtomically(file, data) {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, data);
    renameSync(temporary, file);
    return true;
  } catch {
    rmSync(temporary, { force: true });
    return false;
  }
}
