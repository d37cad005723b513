import type { ErrorSchema, RJSFSchema } from "@rjsf/utils";
import type { JsonSchema, Problem } from "./api.ts";

/** "noSetupChargeDays" -> "No setup charge days": a label from the key where the schema has no title. */
function humanize(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/[-_]/g, " ").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A kind whose name is not its `type` in words. */
const KIND_NAMES: Readonly<Record<string, string>> = { faq: "Questions and answers", cta: "Call to action", steps: "Steps (how it works)", prose: "Paragraphs" };

/** The schema as the form shows it: every field titled, JSON Schema's own `$schema` keyword left out. */
export function formSchema(schema: JsonSchema): RJSFSchema {
  const visit = (node: unknown, key?: string): unknown => {
    if (Array.isArray(node)) return node.map((item) => visit(item));
    if (!node || typeof node !== "object") return node;
    const out: JsonSchema = {};
    for (const [name, value] of Object.entries(node as JsonSchema)) {
      if (name === "$schema" && typeof value === "string") continue;
      if (name === "properties") out.properties = Object.fromEntries(Object.entries(value as JsonSchema).map(([k, v]) => [k, visit(v, k)]));
      else out[name] = visit(value);
    }
    if (key && out.title === undefined) out.title = humanize(key);
    // A choice of kinds (a section's type): each by its name in the picker, not "option 3".
    for (const choices of [out.oneOf, out.anyOf]) {
      if (!Array.isArray(choices)) continue;
      for (const choice of choices as JsonSchema[]) {
        const kind = ((choice.properties as Record<string, JsonSchema> | undefined)?.type as JsonSchema | undefined)?.const;
        if (choice.title === undefined && typeof kind === "string") choice.title = KIND_NAMES[kind] ?? humanize(kind);
      }
    }
    return out;
  };
  return visit(schema) as RJSFSchema;
}

/** Problems of one file as errors beside their fields (`cities.3.intro` under `prefix` cities.3). */
export function problemErrors(problems: readonly Problem[], file: string, prefix: Array<string | number> = []): ErrorSchema {
  const errors: Record<string, unknown> = {};
  for (const problem of problems) {
    // A problem of no one field (a link in the text, a YAML syntax error) is in the Save's list only:
    // at the form's root it would mark every field of the form.
    if (problem.file !== file || !problem.field) continue;
    const path = problem.field.split(".");
    if (prefix.some((part, i) => String(part) !== path[i])) continue;
    let node = errors as Record<string, unknown>;
    for (const key of path.slice(prefix.length)) node = (node[key] ??= {}) as Record<string, unknown>;
    ((node.__errors ??= []) as string[]).push(problem.message);
  }
  return errors as ErrorSchema;
}
