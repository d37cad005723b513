import { readFile } from "node:fs/promises";
import path from "node:path";
import { appendFlushed } from "./outbox-files.ts";

/**
 * The owner's marks on the requests (called back, done): their own file in the leads folder,
 * `done.jsonl`, one line per mark, the last for an id winning. Apart from the outbox's files, which
 * `serve` alone writes: a mark is the owner's bookkeeping, never a delivery's.
 */
export const MARKS_FILE = "done.jsonl";

/** A request's id as the outbox writes it (a UUID). */
export const LEAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The ids marked done, with when; an id marked undone again is not among them. */
export async function doneMarks(folder: string): Promise<Map<string, string>> {
  const text = await readFile(path.join(folder, MARKS_FILE), "utf8").catch(() => "");
  const marks = new Map<string, string>();
  for (const line of text.split("\n")) {
    try {
      const mark = JSON.parse(line) as { id?: unknown; done?: unknown; at?: unknown };
      if (typeof mark.id !== "string" || typeof mark.at !== "string") continue;
      if (mark.done === true) marks.set(mark.id, mark.at);
      else marks.delete(mark.id);
    } catch {
      // A line cut short by a crash: that mark was never confirmed.
    }
  }
  return marks;
}

/** Marks a request done (or not done again), flushed before it returns. */
export async function markDone(folder: string, id: string, done: boolean): Promise<void> {
  await appendFlushed(folder, MARKS_FILE, `${JSON.stringify({ id, done, at: new Date().toISOString() })}\n`);
}
