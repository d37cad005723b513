import { readFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { mkdir, open, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { appendFlushed } from "../leads/outbox-files.ts";

/**
 * The owners folder (`owners/` beside site.yaml, like `leads/`: outside the site's versions, never
 * published): who may sign in to the editor on the server, and what their signing in left.
 * - owners.json: the owners' e-mail addresses (`gopher-site users`);
 * - sessions.json, links.json, passkeys.json: what `serve --editor` keeps, secrets only as hashes;
 * - audit.jsonl: every sign-in, save, publish and undo, one line each, appended.
 * Each JSON file is small (a few owners) and is written whole by a rename, never half.
 */
export const OWNERS_FOLDER = "owners";

export type OwnerFile = "owners.json" | "sessions.json" | "links.json" | "passkeys.json";

/** A JSON file of the folder, read (the default when it is missing or unreadable as JSON). */
export function readOwnerFile<T>(folder: string, name: OwnerFile, fallback: T): T {
  try {
    return JSON.parse(readFileSync(path.join(folder, name), "utf8")) as T;
  } catch {
    return fallback;
  }
}

/** Writes a JSON file of the folder whole, readable by its owner only: beside, flushed, then renamed over it. */
export async function writeOwnerFile(folder: string, name: OwnerFile, value: unknown): Promise<void> {
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const file = path.join(folder, name);
  const beside = `${file}.${randomBytes(6).toString("hex")}.tmp`;
  const handle = await open(beside, "wx", 0o600);
  try {
    await handle.writeFile(`${JSON.stringify(value, null, 1)}\n`);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(beside, { force: true });
    throw error;
  }
  await handle.close();
  await rename(beside, file).catch(async (error: unknown) => {
    await rm(beside, { force: true });
    throw error;
  });
}

/** One line of the audit log: who did what, when, from where. */
export interface AuditLine {
  at: string;
  who: string;
  from: string;
  what: string;
}

export const AUDIT_FILE = "audit.jsonl";
/** The audit log's older half: past AUDIT_BYTES the log is moved here (the one before is dropped). */
export const OLDER_AUDIT_FILE = "audit.older.jsonl";
/** The most the audit log grows before it is moved aside: with its older half, at most twice this on disk. */
export const AUDIT_BYTES = 10 * 1024 * 1024;

/** The audit lines being written, one at a time per folder: a line never lands in a log moved aside after it. */
const auditing = new Map<string, Promise<void>>();

/** Appends a line to the audit log, flushed; a log grown past AUDIT_BYTES is moved aside first. */
export function audit(folder: string, line: Omit<AuditLine, "at">): Promise<void> {
  const text = `${JSON.stringify({ at: new Date().toISOString(), ...line })}\n`;
  const next = (auditing.get(folder) ?? Promise.resolve())
    .catch(() => {})
    .then(async () => {
      const size = await stat(path.join(folder, AUDIT_FILE)).then((file) => file.size, () => 0);
      if (size > AUDIT_BYTES) await rename(path.join(folder, AUDIT_FILE), path.join(folder, OLDER_AUDIT_FILE));
      await appendFlushed(folder, AUDIT_FILE, text);
    });
  auditing.set(folder, next);
  void next.finally(() => auditing.get(folder) === next && auditing.delete(folder)).catch(() => {});
  return next;
}

/** An e-mail address as kept and compared: trimmed, lowercased. */
export function normalEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A plausible address (one @, a dot in the domain, no spaces or control characters, at most 254 characters). */
export function isEmail(email: string): boolean {
  return email.length <= 254 && /^[^\s@\u0000-\u001f<>"]+@[^\s@\u0000-\u001f<>"]+\.[^\s@\u0000-\u001f<>".]+$/.test(email);
}
