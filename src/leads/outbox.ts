import { randomUUID } from "node:crypto";
import { rm } from "node:fs/promises";
import path from "node:path";
import type { LeadFields } from "./lead-form.ts";
import { appendFlushed, filesOf, heldFileName, HELD_FILE, LEADS_FILE, leadsFileName, readLinesFrom, removeOldHeld, sizesOf } from "./outbox-files.ts";

/**
 * The leads folder as an outbox (files in outbox-files.ts). A lead is a line written and flushed to
 * disk before the visitor is told it was received; each delivery appends a line of its own. So a
 * restart knows what is still to deliver, a crash between the two loses nothing, and at worst a lead
 * is delivered twice. What is still to deliver is kept in memory, read from the files once and then
 * only from what was appended since (by this process, or by `gopher-site leads release`).
 */

/** The ways a lead is delivered. */
export type Channel = "email" | "webhook";

export interface LeadRecord {
  type: "lead";
  id: string;
  at: string;
  fields: LeadFields;
  /** Where it is to go; none for a robot's (a released one goes every way the server delivers). */
  deliver: Channel[];
  /** Why it was taken for a robot's: held, never delivered unless released. */
  spam?: string;
  /** The form's stamp: a stamp is spent by the first post that carries it. */
  stamp?: string;
  /** When the owner released it (`gopher-site leads release`): a held post to deliver after all. */
  released?: string;
}

export interface DeliveredRecord {
  type: "delivered";
  id: string;
  via: Channel;
  at: string;
}

/** A lead the receiving end refused for good (a mail server's 5xx, a webhook's 4xx), after a few tries. */
export interface FailedRecord {
  type: "failed";
  id: string;
  via: Channel;
  at: string;
  reason: string;
}

export type OutboxRecord = LeadRecord | DeliveredRecord | FailedRecord;

export interface Pending {
  lead: LeadRecord;
  channel: Channel;
}

/** Caps that keep a flood from filling the disk. */
export interface OutboxLimits {
  /** Robots' posts a day; past it they are not kept. */
  heldPerDay: number;
  /** A month's file of people's requests; past it a request is refused (the visitor is asked to call). */
  leadsPerMonth: number;
  /** Every file together; robots' files are removed first, oldest first. */
  all: number;
}

export const DEFAULT_LIMITS: OutboxLimits = { heldPerDay: 4 * 1024 * 1024, leadsPerMonth: 64 * 1024 * 1024, all: 256 * 1024 * 1024 };

/** The folder has no room for another request within its caps. */
export class OutboxFullError extends Error {}

