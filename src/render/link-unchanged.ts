import { linkSync, readFileSync } from "node:fs";
import path from "node:path";

// A build writes a whole new output folder and swaps it in (src/write/). Most files are the same
// as in the current output, and creating a file costs the file system far more than linking one
// (10 to 30 times on our CI machines), so an unchanged file is hard-linked from the current output
// instead of written. The old file is not modified by a link, so the swap stays atomic.

/** Hard links are not possible here (another device, a file system without them): write instead. */
function cannotLink(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === "EXDEV" || code === "EPERM" || code === "ENOTSUP" || code === "EOPNOTSUPP" || code === "EMLINK" || code === "ENOSYS";
}

/**
 * Links `target` to the current output's file when that holds exactly `data`; false when it does
 * not (or linking is not possible, after which `options.reuseFrom` is forgotten). Synchronous:
 * reading a small file and linking it take microseconds, less than a round trip to the thread pool.
 */
export function linkIfUnchanged(options: { reuseFrom?: string }, file: string, target: string, data: Uint8Array): boolean {
  if (options.reuseFrom === undefined) return false;
  const previous = path.join(options.reuseFrom, file);
  try {
    if (!readFileSync(previous).equals(data)) return false;
  } catch {
    return false;
  }
  try {
    linkSync(previous, target);
    return true;
  } catch (error) {
    // Gone since it was read (the output folder deleted during the build): write the page.
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    if (!cannotLink(error)) throw error;
    options.reuseFrom = undefined;
    return false;
  }
}

