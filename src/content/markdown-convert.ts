import { Marked, Renderer, type Token, type Tokens } from "marked";
import { countLines, type ConvertedMarkdown } from "./markdown.ts";

/**
 * Markdown policy: the owner is trusted, but a pasted snippet must not break the page's
 * Content-Security-Policy or run code. So raw HTML is refused (with the line to fix), and links
 * may only go to https:, mailto:, tel:, a path on this site or an anchor.
 */
const SAFE_HREF = /^(https:\/\/|mailto:|tel:|\/(?!\/)|#)/i;

const SITE_PATH = /^\/(?!\/)/;

/**
 * Where the HTML is cut around a link to a page of the site (LinkedHtml): a character no body
 * keeps, as CommonMark replaces U+0000 with U+FFFD before parsing.
 */
const CUT = "\u0000";

const marked = new Marked({
  gfm: true,
  async: false,
  renderer: {
    link(this: Renderer, token: Tokens.Link) {
      const html = Renderer.prototype.link.call(this, token);
      const open = '<a href="';
      if (!SITE_PATH.test(token.href) || !html.startsWith(open)) return html;
      const start = open.length;
      const end = html.indexOf('"', start);
      return `${html.slice(0, start)}${CUT}${html.slice(start, end)}${CUT}${html.slice(end)}`;
    },
  },
});

/** Converts a markdown body to HTML, refusing raw HTML and unsafe links. */
export function convertMarkdown(text: string): ConvertedMarkdown {
  const body = text.replaceAll(CUT, "\uFFFD");
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
  return { html: refused.length > 0 ? [""] : marked.parser(tokens).split(CUT), refused };
}
