import path from "node:path";
import { UserError } from "../errors.ts";
import { appendFlushed, filesOf, HELD_FILE, LEADS_FILE, leadsFileName, readLinesFrom } from "./outbox-files.ts";
import { parseRecord, type LeadRecord, type OutboxRecord } from "./outbox.ts";

/**
 * What `gopher-site leads` shows: every request kept in the leads folder, newest first, with what
 * became of it; and `leads release`, which sends a robot's-looking post after all.
 */

export interface ListedLead {
  lead: LeadRecord;
  /** delivered (and how), waiting, failed (and why), or held (and why). */
  status: string;
}

/** Every record of the folder's files of one kind, in the order written. */
async function recordsOf(folder: string, pattern: RegExp): Promise<OutboxRecord[]> {
  const records: OutboxRecord[] = [];
  for (const name of await filesOf(folder, pattern)) {
    for (const line of (await readLinesFrom(path.join(folder, name), 0)).lines) {
      const record = parseRecord(line);
      if (record) records.push(record);
    }
  }
  return records;
}

/** The people's requests (or, `held`, the posts held as robots'), newest first, each with its status. */
export async function listLeads(folder: string, options: { held?: boolean } = {}): Promise<ListedLead[]> {
  if (options.held) {
    const released = new Set((await recordsOf(folder, LEADS_FILE)).filter((record) => record.type === "lead" && record.released).map((record) => record.id));
    return (await recordsOf(folder, HELD_FILE))
      .filter((record): record is LeadRecord => record.type === "lead")
      .map((lead) => ({ lead, status: released.has(lead.id) ? "released" : `held: ${lead.spam ?? "?"}` }))
      .reverse();
  }
  const records = await recordsOf(folder, LEADS_FILE);
  const leads = new Map<string, LeadRecord>();
  const delivered = new Map<string, string[]>();
  const failed = new Map<string, string[]>();
  for (const record of records) {
    if (record.type === "lead") leads.set(record.id, record);
    else if (record.type === "delivered") delivered.set(record.id, [...(delivered.get(record.id) ?? []), record.via]);
    else failed.set(record.id, [...(failed.get(record.id) ?? []), `${record.via}: ${record.reason}`]);
  }
  return [...leads.values()]
    .map((lead) => {
      const done = delivered.get(lead.id) ?? [];
      const refused = failed.get(lead.id) ?? [];
      const status = refused.length > 0 ? `FAILED (${refused.join("; ")})` : done.length > 0 ? `delivered (${[...new Set(done)].join(", ")})` : "waiting to be delivered";
      return { lead, status: lead.released ? `${status}, released` : status };
    })
    .sort((a, b) => b.lead.at.localeCompare(a.lead.at));
}

/**
 * Puts a held post in the month's file of people's requests, marked released: `serve` (running, or
 * at its next start) delivers it. `id` may be the start of the id, as `leads --held` shows it.
 */
export async function releaseLead(folder: string, id: string): Promise<LeadRecord> {
  const held = (await recordsOf(folder, HELD_FILE)).filter((record): record is LeadRecord => record.type === "lead" && record.id.startsWith(id));
  if (id.length < 4 || held.length === 0) throw new UserError(`no held request ${id} in ${folder}; \`gopher-site leads --held\` lists them, with their ids`);
  if (held.length > 1) throw new UserError(`${id} is the start of ${held.length} held requests' ids; give more of it`);
  const lead = held[0]!;
  const already = (await recordsOf(folder, LEADS_FILE)).some((record) => record.type === "lead" && record.id === lead.id);
  if (already) throw new UserError(`${lead.id} was released already; \`gopher-site leads\` shows whether it was delivered`);
  const released: LeadRecord = { ...lead, deliver: [], released: new Date().toISOString() };
  await appendFlushed(folder, leadsFileName(released.released!), `${JSON.stringify(released)}\n`);
  return released;
}

/** One line of the listing: when (the server's local time), name, phone, town, service, status, id. */
export function leadLine({ lead, status }: ListedLead): string {
  const when = new Date(lead.at);
  const pad = (n: number) => String(n).padStart(2, "0");
  const local = `${when.getFullYear()}-${pad(when.getMonth() + 1)}-${pad(when.getDate())} ${pad(when.getHours())}:${pad(when.getMinutes())}`;
  const { name, phone, town, service } = lead.fields;
  return [local, show(name, 30), show(phone, 20), show(town || "-", 20), show(service || "-", 20), status, lead.id.slice(0, 8)].join("  ");
}

function show(text: string, width: number): string {
  // eslint-disable-next-line no-control-regex
  const line = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, " ");
  return (line.length > width ? `${line.slice(0, width - 1)}…` : line).padEnd(width);
}
