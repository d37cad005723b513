import type { Problem } from "../errors.ts";
import { repeatedWordMessage, repeatedWords, unknownPlaceholderMessage, unknownPlaceholders, type Facts } from "./placeholders.ts";
import { factWarnings } from "./hand-written-facts.ts";

/**
 * A markdown body's HTML cut around its links to the site's pages: even items are HTML, odd items
 * such a link's address as written (the default language's path, perhaps with #part or ?query).
 * A page in another language writes them as its own addresses (templates/sections/localize.tsx);
 * `html.join("")` is the body as written.
 */
export type LinkedHtml = string[];

/** What marked makes of a markdown body (markdown-convert.ts): depends on the body alone, so it can be cached. */
export interface ConvertedMarkdown {
  /** The HTML, `{placeholders}` still in it; empty when something was refused. */
  html: LinkedHtml;
  /** What the markdown policy refused, with its line counted from the body's first line (0). */
  refused: Array<{ line: number; message: string }>;
}

export interface RenderMarkdownOptions {
  file: string;
  /** The markdown text (no front matter). */
  body: string;
  /** Line number in the file of the first body line. */
  firstLine: number;
  facts: Facts;
  /** The body as converted by convertMarkdown (or kept in the markdown cache). */
  converted: ConvertedMarkdown;
  /** For each line of `body`, its 0-based line in the file's body, when lines were left out (conditional blocks). */
  lineMap?: readonly number[];
}

export interface RenderMarkdownResult {
  html: LinkedHtml;
  problems: Problem[];
  /** Text that reads clumsily once filled: a word repeated across a placeholder's edge. */
  warnings: Problem[];
}

/** Finishes a converted markdown body: its problems located in the file, `{placeholders}` filled with HTML-escaped facts. */
export function renderMarkdown(options: RenderMarkdownOptions): RenderMarkdownResult {
  const { file, body, firstLine, facts, converted, lineMap } = options;
  const fileLine = (line: number) => firstLine + (lineMap?.[line] ?? line);
  const problems: Problem[] = converted.refused.map(({ line, message }) => ({ file, line: fileLine(line), message }));

  const known = new Set(Object.keys(facts));
  for (const { name, offset } of unknownPlaceholders(body, known)) {
    problems.push({ file, line: fileLine(countLines(body, offset)), column: offset - body.lastIndexOf("\n", offset - 1), message: unknownPlaceholderMessage(name, known) });
  }

  const warnings = [
    ...repeatedWords(body, facts).map((repeat) => ({ offset: repeat.offset, message: repeatedWordMessage(repeat) })),
    ...factWarnings(body, facts),
  ].map(({ offset, message }) => ({ file, line: fileLine(countLines(body, offset)), message }));
  if (problems.length > 0) return { html: [""], problems, warnings };
  // A link's address has no placeholders (marked writes braces in it as %7B and %7D).
  const html = converted.html.map((part, i) =>
    i % 2 === 1 ? part : part.replace(/\{([A-Za-z][A-Za-z0-9]*)\}/g, (whole, name: string) => (Object.hasOwn(facts, name) ? escapeHtml(facts[name]!) : whole)),
  );
  return { html, problems, warnings };
}

/** Words in a markdown text, for reading-time estimates and length checks. */
export function countWords(markdown: string): number {
  return markdown.replace(/[#>*_`|\-[\]()]/g, " ").split(/\s+/).filter(Boolean).length;
}

/** Newlines before `offset`: the 0-based line of that offset. */
export function countLines(text: string, offset: number): number {
  if (offset <= 0) return 0;
  let lines = 0;
  for (let i = 0; i < offset; i++) if (text.charCodeAt(i) === 10) lines++;
  return lines;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
