// The one way gopher-site puts a cache entry in place (the compiled CLI, its code cache, compiled
// templates, styles and scripts, converted markdown, encoded images): written under a temporary
// name, then renamed in one step, so a process killed mid-write or another process writing the
// same entry at once never leaves half of one for a reader. Plain JavaScript, because
// bin/gopher-site.js and src/code-cache.js use it before anything is compiled.
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

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

/**
 * Creates the folder `dir` holding `files` (name, data) whole, through a temporary folder renamed
 * into place. Returns false when `dir` exists already: another process put its entry there first,
 * and entries are named after their content, so that one is the same. Throws when nothing can be
 * written.
 *
 * @param {string} dir
 * @param {ReadonlyArray<readonly [name: string, data: string | Uint8Array]>} files
 * @returns {boolean}
 */
export function writeFolderAtomically(dir, files) {
  const temporary = `${dir}.${process.pid}.tmp`;
  try {
    // A folder left by a killed process that had this process's number.
    rmSync(temporary, { recursive: true, force: true });
    mkdirSync(temporary, { recursive: true });
    for (const [name, data] of files) writeFileSync(path.join(temporary, name), data);
    renameSync(temporary, dir);
    return true;
  } catch (error) {
    rmSync(temporary, { recursive: true, force: true });
    if (existsSync(dir)) return false;
    throw error;
  }
}
