import { createHash } from "node:crypto";

/**
 * The comment init writes in the front matter of a starter text the owner must make their own (a
 * legal page, an article): what to do is said there and in check's notice, never on the page.
 * Its end holds a fingerprint of the text as init wrote it: once the text is changed (in the
 * editor, whose forms do not show comments, or anywhere), the notice goes.
 */
export const STARTER_MARK = "# Starter words from gopher-site init:";

const FINGERPRINT = / \[as written: ([0-9a-f]{12})\]$/;

/** The text's body after its front matter, as it is fingerprinted. */
function bodyOf(text: string): string {
  const end = text.indexOf("\n---", 4);
  return (end < 0 ? text : text.slice(text.indexOf("\n", end + 1) + 1)).trim();
}

/** Of the body with its lines ended by \n: a checkout with CRLF line ends (git on Windows) is the same text. */
function fingerprint(text: string): string {
  return createHash("sha256").update(bodyOf(text.replace(/\r\n/g, "\n"))).digest("hex").slice(0, 12);
}

/** A starter text with its mark's fingerprint of the body as written (init, once the text is filled in). */
export function markStarterWords(text: string): string {
  const mark = text.indexOf(STARTER_MARK);
  if (mark < 0) return text;
  const end = text.indexOf("\n", mark);
  return `${text.slice(0, end)} [as written: ${fingerprint(text)}]${text.slice(end)}`;
}

/**
 * check's notice for a text that still has init's starter words: `file:line  what to do`; none when
 * it has no mark, or its body has changed since init wrote it.
 */
export function starterWordsNotice(file: string, text: string): string | undefined {
  const mark = text.indexOf(STARTER_MARK);
  if (mark < 0) return undefined;
  const end = text.indexOf("\n", mark);
  // trim(): without a CRLF line's \r.
  const comment = text.slice(mark + 2, end < 0 ? undefined : end).trim();
  const written = FINGERPRINT.exec(comment);
  if (written && written[1] !== fingerprint(text)) return undefined;
  const line = text.slice(0, mark).split("\n").length;
  return `${file}:${line}  ${comment.replace(FINGERPRINT, "")}`;
}
