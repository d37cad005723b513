import type { Problem } from "../errors.ts";
import { parseYamlFast } from "./read-yaml.ts";

/**
 * site.yaml as it was written before services were a list (`services: {residential: {path: ...}}`):
 * the problem zod reports ("expected array") is replaced by one that shows the new shape, built
 * from the owner's own services.
 */
export function explainOldShapes(problems: Problem[], text: string): Problem[] {
  return problems.map((problem) => {
    if (problem.field !== "services" || !problem.message.startsWith("expected array, got a mapping")) return problem;
    const old = parseYamlFast(text)?.data as { services?: Record<string, { path?: unknown } | null> } | undefined;
    const entries = Object.entries(old?.services ?? {}).map(([id, value]) => `- id: ${id} / path: ${typeof value?.path === "string" ? value.path : `/${id}`}`);
    return { ...problem, message: `must be a list of services: ${entries.join(" / ") || "- id: <name> / path: /<address>"} (each one's copy in content/services/<id>.yaml)` };
  });
}
