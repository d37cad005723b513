import type { z } from "zod";
import type { Problem } from "../errors.ts";
import { readYaml } from "../config/read-yaml.ts";
import type { YamlSource } from "../config/yaml-source.ts";

export interface MarkdownFile<T> {
  data: T;
  body: string;
  /** Line number of the body's first line in the file. */
  bodyLine: number;
  /** The front matter parsed with positions (on first use), to name a field's line. */
  source(): YamlSource;
}

/** A markdown file's parts: the front matter's YAML text and everything after it. */
export interface MarkdownParts {
  open: string;
  yaml: string;
  close: string;
  body: string;
}

/**
 * Splits a markdown file into its front matter and body, the one way the build and the editor both
 * do: a first line `---` (after a byte-order mark, if any), the YAML, then a line of `---` alone.
 * Undefined when the file does not start so or the block is never closed.
 */
export function splitMarkdown(text: string): MarkdownParts | undefined {
  const match = /^(\uFEFF?---\r?\n)([\s\S]*?\r?\n)?(---[ \t]*(?:\r?\n|$))/.exec(text);
  if (!match) return undefined;
  return { open: match[1]!, yaml: match[2] ?? "", close: match[3]!, body: text.slice(match[0].length) };
}

/** The file again from its parts: joinMarkdown(splitMarkdown(text)) is `text`, byte for byte. */
export function joinMarkdown(parts: MarkdownParts): string {
  return parts.open + parts.yaml + parts.close + parts.body;
}

/** Splits a markdown file and validates its front matter; pushes problems, returns undefined on failure. */
export function readFrontMatter<S extends z.ZodType>(
  file: string,
  text: string,
  schema: S,
  problems: Problem[],
): MarkdownFile<z.output<S>> | undefined {
  const parts = splitMarkdown(text);
  if (!parts) {
    const opened = /^\uFEFF?---\r?\n/.test(text);
    const message = opened ? "the front matter is not closed: end its fields with a line of three dashes (---)" : "missing front matter: start the file with a --- block of fields";
    problems.push({ file, line: 1, column: 1, message });
    return undefined;
  }
  // The YAML starts on the file's second line: its problems are reported at the file's lines.
  const parsed = readYaml(file, parts.yaml, schema, problems, { lineOffset: 1 });
  if (!parsed) return undefined;
  const bodyLine = 1 + (text.slice(0, text.length - parts.body.length).match(/\n/g)?.length ?? 0);
  return { data: parsed.data, body: parts.body, bodyLine, source: parsed.source };
}
