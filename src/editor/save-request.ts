import * as z from "zod";
import type { FileChange } from "./editor-api.ts";

/** A key of a path: a field's name, or a position in a list. */
const key = z.union([z.string(), z.int().nonnegative()], { error: "must be a field's name (text) or a position in a list (a whole number from 0)" });
const position = z.int({ error: "must be a position in a list (a whole number from 0)" }).nonnegative({ error: "must be a position in a list (a whole number from 0)" });
const value = z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.json()), z.record(z.string(), z.json())], {
  error: (issue) => (issue.input === undefined ? "missing" : "must be a value: text, a number, true or false, null, a list or fields"),
});

/** The edit operations of src/editor/edit-ops.ts, as a request may carry them. */
const editOp = z.discriminatedUnion("op", [
  z.object({ op: z.literal("set"), path: z.array(key).min(1, "must name at least one key"), value }),
  z.object({ op: z.literal("delete"), path: z.array(key).min(1, "must name at least one key") }),
  z.object({ op: z.literal("insert"), path: z.array(key), index: position, value }),
  z.object({ op: z.literal("move"), path: z.array(key), from: position, to: position }),
]);

const fileChange = z.object({
  file: z.string(),
  version: z.string().optional(),
  ops: z.array(editOp).optional(),
  body: z.string().optional(),
  create: z.record(z.string(), value).optional(),
});

const saveRequest = z.object({ changes: z.array(fileChange).min(1, "nothing to save") });

/** The most problems a refusal lists: a request wrong throughout would otherwise list thousands. */
const MOST_ISSUES = 10;

/** A save request's changes, or what is wrong with its shape: one line per problem, its dotted path first. */
export function parseSaveRequest(body: unknown): { changes: FileChange[] } | { issues: string[] } {
  const parsed = saveRequest.safeParse(body);
  if (parsed.success) return { changes: parsed.data.changes };
  const issues = parsed.error.issues.map((issue) => `${issue.path.join(".") || "the request"}: ${issue.message}`);
  if (issues.length > MOST_ISSUES) issues.splice(MOST_ISSUES, Infinity, `and ${issues.length - MOST_ISSUES} more`);
  return { issues };
}
