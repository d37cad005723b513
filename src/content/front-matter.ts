import matter from "gray-matter";
import type { z } from "zod";
import type { Problem } from "../errors.ts";
import { readYaml } from "../config/read-yaml.ts";
import { stripBom, type YamlSource } from "../config/yaml-source.ts";

export interface MarkdownFile<T> {
  data: T;
  body: string;
  /** Line number of the body's first line in the file. */
  bodyLine: number;
  /** The front matter parsed with positions (on first use), to name a field's line. */
  source(): YamlSource;
}

/** Splits a markdown file and validates its front matter; pushes problems, returns undefined on failure. */
export function readFrontMatter<S extends z.ZodType>(
  file: string,
  text: string,
  schema: S,
  problems: Problem[],
): MarkdownFile<z.output<S>> | undefined {
  const source = stripBom(text);
  if (!/^---\r?\n/.test(source)) {
    problems.push({ file, line: 1, column: 1, message: "missing front matter: start the file with a --- block of fields" });
    return undefined;
  }
  // gray-matter splits the file; our YAML parser reads the front matter so errors keep their line.
  const split = matter(source, { engines: { yaml: (raw: string) => ({ raw }) } });
  const raw = (split.data as { raw?: string }).raw ?? split.matter;
  const parsed = readYaml(file, raw, schema, problems);
  if (!parsed) return undefined;
  const body = split.content;
  const bodyStart = source.length - body.length;
  const bodyLine = 1 + (source.slice(0, bodyStart).match(/\n/g)?.length ?? 0);
  return { data: parsed.data, body, bodyLine, source: parsed.source };
}