export interface Outbox {
  /**
   * Writes a post and flushes it to disk; resolves only then. A robot's (`spam`) goes to the day's
   * held file, or nowhere past its cap (undefined); a person's throws OutboxFullError past the caps.
   */
  add(fields: LeadFields, deliver: Channel[], extra?: { spam?: string; stamp?: string }): Promise<LeadRecord | undefined>;
  /** Records a delivery, flushed. */
  delivered(id: string, via: Channel): Promise<void>;
  /** Records that a channel refused the lead for good, flushed. */
  failed(id: string, via: Channel, reason: string): Promise<void>;
  /** Every lead and channel not yet delivered nor failed, oldest first. */
  pending(): Promise<Pending[]>;
  /** Whether a stamp was carried by a post kept in the last 24 hours (one held for the limit does not count). */
  isSpent(stamp: string): boolean;
  /** Takes a stamp for a post about to be kept: false when it is spent or taken; `release` gives it back if the post is not kept. */
  reserve(stamp: string): boolean;
  release(stamp: string): void;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Robots' posts waiting to be written past which more are not kept. */
const MAX_HELD_WRITING = 50;
/** Stamps remembered at most (a day's posts of a busy site are far fewer). */
const MAX_SPENT = 200_000;

/** Opens the outbox of a folder: reads what is still to deliver and the stamps spent in the last day. */
export async function openOutbox(
  folder: string,
  options: { channels?: Channel[]; limits?: OutboxLimits; now?: number; onFilling?: (share: number, bytes: number) => void } = {},
): Promise<Outbox> {
  const limits = options.limits ?? DEFAULT_LIMITS;
  const channels = options.channels ?? [];
  const now = options.now ?? Date.now();
  await removeOldHeld(folder, now);
  const sizes = await sizesOf(folder);
  const read = new Map<string, number>();
  const waiting = new Map<string, { lead: LeadRecord; left: Set<Channel> }>();
  const settled = new Set<string>();
  const spent = new Map<string, number>();

  const reserved = new Set<string>();
  const markSpent = (record: LeadRecord) => {
    // A post held for the limit leaves its stamp to the person's next try.
    if (!record.stamp || record.spam === "limit") return;
    spent.delete(record.stamp);
    spent.set(record.stamp, Date.parse(record.at));
    reserved.delete(record.stamp);
  };
  const take = (record: OutboxRecord) => {
    if (record.type === "lead") {
      markSpent(record);
      if (record.spam && !record.released) return;
      const deliver = record.deliver.length > 0 ? record.deliver : record.released ? channels : [];
      const left = new Set(deliver.filter((channel) => !settled.has(`${record.id} ${channel}`)));
      if (left.size > 0) waiting.set(record.id, { lead: record, left });
      return;
    }
    settled.add(`${record.id} ${record.via}`);
    const entry = waiting.get(record.id);
    entry?.left.delete(record.via);
    if (entry && entry.left.size === 0) waiting.delete(record.id);
  };
  const catchUp = async () => {
    for (const name of await filesOf(folder, LEADS_FILE)) {
      const { lines, next } = await readLinesFrom(path.join(folder, name), read.get(name) ?? 0);
      read.set(name, next);
      for (const line of lines) {
        const record = parseRecord(line);
        if (record) take(record);
      }
    }
  };
  await catchUp();
  // Robots' posts of the last day, for their stamps only.
  const since = new Date(now - DAY_MS).toISOString().slice(0, 10);
  for (const name of (await filesOf(folder, HELD_FILE)).filter((file) => HELD_FILE.exec(file)![1]! >= since)) {
    for (const line of (await readLinesFrom(path.join(folder, name), 0)).lines) {
      const record = parseRecord(line);
      if (record?.type === "lead") markSpent(record);
    }
  }

  // One write at a time: two lines appended at once could interleave.
  let queue: Promise<unknown> = Promise.resolve();
  let writing = 0;
  let warned = 0;
  const append = (name: string, record: OutboxRecord, flush = true): Promise<void> => {
    const text = `${JSON.stringify(record)}\n`;
    writing++;
    const write = queue
      .then(async () => {
        await appendFlushed(folder, name, text, flush);
        sizes.set(name, (sizes.get(name) ?? 0) + Buffer.byteLength(text));
        // The owner hears of a folder filling up before a request is refused for it.
        const share = total() / limits.all;
        const step = share >= 0.9 ? 2 : share >= 0.5 ? 1 : 0;
        if (step > warned) options.onFilling?.(share, total());
        warned = Math.max(warned, step);
      })
      .finally(() => writing--);
    queue = write.catch(() => undefined);
    return write;
  };
  const total = () => [...sizes.values()].reduce((sum, size) => sum + size, 0);
  let cleaned = new Date(now).toISOString().slice(0, 10);
  /** Makes room for `bytes` more by removing robots' files, oldest first; false when there is none. */
  const room = async (bytes: number): Promise<boolean> => {
    for (const name of [...sizes.keys()].filter((file) => HELD_FILE.test(file)).sort()) {
      if (total() + bytes <= limits.all) break;
      await rm(path.join(folder, name), { force: true });
      sizes.delete(name);
    }
    return total() + bytes <= limits.all;
  };

  /** Stamps older than a day are no use to anyone (they expire): the oldest are first, so this stops at the first fresh one. */
  const forgetOld = () => {
    const oldest = Date.now() - DAY_MS;
    for (const [stamp, time] of spent) {
      if (time >= oldest && spent.size <= MAX_SPENT) break;
      spent.delete(stamp);
    }
  };

  return {
    async add(fields, deliver, extra = {}) {
      const at = new Date().toISOString();
      const record: LeadRecord = { type: "lead", id: randomUUID(), at, fields, deliver: extra.spam ? [] : deliver, ...(extra.spam ? { spam: extra.spam } : {}), ...(extra.stamp ? { stamp: extra.stamp } : {}) };
      const bytes = Buffer.byteLength(JSON.stringify(record)) + 1;
      if (extra.spam) {
        const name = heldFileName(at);
        // A robots' flood waits on no disk: past the day's cap, or with writes piling up, it is not kept.
        if ((sizes.get(name) ?? 0) + bytes > limits.heldPerDay || total() + bytes > limits.all || writing > MAX_HELD_WRITING) return undefined;
        if (at.slice(0, 10) !== cleaned) {
          cleaned = at.slice(0, 10);
          for (const removed of await removeOldHeld(folder, Date.parse(at))) sizes.delete(removed);
        }
        // Not flushed: a robot's post is worth less than a moment of the disk.
        await append(name, record, false);
        markSpent(record);
        return record;
      }
      const name = leadsFileName(at);
      if ((sizes.get(name) ?? 0) + bytes > limits.leadsPerMonth || !(await room(bytes))) throw new OutboxFullError(`the leads folder is full (${name} or all files past their caps)`);
      await append(name, record);
      take(record);
      return record;
    },
    async delivered(id, via) {
      const record: DeliveredRecord = { type: "delivered", id, via, at: new Date().toISOString() };
      await append(leadsFileName(record.at), record);
      take(record);
    },
    async failed(id, via, reason) {
      const record: FailedRecord = { type: "failed", id, via, at: new Date().toISOString(), reason };
      await append(leadsFileName(record.at), record);
      take(record);
    },
    async pending() {
      await queue;
      await catchUp();
      return [...waiting.values()].flatMap(({ lead, left }) => [...left].map((channel) => ({ lead, channel })));
    },
    isSpent(stamp) {
      forgetOld();
      return spent.has(stamp);
    },
    reserve(stamp) {
      forgetOld();
      if (spent.has(stamp) || reserved.has(stamp)) return false;
      reserved.add(stamp);
      return true;
    },
    release(stamp) {
      reserved.delete(stamp);
    },
  };
}

/** A line of a file; undefined for a line cut short by a crash mid-write (that post was never confirmed). */
export function parseRecord(line: string): OutboxRecord | undefined {
  if (!line.trim()) return undefined;
  try {
    const record = JSON.parse(line) as OutboxRecord;
    if (!record || typeof record !== "object" || typeof record.id !== "string" || typeof record.at !== "string") return undefined;
    if (record.type === "lead") return typeof record.fields === "object" && record.fields !== null && Array.isArray(record.deliver) ? record : undefined;
    return (record.type === "delivered" || record.type === "failed") && typeof record.via === "string" ? record : undefined;
  } catch {
    return undefined;
  }
}
