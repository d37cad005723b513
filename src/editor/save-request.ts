import * as z from "zod";
import { UNSAFE_KEYS, type EditOp } from "../yaml-edit/edit-ops.ts";

/** A key of a path: a field's name, or a position in a list. */
const key = z.union([z.string(), z.int().nonnegative()], { error: "must be a field's name (text) or a position in a list (a whole number from 0)" });
const position = z.int({ error: "must be a position in a list (a whole number from 0)" }).nonnegative({ error: "must be a position in a list (a whole number from 0)" });
const value = z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.json()), z.record(z.string(), z.json())], {
  error: (issue) => (issue.input === undefined ? "missing" : "must be a value: text, a number, true or false, null, a list or fields"),
});

/** The edit operations of src/yaml-edit/edit-ops.ts, as a request may carry them. */
const editOp = z.discriminatedUnion("op", [
  z.object({ op: z.literal("set"), path: z.array(key).min(1, "must name at least one key"), value }),
  z.object({ op: z.literal("delete"), path: z.array(key).min(1, "must name at least one key") }),
  z.object({ op: z.literal("insert"), path: z.array(key), index: position, value }),
  z.object({ op: z.literal("move"), path: z.array(key), from: position, to: position }),
]);

const fileChange = z
  .object({
    file: z.string(),
    version: z.string().optional(),
    ops: z.array(editOp).optional(),
    body: z.string().optional(),
    create: z.record(z.string(), value).optional(),
    starter: z.strictObject({ name: z.string() }).optional(),
    remove: z.literal(true).optional(),
  })
  // A file is created, started, removed or edited (a markdown file's body with its creation or edit):
  // two at once would leave which one unclear.
  .refine((change) => [change.create, change.starter, change.remove, change.ops].filter((part) => part !== undefined).length <= 1 && !(change.body !== undefined && (change.starter || change.remove)), {
    error: "must do one thing to its file: create, starter, remove or ops (a body goes with create or ops)",
  });

const saveRequest = z.object({ changes: z.array(fileChange).min(1, "nothing to save") });

/**
 * The most edit operations one save may carry. An owner's save is a handful; the largest the editor
 * makes is a towns list reordered (a move for each town out of place) with towns edited (a few
 * fields each): 5,000 covers every town of a 1,000-town site moved and three fields of each
 * changed. More is not an owner's save, and would keep the server busy for long.
 */
/** One file's change in a save: operations on its YAML (a markdown file's front matter), a new body. */
export interface FileChange {
  file: string;
  /** The version the editor read; a different file on disk is a conflict. Absent to create a file. */
  version?: string;
  ops?: EditOp[];
  /** A markdown file's text after its front matter. */
  body?: string;
  /** A new markdown file's front matter. */
  create?: Record<string, unknown>;
  /** A new service's or own page's copy file, in init's starter words for a page of this name. */
  starter?: { name: string };
  /** The file removed: a service's or own page's copy file, at the version read. */
  remove?: true;
}

export const MOST_OPS = 5000;

/** How many edit operations a save request carries, counted before its shape is checked. */
export function opsCount(body: unknown): number {
  const changes = (body as { changes?: unknown } | null)?.changes;
  if (!Array.isArray(changes)) return 0;
  return changes.reduce((sum: number, change) => sum + (Array.isArray((change as { ops?: unknown } | null)?.ops) ? (change as { ops: unknown[] }).ops.length : 0), 0);
}

/** The most problems a refusal lists: a request wrong throughout would otherwise list thousands. */
const MOST_ISSUES = 10;

/** A save request's changes, or what is wrong with its shape: one line per problem, its dotted path first. */
export function parseSaveRequest(body: unknown): { changes: FileChange[] } | { issues: string[] } {
  const unsafe = unsafeKeys(body);
  const parsed = saveRequest.safeParse(body);
  if (parsed.success && unsafe.length === 0) return { changes: parsed.data.changes };
  const issues = [...unsafe, ...(parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join(".") || "the request"}: ${issue.message}`))];
  if (issues.length > MOST_ISSUES) issues.splice(MOST_ISSUES, Infinity, `and ${issues.length - MOST_ISSUES} more`);
  return { issues };
}

/**
 * Where the request names `__proto__`, `constructor` or `prototype`: as a key of a path, or of a
 * value or new file's fields. Looked for in the request as sent: zod drops such keys from what it
 * returns, and a path through one would reach the prototype every object of the server shares.
 */
function unsafeKeys(body: unknown, at: Array<string | number> = [], found: string[] = []): string[] {
  const refuse = (where: Array<string | number>, key: string) => found.push(`${where.join(".")}: ${JSON.stringify(key)} cannot be a key: it names a part of every JavaScript object, not a field of a file`);
  if (Array.isArray(body)) {
    const isPath = at.length === 5 && at[0] === "changes" && at[2] === "ops" && at[4] === "path";
    body.forEach((item, i) => {
      if (isPath && typeof item === "string" && UNSAFE_KEYS.has(item)) refuse([...at, i], item);
      else unsafeKeys(item, [...at, i], found);
    });
  } else if (typeof body === "object" && body !== null) {
    for (const key of Object.keys(body)) {
      if (UNSAFE_KEYS.has(key)) refuse([...at, key], key);
      else unsafeKeys((body as Record<string, unknown>)[key], [...at, key], found);
    }
  }
  return found;
}
