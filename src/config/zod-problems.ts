import type { z } from "zod";
import { compareText } from "../compare-text.ts";
import type { Problem } from "../errors.ts";
import type { YamlSource } from "./yaml-source.ts";

/** Parse options that keep each issue's input, so messages can say what was found. */
export const PARSE_OPTIONS = { reportInput: true } as const;

/** Turns zod issues into located problems, one per issue (one per unknown key). */
export function zodIssuesToProblems(
  issues: readonly z.core.$ZodIssue[],
  source: YamlSource,
  schema: z.ZodType,
): Problem[] {
  const problems: Problem[] = [];
  for (const issue of issues) {
    if (issue.code === "unrecognized_keys") {
      const allowed = keysAt(schema, issue.path);
      for (const key of issue.keys) {
        const path = [...issue.path, key];
        const hint = suggest(key, allowed);
        problems.push({
          file: source.file,
          ...source.locate(path, { key: true }),
          field: dotted(path),
          message: `unknown key${hint ? `; did you mean "${hint}"?` : allowed.length ? ` (allowed: ${allowed.join(", ")})` : ""}`,
        });
      }
      continue;
    }
    if (issue.code === "invalid_key") {
      // A name of a record (a price, a fact in words) breaks the key's own rule: say which rule, at the key.
      const rule = issue.issues[0]?.message ?? issue.message;
      problems.push({ file: source.file, ...source.locate(issue.path, { key: true }), field: dotted(issue.path), message: `this name ${rule}` });
      continue;
    }
    problems.push({
      file: source.file,
      ...source.locate(issue.path),
      field: dotted(issue.path),
      message: describeIssue(issue),
    });
  }
  return problems;
}

/** `cities.3.lat` */
export function dotted(path: readonly PropertyKey[]): string {
  return path.map(String).join(".");
}

/** How a value missing from the input is described: `is required (expected string)`. */
export const REQUIRED = "is required";

function describeIssue(issue: z.core.$ZodIssue): string {
  const input = (issue as { input?: unknown }).input;
  if (issue.code === "invalid_type") {
    // A schema may say more than "is required" (what the field takes); its words start the same.
    if (input === undefined) return issue.message.startsWith(REQUIRED) ? issue.message : `${REQUIRED} (expected ${issue.expected})`;
    return `expected ${issue.expected}, got ${describeValue(input)}`;
  }
  return issue.message;
}

function describeValue(value: unknown): string {
  if (value === null) return "nothing (null)";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "a mapping";
  if (typeof value === "string") return `text "${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;
  return `${typeof value} ${String(value)}`;
}

/** The keys an object schema accepts at `path`, for "did you mean" hints. */
export function keysAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  let current: unknown = schema;
  for (const segment of path) {
    current = unwrap(current);
    const def = defOf(current);
    if (def?.type === "object") current = (def.shape as Record<string, unknown>)[String(segment)];
    else if (def?.type === "array") current = def.element;
    else if (def?.type === "record") current = def.valueType;
    else return [];
  }
  const def = defOf(unwrap(current));
  return def?.type === "object" ? Object.keys(def.shape as object) : [];
}

function unwrap(schema: unknown): unknown {
  let current = schema;
  for (let i = 0; i < 10; i++) {
    const def = defOf(current);
    if (!def) return current;
    if (def.type === "optional" || def.type === "default" || def.type === "nullable" || def.type === "prefault") {
      current = def.innerType;
    } else if (def.type === "pipe") {
      current = def.in;
    } else {
      return current;
    }
  }
  return current;
}

function defOf(schema: unknown): Record<string, unknown> & { type?: string } | undefined {
  return (schema as { _zod?: { def?: Record<string, unknown> & { type?: string } } } | undefined)?._zod?.def;
}

/** The closest allowed key by edit distance, if it is close enough to be a likely typo. */
export function suggest(key: string, allowed: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of allowed) {
    const distance = editDistance(key.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return bestDistance <= Math.max(2, Math.floor(key.length / 3)) ? best : undefined;
}

/** `known` without repeats, the closest to `name` first (by edit distance, ignoring case), ties in text order. */
export function closestFirst(name: string, known: Iterable<string>): string[] {
  const distances = new Map([...known].map((other) => [other, editDistance(name.toLowerCase(), other.toLowerCase())]));
  return [...distances.keys()].sort((a, b) => distances.get(a)! - distances.get(b)! || compareText(a, b));
}

/** Levenshtein distance; names longer than 64 characters are never close. */
export function editDistance(a: string, b: string): number {
  if (a.length > 64 || b.length > 64) return Infinity;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min((previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
    }
    previous = row;
  }
  return previous[b.length] ?? Infinity;
}
