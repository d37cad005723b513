import type { Logger } from "../log.ts";
import { randomBytes } from "node:crypto";
import { constants, copyFile, link, open, readdir, readFile, realpath, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { killPoint } from "../test-hooks.ts";
import { editablePath, PAGE_COPY, SETTINGS, versionOf } from "./project-files.ts";

/**
 * Writes a file so that a killed process leaves the old file or the new one, never half: the data
 * goes to a temporary file in the project's own folder (same disk, and outside the watched folders,
 * so the dev server sees one change), is flushed, then renamed over the file.
 */
export async function saveFileAtomically(root: string, file: string, data: string | Uint8Array, beforeRename?: (modified: number) => void): Promise<void> {
  // The file keeps its permissions (one the owner made 0640 stays 0640); a new one gets 0644 less the umask.
  const mode = await stat(file).then((stats) => stats.mode & 0o7777, () => undefined);
  const { temporary, modified } = await writeTemporary(root, data, mode);
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
 * Writes several files as one save: after a kill, every file is old or every file is new once the
 * editor starts again. Each new text goes to a flushed temporary file first (as above); then a
 * journal naming each temporary file, its place and that file's version before and after is put in
 * place in one rename; then the files are renamed over theirs, and the journal is removed. A kill
 * before the journal is in place leaves every file old; after it, the next editor finishes the
 * renames (finishInterruptedSave). A rename refused (a file held open, on Windows) puts the files
 * already renamed back as they were. A file whose text is null is removed (a service the owner
 * removed, with its copy file): journaled like the others, with no temporary file.
 */
export async function saveFilesTogether(root: string, texts: ReadonlyMap<string, string | null>, beforeRename?: (file: string, modified: number) => void): Promise<void> {
  if (texts.size === 1) {
    const [file, text] = [...texts][0]!;
    if (text === null) {
      beforeRename?.(file, -1);
      return rm(file, { force: true });
    }
    return saveFileAtomically(root, file, text, (modified) => beforeRename?.(file, modified));
  }
  const realRoot = await realpath(root);
  const journal = path.join(root, JOURNAL);
  // A removed file's temporary is null, its modification time -1 (as the dev server's for a missing file).
  const written: Array<{ file: string; temporary: string | null; modified: number; before?: Buffer }> = [];
  try {
    for (const [file, text] of texts) {
      const before = await readFile(file).catch(() => undefined);
      const mode = await stat(file).then((stats) => stats.mode & 0o7777, () => undefined);
      written.push({ file, before, ...(text === null ? { temporary: null, modified: -1 } : await writeTemporary(root, text, mode)) });
    }
    const entries: JournalEntry[] = written.map(({ file, temporary, before }) => {
      const text = texts.get(file)!;
      return {
        temporary: temporary === null ? null : path.basename(temporary),
        file: path.relative(realRoot, file).split(path.sep).join("/"),
        before: before === undefined ? null : versionOf(before),
        after: text === null ? null : versionOf(text),
      };
    });
    const { temporary } = await writeTemporary(root, JSON.stringify(entries));
    await rename(temporary, journal);
  } catch (error) {
    await removeTemporaries(written);
    throw error;
  }
  let renamed = 0;
  try {
    for (const { file, temporary, modified } of written) {
      beforeRename?.(file, modified);
      if (temporary === null) await rm(file, { force: true });
      else await rename(temporary, file);
      renamed++;
      // The test hook kills the process here, with some files of the save in place and not the others.
      if (renamed === 1) killPoint("editor-save-set");
    }
  } catch (error) {
    // The journal goes first: the next editor must not finish a save the owner was told failed.
    await rm(journal, { force: true });
    await removeTemporaries(written.slice(renamed));
    const notRestored: string[] = [];
    for (const { file, before } of written.slice(0, renamed)) {
      try {
        if (before === undefined) await rm(file, { force: true });
        else await saveFileAtomically(root, file, before);
      } catch {
        notRestored.push(path.relative(realRoot, file));
      }
    }
    if (notRestored.length > 0) throw new Error(`${(error as Error).message}; the save was not finished, and ${notRestored.join(", ")} could not be put back as it was`, { cause: error });
    throw error;
  }
  await rm(journal, { force: true });
}

async function removeTemporaries(written: ReadonlyArray<{ temporary: string | null }>): Promise<void> {
  await Promise.all(written.map(({ temporary }) => (temporary === null ? undefined : rm(temporary, { force: true }))));
}

/**
 * One file of a save of several: its temporary file, its place, and its version before (null: new)
 * and after; a file the save removes has neither a temporary file nor a version after.
 */
interface JournalEntry {
  temporary: string | null;
  file: string;
  before: string | null;
  after: string | null;
}

/**
 * Finishes a save of several files that a kill cut short after its journal was in place: each
 * rename not done yet is done, when the file is still as the save found it. `finished`: the files
 * put in place; `kept`: those changed since (by hand, by git), left as they are now. Only files the
 * editor may write are touched (src/editor/project-files.ts), and only a service's or own page's
 * copy file is removed, whatever the journal says.
 */
export async function finishInterruptedSave(projectRoot: string, settings = SETTINGS): Promise<{ finished: string[]; kept: string[] }> {
  const root = await realpath(projectRoot);
  const finished: string[] = [];
  const kept: string[] = [];
  const text = await readFile(path.join(root, JOURNAL), "utf8").catch(() => undefined);
  if (text === undefined) return { finished, kept };
  let entries: unknown;
  try {
    entries = JSON.parse(text);
  } catch {
    entries = [];
  }
  for (const entry of Array.isArray(entries) ? (entries as Partial<JournalEntry>[]) : []) {
    const { temporary, file, before } = entry ?? {};
    if (temporary === null) {
      // A removal: done unless the file is gone already, or changed since the save read it.
      const target = typeof file === "string" ? await editablePath(root, file, PAGE_COPY).catch(() => undefined) : undefined;
      const now = target === undefined ? undefined : await readFile(target).then(versionOf, () => null);
      if (target === undefined || now === null) continue;
      if (now === before) {
        await rm(target, { force: true });
        finished.push(file!);
      } else kept.push(file!);
      continue;
    }
    if (typeof temporary !== "string" || !TEMPORARY.test(temporary)) continue;
    const source = path.join(root, temporary);
    // Renamed before the kill: nothing left to do for it.
    if (!(await stat(source).then((stats) => stats.isFile(), () => false))) continue;
    // The journal names files as they are on disk: the settings file by its own name (edit --config),
    // and a site.yaml beside another settings file is not the one this editor edits.
    const logical = file === settings ? SETTINGS : file === SETTINGS ? undefined : file;
    const target = typeof logical === "string" ? await editablePath(root, logical, undefined, settings).catch(() => undefined) : undefined;
    const now = target === undefined ? undefined : await readFile(target).then(versionOf, () => null);
    if (target !== undefined && now === before) {
      await rename(source, target);
      finished.push(file!);
    } else {
      await rm(source, { force: true });
      if (target !== undefined) kept.push(file!);
    }
  }
  await rm(path.join(root, JOURNAL), { force: true });
  return { finished, kept };
}

/** The journal of a save of several files being put in place. */
const JOURNAL = ".gopher-site-edit-journal.json";

/**
 * Writes a new file into `folder` under the first of `names` no file has yet, whole or not at all
 * as above, and never over another file, even when two uploads pick the same name at once: the
 * temporary file is hard-linked under each name in turn, and a link fails when the name exists, so
 * finding a free name and taking it are one step (on a file system without hard links, a copy that
 * refuses an existing file: see claim). The name taken; undefined when every one was.
 */
export async function saveNewFileAtomically(root: string, folder: string, names: Iterable<string>, data: Uint8Array): Promise<string | undefined> {
  const { temporary } = await writeTemporary(root, data);
  try {
    for (const name of names) {
      try {
        await claim(temporary, path.join(folder, name));
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

/**
 * Puts `temporary` at `target` unless a file is there (EEXIST): a hard link, whole at once; or on a
 * file system without them (FAT, exFAT, some network shares) a copy that refuses an existing file.
 */
async function claim(temporary: string, target: string): Promise<void> {
  try {
    await link(temporary, target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "EPERM" && code !== "ENOTSUP" && code !== "EOPNOTSUPP" && code !== "ENOSYS") throw error;
    // A copy is not atomic: one that fails is removed (a kill during it can still leave part of it).
    await copyFile(temporary, target, constants.COPYFILE_EXCL).catch(async (copyError: NodeJS.ErrnoException) => {
      if (copyError.code !== "EEXIST") await rm(target, { force: true });
      throw copyError;
    });
  }
}

/**
 * Removes the temporary files of saves cut short (a killed editor leaves its half-written file in
 * the project's folder) that are older than `before`: this process's start, so that the saves of
 * another editor working on the project now are left alone. The names removed.
 */
export async function removeStaleTemporaryFiles(root: string, before: number = performance.timeOrigin): Promise<string[]> {
  const names = await readdir(root).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names.filter((name) => TEMPORARY.test(name))) {
    const file = path.join(root, name);
    const stats = await stat(file).catch(() => undefined);
    if (!stats?.isFile() || stats.mtimeMs >= before) continue;
    await rm(file, { force: true });
    removed.push(name);
  }
  return removed;
}

/** The names of the temporary files a save writes (six random bytes in hex). */
const TEMPORARY = /^\.gopher-site-edit-[0-9a-f]{12}\.tmp$/;

/** The data in a new temporary file beside the project's files, flushed to disk, with `mode` if given; its path and modification time. */
async function writeTemporary(root: string, data: string | Uint8Array, mode?: number): Promise<{ temporary: string; modified: number }> {
  const temporary = path.join(root, `.gopher-site-edit-${randomBytes(6).toString("hex")}.tmp`);
  try {
    const handle = await open(temporary, "wx", 0o644);
    try {
      // Not open()'s mode: the umask would take bits off it.
      if (mode !== undefined) await handle.chmod(mode);
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

/**
 * Before an editor starts on a project: a save of several files cut short after its journal was
 * written is finished; what remains of any other save cut short is removed. Both are told.
 */
export async function tidyInterruptedSaves(root: string, settings: string, log: Logger): Promise<void> {
  const { finished, kept } = await finishInterruptedSave(root, settings);
  if (finished.length > 0) log.info(`Finished a save that was cut short: ${finished.join(", ")}`);
  if (kept.length > 0) log.warn(`A save cut short was not finished for ${kept.join(", ")}: changed since, kept as it is now`);
  const stale = await removeStaleTemporaryFiles(root);
  if (stale.length > 0) log.info(`Removed ${stale.length === 1 ? "a temporary file" : `${stale.length} temporary files`} left by a save that was cut short: ${stale.join(", ")}`);
}
