import path from "node:path";

/**
 * Failures of the machine, not of the site or of gopher-site: a full disk, a folder the user may
 * not write, a read-only file system, a name too long. Each is the user's to fix, so it is told as
 * one line naming the path and what to do, never as "a bug" with a stack trace.
 */
const ADVICE: Record<string, (where: string, syscall?: string) => string | undefined> = {
  ENOSPC: (where) => `no space left on the disk writing ${where}: free some space there and try again`,
  EDQUOT: (where) => `your disk quota is used up writing ${where}: free some space and try again`,
  EACCES: (where) => `permission denied: ${where}: check who owns it and its permissions (ls -l), or choose a folder you can write to with --out`,
  EPERM: (where) => `operation not permitted: ${where}: check its permissions and attributes, or choose another folder with --out`,
  EROFS: (where) => `${where} is on a read-only file system: choose a folder you can write to with --out`,
  ENOTDIR: (where) => `a part of ${where} is a file, not a folder: choose another folder with --out`,
  // Only where a folder is made: two pages one file system cannot tell apart are the build's own refusal.
  EEXIST: (where, syscall) => (syscall === "mkdir" ? `${where} is in the way: a file stands where a folder must be made; move it, or choose another folder with --out` : undefined),
  ELOOP: (where) => `${where} leads through a loop of symbolic links: fix the links, or choose another folder with --out`,
  ENAMETOOLONG: (where) => `a name is too long for this file system: ${where}: shorten the address of the page it is for (an article's file name, a town's slug) or the output folder's path`,
};

/** The one-line message for an error of the machine anywhere in `error`'s causes; `where` when it names no path. */
export function environmentMessage(error: unknown, where?: string): string | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 10; current = current.cause, depth++) {
    const { code, path: file, syscall } = current as NodeJS.ErrnoException;
    const named = file ?? where;
    const message = code === undefined ? undefined : ADVICE[code]?.(named === undefined ? "a file" : shown(named), syscall);
    if (message) return message;
  }
  return undefined;
}

/** A path inside the current folder as the user typed it from there; others in full. */
function shown(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative && !relative.startsWith("..") && !path.isAbsolute(relative) ? relative : file;
}
