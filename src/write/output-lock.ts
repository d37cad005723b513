import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { UserError } from "../errors.ts";

/**
 * One build at a time per output folder: a lock file beside it names the building process. A
 * lock left by a process that no longer runs (killed) is taken over.
 */
export async function lockOutput(outDir: string): Promise<() => Promise<void>> {
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
