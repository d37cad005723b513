import { randomUUID } from "node:crypto";
import { mkdir, open, readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { LeadFields } from "./lead-form.ts";

/**
 * The leads folder as an outbox: one append-only JSON-lines file a month (leads-2026-11.jsonl).
 * A lead is a line written and flushed to disk before the visitor is told it was received; each
 * delivery appends a line of its own. So a restart knows what is still to deliver, a crash between
 * the two loses nothing, and at worst a lead is delivered twice.
 */

/** The ways a lead is delivered. */
export type Channel = "email" | "webhook";

export interface LeadRecord {
  type: "lead";
  id: string;
  at: string;
  fields: LeadFields;
  /** Where it is to go; none for a robot's. */
  deliver: Channel[];
  /** Why it is a robot's: kept, never delivered. */
  spam?: string;
}

interface DeliveredRecord {
  type: "delivered";
  id: string;
  via: Channel;
  at: string;
}

export interface Pending {
  lead: LeadRecord;
  channel: Channel;
}

export interface Outbox {
  /** Writes a lead and flushes it to disk; resolves only then. */
  add(fields: LeadFields, deliver: Channel[], spam?: string): Promise<LeadRecord>;
  /** Records a delivery, flushed. */
  delivered(id: string, via: Channel): Promise<void>;
  /** Every lead and channel not yet delivered, oldest first, read from the files. */
  pending(): Promise<Pending[]>;
}

const FILE = /^leads-\d{4}-\d{2}\.jsonl$/;

export function openOutbox(folder: string): Outbox {
  // One write at a time: two lines appended at once could interleave.
  let queue: Promise<unknown> = Promise.resolve();
  const append = (record: LeadRecord | DeliveredRecord) => {
    const write = queue.then(() => appendFlushed(folder, `leads-${record.at.slice(0, 7)}.jsonl`, `${JSON.stringify(record)}\n`));
    queue = write.catch(() => undefined);
    return write;
  };
  return {
    async add(fields, deliver, spam) {
      const record: LeadRecord = { type: "lead", id: randomUUID(), at: new Date().toISOString(), fields, deliver: spam ? [] : deliver, ...(spam ? { spam } : {}) };
      await append(record);
      return record;
    },
    async delivered(id, via) {
      await append({ type: "delivered", id, via, at: new Date().toISOString() });
    },
    async pending() {
      await queue;
      const names = (await readdir(folder).catch(() => [] as string[])).filter((name) => FILE.test(name)).sort();
      const leads = new Map<string, LeadRecord>();
      const done = new Set<string>();
      for (const name of names) {
        for (const line of (await readFile(path.join(folder, name), "utf8")).split("\n")) {
          const record = parseLine(line);
          if (record?.type === "lead") leads.set(record.id, record);
          else if (record?.type === "delivered") done.add(`${record.id} ${record.via}`);
        }
      }
      return [...leads.values()].flatMap((lead) => lead.deliver.filter((channel) => !done.has(`${lead.id} ${channel}`)).map((channel) => ({ lead, channel })));
    },
  };
}

/** A line of the file; undefined for a line cut short by a crash mid-write (the lead was never confirmed). */
function parseLine(line: string): LeadRecord | DeliveredRecord | undefined {
  if (!line.trim()) return undefined;
  try {
    return JSON.parse(line) as LeadRecord | DeliveredRecord;
  } catch {
    return undefined;
  }
}

async function appendFlushed(folder: string, name: string, text: string): Promise<void> {
  await mkdir(folder, { recursive: true });
  const file = await open(path.join(folder, name), "a+", 0o600);
  try {
    const { size } = await file.stat();
    const created = size === 0;
    // A line cut short by a crash must not swallow the next one: start it on a line of its own.
    const last = Buffer.alloc(1);
    if (size > 0) await file.read(last, 0, 1, size - 1);
    await file.appendFile(size > 0 && last[0] !== 0x0a ? `\n${text}` : text);
    await file.sync();
    // A new file's name is in the folder only once the folder itself is flushed.
    if (created) await syncFolder(folder);
  } finally {
    await file.close();
  }
}

async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
