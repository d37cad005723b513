import { readFile } from "node:fs/promises";
import path from "node:path";
import type { z } from "zod";
import { SiteError, sortProblems, type Problem } from "../errors.ts";
import { readYaml } from "../config/read-yaml.ts";
import type { YamlSource } from "../config/yaml-source.ts";
import { dotted } from "../config/zod-problems.ts";
import { copyFiles, type Copy } from "./copy-schema.ts";
import { fillPlaceholders, mapStrings, unknownPlaceholders, type Facts } from "./placeholders.ts";

export interface LoadCopyOptions {
  contentDir: string;
  /** How contentDir is named in messages, e.g. `content`. */
  displayDir: string;
  facts: Facts;
}

/** Placeholders a file may keep for the page to fill (beyond the site facts). */
const PAGE_LEVEL: Record<string, readonly string[]> = {
  "pages/city.yaml": ["city"],
  "chrome.yaml": ["city"],
};

/** Loads, validates and fills every copy file; reports the problems of all files at once. */
export async function loadCopy(options: LoadCopyOptions): Promise<Copy> {
  const problems: Problem[] = [];
  const copy: Record<string, unknown> = {};
  await Promise.all(
    Object.entries(copyFiles).map(async ([name, schema]) => {
      const file = `${options.displayDir}/${name}`;
      const text = await readCopyFile(path.join(options.contentDir, name), file, problems);
      if (text === undefined) return;
      const value = parseCopy(text, file, schema, options.facts, PAGE_LEVEL[name] ?? [], problems);
      copy[copyKey(name)] = value;
    }),
  );
  if (problems.length > 0) throw new SiteError(sortProblems(problems));
  return copy as Copy;
}

/** Validates one YAML copy text and fills its placeholders; pushes problems instead of throwing. */
export function parseCopy(
  text: string,
  file: string,
  schema: z.ZodType,
  facts: Facts,
  pageLevel: readonly string[],
  problems: Problem[],
): unknown {
  const read = readYaml(file, text, schema, problems);
  if (!read) return undefined;
  const known = new Set([...Object.keys(facts), ...pageLevel]);
  const before = problems.length;
  const filled = mapStrings(read.data, [], (value, at) => {
    for (const { name } of unknownPlaceholders(value, known)) {
      problems.push(placeholderProblem(read.source(), at, name, known));
    }
    return fillPlaceholders(value, facts);
  });
  return problems.length > before ? undefined : filled;
}

function placeholderProblem(source: YamlSource, at: PropertyKey[], name: string, known: Set<string>): Problem {
  return {
    file: source.file,
    ...source.locate(at),
    field: dotted(at),
    message: `unknown placeholder {${name}}; known: ${[...known].sort().map((k) => `{${k}}`).join(", ")}`,
  };
}

async function readCopyFile(absolute: string, file: string, problems: Problem[]): Promise<string | undefined> {
  try {
    return await readFile(absolute, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    problems.push({ file, message: code === "ENOENT" ? "file not found; every copy file is required" : `cannot read (${code})` });
    return undefined;
  }
}

/** `pages/service-areas.yaml` -> `serviceAreas` */
function copyKey(name: string): string {
  const base = path.basename(name, ".yaml");
  return base.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}
