import type { Problem } from "../errors.ts";
import { parseYamlFast } from "./read-yaml.ts";

/**
 * site.yaml as it was written before services were a list (`services: {<name>: {path: ...}}`):
 * the problem zod reports ("expected array") is replaced by one that shows the new shape, built
 * from the owner's own services.
 */
export function explainOldShapes(problems: Problem[], text: string): Problem[] {
  return problems.map((problem) => {
    // A result promised in words had its own key once; any fact in words is one of `facts` now.
    const inWords = /^results\.([a-z][A-Za-z0-9]*)$/.exec(problem.field ?? "")?.[1];
    if (inWords && problem.message.startsWith("unknown key")) {
      return { ...problem, message: `unknown key; results has days and hours: write ${inWords} under facts: instead (copy names it {${inWords}} as before)` };
    }
    if (problem.field !== "services" || !problem.message.startsWith("expected array, got a mapping")) return problem;
    const old = parseYamlFast(text)?.data as { services?: Record<string, { path?: unknown } | null> } | undefined;
    const entries = Object.entries(old?.services ?? {}).map(([id, value]) => `- id: ${id} / path: ${typeof value?.path === "string" ? value.path : `/${id}`}`);
    return { ...problem, message: `must be a list of services: ${entries.join(" / ") || "- id: <name> / path: /<address>"} (each one's copy in content/services/<id>.yaml)` };
  });
}
