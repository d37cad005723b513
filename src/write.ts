import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { constants, copyFile, mkdir, readdir, readFile, realpath, rename, rm, rmdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { OutputFile } from "./assets/output-file.ts";
import { environmentMessage } from "./environment-errors.ts";
import { SiteError, sortProblems, UserError } from "./errors.ts";
import { linkIfUnchanged } from "./link-unchanged.ts";
import { OUTPUT_STAMP, realFolder, stampText } from "./output-guard.ts";
import { renderLanguages, type SitePlan } from "./plan-site.ts";
import { renderPages } from "./render/render-pages.ts";
import { killPoint } from "./test-hooks.ts";

export interface WriteSiteOptions {
  /** The output folder; undefined renders and checks every page but writes nothing (`check`). */
  outDir?: string;
  /** Runs when everything is rendered and checked, before the new output replaces the old; when it throws, the old output stays. */
  beforeCommit?: () => Promise<void>;
  /** Times one stage. */
  stage: <T>(name: string, run: () => Promise<T> | T) => Promise<T>;
  /**
   * Whether a page the same as the current output's is linked from it (src/link-unchanged.ts),
   * which reads each current page to compare; a dev server that knows most pages changed says no.
   */
  linkUnchangedPages?: boolean;
}

/**
 * Renders every page of a checked plan into a staging folder beside the output while its other
 * files are written, then swaps the folder in: a page that fails to render, a broken link or a
 * full disk leaves the current output as it was. Returns the bytes written (or that would be).
 */
export async function writeSite(plan: SitePlan, options: WriteSiteOptions): Promise<{ bytes: number; renderThreads: number }> {
  const { outDir, stage } = options;
  const staging = outDir === undefined ? undefined : await openStaging(outDir).catch((error: unknown) => {
    throw asUserError(error, outDir);
  });
  if (staging) killPoint("staging");
  // The other files are written while the pages render.
  const writingFiles = staging?.write(plan.files);
  writingFiles?.catch(() => undefined);
  try {
    const rendered = await stage("render", () =>
      renderPages({ pages: plan.pages, templates: plan.templates, templatesFile: plan.templates.file, ...renderLanguages(plan), links: plan.links, outDir: staging?.dir, reuseFrom: options.linkUnchangedPages === false ? undefined : staging?.reuseFrom }),
    );
    if (rendered.problems.length > 0) throw new SiteError(sortProblems(rendered.problems));
    if (!staging) return { bytes: rendered.bytes + plan.files.reduce((sum, file) => sum + byteLength(file), 0), renderThreads: rendered.threads };
    const filesBytes = await stage("write", async () => {
      const written = await writingFiles!;
      killPoint("commit");
      await options.beforeCommit?.();
      await staging.commit();
      return written;
    });
    return { bytes: rendered.bytes + filesBytes, renderThreads: rendered.threads };
  } catch (error) {
    // Whatever is still being written lands before the staging folder is deleted.
    await writingFiles?.catch(() => undefined);
    await staging?.discard();
    throw asUserError(error, outDir);
  }
}

function byteLength(file: OutputFile): number {
  if (typeof file.data === "string") return Buffer.byteLength(file.data);
  return "byteLength" in file.data ? file.data.byteLength : 0;
}

/** An error of the machine (disk full, no permission) as the user's to fix, naming `outDir` when it names no file. */
export function asUserError(error: unknown, outDir: string | undefined): unknown {
  const message = environmentMessage(error, outDir);
  return message === undefined ? error : new UserError(message, { cause: error });
}

const STAGING = ".staging-";
const PREVIOUS = ".previous-";

/** A fresh folder beside the output folder that becomes the output only when committed. */
export interface Staging {
  dir: string;
  /** The current output folder, if there is one: files identical to its files may be linked from it. */
  reuseFrom?: string;
  /** Writes files into the staging folder; returns the bytes written. */
  write(files: readonly OutputFile[]): Promise<number>;
  /** Swaps the staging folder in as the output folder. */
  commit(): Promise<void>;
  /** Deletes the staging folder; the output folder is left as it was. */
  discard(): Promise<void>;
}

/**
 * Opens a staging folder beside `outDir` (after cleaning what a killed build left behind).
 * Nothing touches `outDir` until `commit`, so a failure or a kill before it loses nothing.
 */
export async function openStaging(outDirInput: string): Promise<Staging> {
  const outDir = await realOutDir(path.resolve(outDirInput));
  const parent = path.dirname(outDir);
  await mkdir(parent, { recursive: true });
  const release = await lockOutput(outDir);
  try {
    await recoverLeftovers(outDir);
    const dir = path.join(parent, `.${path.basename(outDir)}${STAGING}${process.pid}-${randomBytes(4).toString("hex")}`);
    await mkdir(dir);
    const hasOutput = await stat(outDir).then((stats) => stats.isDirectory(), () => false);
    const reuse = { reuseFrom: hasOutput ? outDir : undefined };
    return {
      dir,
      reuseFrom: reuse.reuseFrom,
      write: (files) => writeFiles(dir, files, reuse),
      commit: async () => {
        try {
          // The stamp names what this build wrote: a later build replaces the folder only while it holds nothing else.
          await writeFile(path.join(dir, OUTPUT_STAMP), stampText(await readdir(dir)));
          await swapIn(dir, outDir);
        } finally {
          await release();
        }
      },
      discard: async () => {
        await rm(dir, { recursive: true, force: true });
        await release();
      },
    };
  } catch (error) {
    await release();
    throw error;
  }
}

/** A `dist` that is a symbolic link (to a web root, say) is built in place of its target. */
async function realOutDir(outDir: string): Promise<string> {
  try {
    return await realpath(outDir);
  } catch {
    return outDir;
  }
}

/**
 * One build at a time per output folder: a lock file beside it names the building process. A
 * lock left by a process that no longer runs (killed) is taken over.
 */
async function lockOutput(outDir: string): Promise<() => Promise<void>> {
  const lock = path.join(path.dirname(outDir), `.${path.basename(outDir)}.lock`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(lock, String(process.pid), { flag: "wx" });
      return () => rm(lock, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(await readFile(lock, "utf8").catch(() => ""));
      if (owner && owner !== process.pid && isRunning(owner)) {
        throw new UserError(`another gopher-site build (process ${owner}) is writing ${outDir}; wait for it to finish`);
      }
      await rm(lock, { force: true });
    }
  }
  throw new UserError(`could not lock ${outDir} for writing`);
}

/** Whether a process of that number runs (EPERM: one of another user's does). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Copies of public/ files larger than this are copied, not compared with the current output's. */
const MAX_COMPARED = 8 * 1024 * 1024;

/**
 * Writes the files into `dir`, linking those identical to the current output's (src/link-unchanged.ts).
 * Every file is created new ("wx"): a second file at a path already linked (two names one file
 * system does not tell apart) fails the build instead of writing through the link into the output.
 */
async function writeFiles(dir: string, files: readonly OutputFile[], reuse: { reuseFrom?: string }): Promise<number> {
  let bytes = 0;
  const folders = new Set(files.map((file) => path.dirname(path.join(dir, file.path))));
  for (const folder of [...folders].sort()) await mkdir(folder, { recursive: true });
  await inBatches(files, 64, async (file) => {
    const target = path.join(dir, file.path);
    if (typeof file.data === "object" && "copyFrom" in file.data) {
      const source = file.data.copyFrom;
      const { size, mode } = await stat(source);
      // A copy is compared (read) only when the current output holds a small file of its size and mode.
      const previous = reuse.reuseFrom === undefined ? undefined : await stat(path.join(reuse.reuseFrom, file.path)).catch(() => undefined);
      const comparable = previous !== undefined && previous.size === size && previous.mode === mode && size <= MAX_COMPARED;
      if (!comparable || !linkIfUnchanged(reuse, file.path, target, await readFile(source))) await copyFile(source, target, constants.COPYFILE_EXCL);
      bytes += size;
    } else {
      const data = typeof file.data === "string" ? Buffer.from(file.data) : file.data;
      if (!linkIfUnchanged(reuse, file.path, target, data)) await writeFile(target, data, { flag: "wx" });
      bytes += data.byteLength;
    }
  });
  return bytes;
}

/** Moves the old output aside, the new one in, then deletes the old one. */
async function swapIn(staging: string, outDir: string): Promise<void> {
  const previous = path.join(path.dirname(outDir), `.${path.basename(outDir)}${PREVIOUS}${process.pid}`);
  let hadPrevious = true;
  try {
    await rename(outDir, previous);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    hadPrevious = false;
  }
  killPoint("swap");
  try {
    await rename(staging, outDir);
  } catch (error) {
    if (hadPrevious) await rename(previous, outDir);
    throw error;
  }
  // Synchronous: nothing else is waiting, and Node's synchronous removal is about twice as fast
  // as the promise one on a folder of 10,000 pages.
  if (hadPrevious) rmSync(previous, { recursive: true, force: true });
}

/**
 * A build killed mid-way leaves a staging folder (delete it) or, if killed between the two
 * renames of the swap, the previous output under its aside name (put it back).
 */
export async function recoverLeftovers(outDir: string): Promise<void> {
  const parent = path.dirname(outDir);
  const base = path.basename(outDir);
  let names: string[];
  try {
    names = await readdir(parent);
  } catch {
    return;
  }
  const outExists = names.includes(base);
  let restored = outExists;
  for (const name of names) {
    if (name.startsWith(`.${base}${STAGING}`)) {
      await rm(path.join(parent, name), { recursive: true, force: true });
    } else if (name.startsWith(`.${base}${PREVIOUS}`)) {
      if (!restored) {
        await rename(path.join(parent, name), outDir);
        restored = true;
      } else {
        await rm(path.join(parent, name), { recursive: true, force: true });
      }
    }
  }
}

/**
 * A build killed between the two renames of its swap leaves no output folder, the previous one
 * whole under its aside name: every command that reads or writes the output puts it back first, so
 * the site is never missing for longer than until the next command. The aside folder of a build
 * still running (its process number is in the name) is left alone.
 */
export async function restoreInterruptedSwap(outDirInput: string): Promise<void> {
  const outDir = await realFolder(outDirInput);
  const parent = path.dirname(outDir);
  const base = path.basename(outDir);
  const names = await readdir(parent).catch(() => [] as string[]);
  if (names.includes(base)) return;
  for (const name of names) {
    if (!name.startsWith(`.${base}${PREVIOUS}`)) continue;
    const pid = Number(name.slice(`.${base}${PREVIOUS}`.length));
    if (pid && pid !== process.pid && isRunning(pid)) continue;
    await rename(path.join(parent, name), outDir).catch(() => undefined);
    return;
  }
}

async function inBatches<T>(items: readonly T[], size: number, fn: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn));
}

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
