import { Marked, type Token } from "marked";
import type { Problem } from "../errors.ts";
import { unknownPlaceholders, type Facts } from "./placeholders.ts";

/**
 * Markdown policy: the owner is trusted, but a pasted snippet must not break the page's
 * Content-Security-Policy or run code. So raw HTML is refused (with the line to fix), and links
 * may only go to https:, mailto:, tel:, a path on this site or an anchor.
 */
const SAFE_HREF = /^(https:\/\/|mailto:|tel:|\/(?!\/)|#)/i;

const marked = new Marked({ gfm: true, async: false });

export interface RenderMarkdownOptions {
  file: string;
  /** The markdown text (no front matter). */
  body: string;
  /** Line number in the file of the first body line. */
  firstLine: number;
  facts: Facts;
}

export interface RenderMarkdownResult {
  html: string;
  problems: Problem[];
}

/** Renders a markdown body to HTML, filling `{placeholders}` with HTML-escaped facts. */
export function renderMarkdown(options: RenderMarkdownOptions): RenderMarkdownResult {
  const { file, body, firstLine, facts } = options;
  const problems: Problem[] = [];
  const lineOf = (raw: string) => firstLine + countLines(body, body.indexOf(raw));
  const tokens = marked.lexer(body);

  const htmlLines = new Set<number>();
  marked.walkTokens(tokens, (token: Token) => {
    if (token.type === "html") {
      // One report per line: an inline element yields an opening and a closing token.
      const line = lineOf(token.raw);
      if (htmlLines.has(line)) return;
      htmlLines.add(line);
      problems.push({
        file,
        line,
        message: `raw HTML (${token.raw.trim().slice(0, 40)}) is not allowed in markdown; write it as markdown instead`,
      });
    } else if (token.type === "link" || token.type === "image") {
      if (!SAFE_HREF.test(token.href)) {
        problems.push({
          file,
          line: lineOf(token.raw),
          message: `link "${token.href.slice(0, 60)}" must start with https://, mailto:, tel:, / or #`,
        });
      }
    }
  });

  const known = new Set(Object.keys(facts));
  for (const { name, offset } of unknownPlaceholders(body, known)) {
    problems.push({
      file,
      line: firstLine + countLines(body, offset),
      message: `unknown placeholder {${name}}; known: ${[...known].sort().map((k) => `{${k}}`).join(", ")}`,
    });
  }

  if (problems.length > 0) return { html: "", problems };
  const html = marked.parser(tokens).replace(/\{([A-Za-z][A-Za-z0-9]*)\}/g, (whole, name: string) =>
    Object.hasOwn(facts, name) ? escapeHtml(facts[name]!) : whole,
  );
  return { html, problems };
}

/** Words in a markdown text, for reading-time estimates and length checks. */
export function countWords(markdown: string): number {
  return markdown.replace(/[#>*_`|\-[\]()]/g, " ").split(/\s+/).filter(Boolean).length;
}

function countLines(text: string, offset: number): number {
  if (offset <= 0) return 0;
  let lines = 0;
  for (let i = 0; i < offset; i++) if (text.charCodeAt(i) === 10) lines++;
  return lines;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
