import type { LeadFields, LeadTargets } from "./lead-form.ts";

/**
 * Where an answer to a post may send the visitor: the site's own pages only. The form says where
 * it was sent from (`page`) and its language's thank-you page (`thanks`), but a stranger can post
 * anything there; what reaches the `Location` header is always one of the site's known pages.
 */

/** Each language's home and thank-you page, by language code, the default language's first. */
export type LanguagePages = Record<string, { home: string; thankYou: string }>;

export interface LeadPages {
  languages: LanguagePages;
  /** Whether a path is a page of the built site (serve: a file of the folder it serves; the worker: one of its assets). */
  has(pagePath: string): Promise<boolean>;
}


/** The thank-you page of the post's language and the page it came from, each a known page of the site, or the language's own. */
export async function leadTargets(fields: Pick<LeadFields, "lang" | "page" | "thanks">, pages: LeadPages): Promise<LeadTargets> {
  const languages = Object.entries(pages.languages);
  const language = (Object.hasOwn(pages.languages, fields.lang) ? pages.languages[fields.lang] : languages[0]?.[1]) ?? { home: "/", thankYou: "/" };
  const thanks = languages.some(([, known]) => known.thankYou === fields.thanks) ? fields.thanks : language.thankYou;
  const known = isPagePath(fields.page) && (await pages.has(fields.page).catch(() => false));
  return { thanks: headerSafe(thanks), page: headerSafe(known ? fields.page : language.home) };
}

/**
 * A path written as the site's page addresses are (letters, digits and - . _ ~ /, from the root,
 * never `//`): one that can only name a page here, and that any header can carry as it is.
 */
export function isPagePath(value: string): boolean {
  return value.length <= 1024 && /^\/(?!\/)[A-Za-z0-9\-._~/]*$/.test(value) && !/(^|\/)\.\.?(\/|$)/.test(value);
}

function headerSafe(pagePath: string): string {
  return isPagePath(pagePath) ? pagePath : "/";
}
