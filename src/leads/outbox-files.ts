import { mkdir, open, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";

/**
 * The leads folder's files. A person's requests and what became of them go in one append-only
 * JSON-lines file a month (leads-2026-11.jsonl), kept until the owner removes them; the posts taken
 * for robots' go in a file a day (held-2026-11-27.jsonl), removed after 30 days.
 */

export const LEADS_FILE = /^leads-(\d{4}-\d{2})\.jsonl$/;
export const HELD_FILE = /^held-(\d{4}-\d{2}-\d{2})\.jsonl$/;

/** How long robots' posts are kept, for `gopher-site leads --held` and `release`. */
export const HELD_DAYS = 30;

export const leadsFileName = (at: string) => `leads-${at.slice(0, 7)}.jsonl`;
export const heldFileName = (at: string) => `held-${at.slice(0, 10)}.jsonl`;

/** Appends a line and flushes it (and a new file's name in the folder) to disk, unless told not to; resolves only then. */
export async function appendFlushed(folder: string, name: string, text: string, flush = true): Promise<void> {
  await mkdir(folder, { recursive: true });
  const file = await open(path.join(folder, name), "a+", 0o600);
  try {
    const { size } = await file.stat();
    // A line cut short by a crash must not swallow the next one: start it on a line of its own.
    const last = Buffer.alloc(1);
    if (size > 0) await file.read(last, 0, 1, size - 1);
    await file.appendFile(size > 0 && last[0] !== 0x0a ? `\n${text}` : text);
    if (!flush) return;
    await file.sync();
    if (size === 0) await syncFolder(folder);
  } finally {
    await file.close();
  }
}

/** The names of the folder's files that match `pattern`, oldest first; none for a folder not made yet. */
export async function filesOf(folder: string, pattern: RegExp): Promise<string[]> {
  return (await readdir(folder).catch(() => [] as string[])).filter((name) => pattern.test(name)).sort();
}

/** Sizes of the folder's lead and held files, by name. */
export async function sizesOf(folder: string): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  for (const name of [...(await filesOf(folder, LEADS_FILE)), ...(await filesOf(folder, HELD_FILE))]) {
    const info = await stat(path.join(folder, name)).catch(() => undefined);
    if (info) sizes.set(name, info.size);
  }
  return sizes;
}

/**
 * The whole lines of a file from byte `from` on, and where the next read starts: a line still being
 * written (no newline yet) is read next time. A line cut short by a crash is skipped by the parser.
 */
export async function readLinesFrom(file: string, from: number): Promise<{ lines: string[]; next: number }> {
  const handle = await open(file, "r").catch(() => undefined);
  if (!handle) return { lines: [], next: from };
  try {
    const { size } = await handle.stat();
    if (size <= from) return { lines: [], next: Math.min(from, size) };
    const buffer = Buffer.alloc(size - from);
    await handle.read(buffer, 0, buffer.length, from);
    const end = buffer.lastIndexOf(0x0a);
    if (end < 0) return { lines: [], next: from };
    return { lines: buffer.subarray(0, end).toString("utf8").split("\n"), next: from + end + 1 };
  } finally {
    await handle.close();
  }
}

/** Removes the held files older than HELD_DAYS; returns their names. */
export async function removeOldHeld(folder: string, now: number): Promise<string[]> {
  const oldest = new Date(now - HELD_DAYS * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const old = (await filesOf(folder, HELD_FILE)).filter((name) => HELD_FILE.exec(name)![1]! < oldest);
  for (const name of old) await rm(path.join(folder, name), { force: true });
  return old;
}

async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
