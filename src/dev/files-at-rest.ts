import { statSync } from "node:fs";

/**
 * A file saved in place is truncated, then written, perhaps in several writes: a build that read
 * it meanwhile read it empty or cut short (at a point that may even parse). A build is served only
 * when the files it was started for are as they were when it started and have been still for a
 * moment (QUIET_MS), and no other file changed while it ran; otherwise it is let go (`Superseded`)
 * and the next build reads them whole. A writer that pauses longer than QUIET_MS between two
 * writes can still be read cut short: the file, found changed, is then built again at once.
 */
export const QUIET_MS = 20;

/** A build let go because a file it read was still being written: not a failure, nothing to show. */
export class Superseded extends Error {
  constructor(readonly file: string) {
    super(`${file} changed while it was read`);
  }
}

/** A file's size and modification time, or "missing". */
export function fileState(file: string): string {
  try {
    const { size, mtimeMs } = statSync(file);
    return `${size} ${mtimeMs}`;
  } catch {
    return "missing";
  }
}

/** The files (path -> fileState) as they are now, for `changedSince` to compare with later. */
export function statesOf(files: readonly string[]): Map<string, string> {
  return new Map(files.map((file) => [file, fileState(file)]));
}

/**
 * The first of `states`' files that changed since, or was changed less than QUIET_MS ago and then
 * again after a wait for that moment; undefined when every one is at rest as it was read.
 */
export async function changedSince(states: ReadonlyMap<string, string>, now: () => number = Date.now): Promise<string | undefined> {
  for (const [file, state] of states) {
    if (fileState(file) !== state) return file;
    const age = now() - modifiedAt(file);
    if (age >= QUIET_MS) continue;
    // A time ahead of this clock (a file written from another machine's clock) counts as just written: one wait, never longer.
    await new Promise((resolve) => setTimeout(resolve, age < 0 ? QUIET_MS : QUIET_MS - age));
    if (fileState(file) !== state) return file;
  }
  return undefined;
}

/**
 * Waits until none of `files` was modified in the last QUIET_MS, for at most `most` ms in all: a
 * file being saved in place (truncated, then written) is then read once it is whole, instead of
 * by a build that is let go at its end (at 10,000 towns, a whole rebuild of the towns a half
 * written site.yaml still has). A file saved by rename waits at most QUIET_MS.
 */
export async function untilQuiet(
  files: readonly string[],
  options: { most?: number; now?: () => number; wait?: (ms: number) => Promise<unknown> } = {},
): Promise<void> {
  const { most = 10 * QUIET_MS, now = Date.now, wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)) } = options;
  const deadline = now() + most;
  for (;;) {
    const latest = Math.max(-1, ...files.map(modifiedAt));
    const age = now() - latest;
    if (latest < 0 || age >= QUIET_MS || now() >= deadline) return;
    // A time ahead of this clock counts as just written.
    await wait(Math.min(age < 0 ? QUIET_MS : QUIET_MS - age, deadline - now()));
  }
}

/** A file's modification time, -1 when it is missing. */
export function modifiedAt(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return -1;
  }
}
