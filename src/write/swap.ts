import { rmSync } from "node:fs";
import { readdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { realFolder } from "../output-guard.ts";
import { killPoint } from "../test-hooks.ts";
import { isRunning } from "./output-lock.ts";

/** The names beside the output folder: a build's staging folder, and the old output moved aside by a swap. */
export const STAGING = ".staging-";
const PREVIOUS = ".previous-";

/**
 * Old outputs still being deleted after their swap, by output folder (a dev server's rebuilds, see
 * `later` below): the next staging of that folder waits for its deletion first (awaitRemoval).
 */
const removals = new Map<string, Promise<void>>();

/** Waits until the old output of `outDir`'s last swap is deleted, when that was left to go on after it; every folder's without `outDir`. */
export async function awaitRemoval(outDir?: string): Promise<void> {
  await (outDir === undefined ? Promise.all(removals.values()) : removals.get(outDir));
}

/**
 * Moves the old output aside, the new one in, then deletes the old one: before returning, or with
 * `later`, after (a dev server announces its rebuild without waiting for 10,000 pages to be
 * deleted; a process that ends meanwhile leaves the aside folder to the next build's recovery).
 */
export async function swapIn(staging: string, outDir: string, options: { later?: boolean } = {}): Promise<void> {
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
  if (!hadPrevious) return;
  if (options.later) {
    const removal = rm(previous, { recursive: true, force: true }).catch(() => undefined).finally(() => {
      if (removals.get(outDir) === removal) removals.delete(outDir);
    });
    removals.set(outDir, removal);
    return;
  }
  // Synchronous: nothing else is waiting, and Node's synchronous removal is about twice as fast
  // as the promise one on a folder of 10,000 pages.
  rmSync(previous, { recursive: true, force: true });
}

/**
 * The one recovery of an output folder. A build killed between the two renames of its swap leaves
 * no output folder, the previous one whole under its aside name: it is put back, so the site is
 * never missing for longer than until the next command (every command that reads or writes the
 * output calls restoreInterruptedSwap first). The aside folder of a build still running (its
 * process number is in the name) is left alone. Holding the output's lock (a build about to
 * stage), no other build runs: what killed builds left (staging folders, other asides) is deleted too.
 */
export async function recoverOutput(outDir: string, options: { underLock: boolean }): Promise<void> {
  const parent = path.dirname(outDir);
  const base = path.basename(outDir);
  const names = await readdir(parent).catch(() => [] as string[]);
  let present = names.includes(base);
  if (present && !options.underLock) return;
  for (const name of names) {
    if (name.startsWith(`.${base}${STAGING}`)) {
      if (options.underLock) await rm(path.join(parent, name), { recursive: true, force: true });
      continue;
    }
    if (!name.startsWith(`.${base}${PREVIOUS}`)) continue;
    const pid = Number(name.slice(`.${base}${PREVIOUS}`.length));
    if (!options.underLock && pid && pid !== process.pid && isRunning(pid)) continue;
    if (!present) {
      await rename(path.join(parent, name), outDir).catch((error: unknown) => {
        if (options.underLock) throw error;
      });
      present = true;
    } else if (options.underLock) await rm(path.join(parent, name), { recursive: true, force: true });
  }
}

/** recoverOutput for a command about to read or write the output (`build`, `serve`, `host-config`), without the lock. */
export async function restoreInterruptedSwap(outDirInput: string): Promise<void> {
  await recoverOutput(await realFolder(outDirInput), { underLock: false });
}
