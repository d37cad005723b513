import { Marked, type Token } from "marked";
import { countLines, type ConvertedMarkdown } from "./markdown.ts";

/**
 * Markdown policy: the owner is trusted, but a pasted snippet must not break the page's
 * Content-Security-Policy or run code. So raw HTML is refused (with the line to fix), and links
 * may only go to https:, mailto:, tel:, a path on this site or an anchor.
 */
const SAFE_HREF = /^(https:\/\/|mailto:|tel:|\/(?!\/)|#)/i;

const marked = new Marked({ gfm: true, async: false });

/** Converts a markdown body to HTML, refusing raw HTML and unsafe links. */
export function convertMarkdown(body: string): ConvertedMarkdown {
  const lineOf = (raw: string) => countLines(body, body.indexOf(raw));
  const tokens = marked.lexer(body);
  const refused: ConvertedMarkdown["refused"] = [];
  const htmlLines = new Set<number>();
  marked.walkTokens(tokens, (token: Token) => {
    if (token.type === "html") {
      // One report per line: an inline element yields an opening and a closing token.
      const line = lineOf(token.raw);
      if (htmlLines.has(line)) return;
      htmlLines.add(line);
      refused.push({ line, message: `raw HTML (${token.raw.trim().slice(0, 40)}) is not allowed in markdown; write it as markdown instead` });
    } else if (token.type === "link" || token.type === "image") {
      if (!SAFE_HREF.test(token.href)) {
        refused.push({ line: lineOf(token.raw), message: `link "${token.href.slice(0, 60)}" must start with https://, mailto:, tel:, / or #` });
      }
    }
  });
  return { html: refused.length > 0 ? "" : marked.parser(tokens), refused };
}
