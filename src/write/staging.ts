import { randomBytes } from "node:crypto";
import { constants, copyFile, mkdir, readdir, readFile, realpath, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { OutputFile } from "../assets/output-file.ts";
import { linkIfUnchanged } from "../render/link-unchanged.ts";
import { OUTPUT_STAMP, stampText } from "../output-guard.ts";
import { inBatches } from "./batches.ts";
import { lockOutput } from "./output-lock.ts";
import { awaitRemoval, recoverOutput, STAGING, swapIn } from "./swap.ts";

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
export async function openStaging(outDirInput: string, options: { removePreviousLater?: boolean } = {}): Promise<Staging> {
  const outDir = await realOutDir(path.resolve(outDirInput));
  const parent = path.dirname(outDir);
  await mkdir(parent, { recursive: true });
  // The last swap's old output is gone before this build looks beside the folder.
  await awaitRemoval(outDir);
  const release = await lockOutput(outDir);
  try {
    await recoverOutput(outDir, { underLock: true });
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
          await swapIn(dir, outDir, { later: options.removePreviousLater });
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

/** Copies of public/ files larger than this are copied, not compared with the current output's. */
const MAX_COMPARED = 8 * 1024 * 1024;

/**
 * Writes the files into `dir`, linking those identical to the current output's (src/render/link-unchanged.ts).
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
