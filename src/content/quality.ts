import type { Article } from "./article-schema.ts";
import type { Problem } from "../errors.ts";
import type { Locator } from "../config/yaml-source.ts";
import { ownPageFile, PAGE_KINDS, serviceFile, type PageKind, type PageKindName } from "../page-kinds.ts";

/** Search engines cut titles and descriptions past about these lengths. */
export const LIMITS = { title: 70, description: 160, articleWords: 300 } as const;

/** A planned page, as far as its length checks need it. */
export interface QualityPage {
  template: string;
  path: string;
  lang: string;
  head: { title: string; description: string };
  page: unknown;
}

/** Where the owner wrote the pages' texts, to name it in a warning instead of the output file. */
export interface TextSources {
  /** Each language's content folder as messages name it: `content`, `content/es`. */
  contentDir: (lang: string) => string;
  /** Where each loaded file's keys are, by the file's name in messages (found on first use). */
  positions: ReadonlyMap<string, Locator>;
}

/**
 * Things that build fine but hurt the site: shown as warnings, errors with `check --strict`.
 * A title or description too long is named where it is written (a copy file's key, an article's
 * front matter); one key that makes several pages (the city pages' title) is named once, with them.
 * Pure and linear in the number of pages.
 */
export function qualityWarnings(pages: readonly QualityPage[], articles: readonly Article[], sources: TextSources): Problem[] {
  const warnings: Problem[] = [];
  const tooLong = new Map<string, { field: "title" | "description"; file: string; pages: Array<{ path: string; length: number }> }>();
  const pagesOf = new Map<string, number>();
  for (const page of pages) {
    if (page.template === "not-found" || page.template === "thank-you") continue;
    const file = sourceFile(page, sources.contentDir(page.lang));
    pagesOf.set(file, (pagesOf.get(file) ?? 0) + 1);
    for (const field of ["title", "description"] as const) {
      const length = page.head[field].length;
      if (length <= LIMITS[field]) continue;
      const key = `${file}\n${field}`;
      const entry = tooLong.get(key) ?? { field, file, pages: [] };
      entry.pages.push({ path: page.path, length });
      tooLong.set(key, entry);
    }
  }
  for (const { field, file, pages: long } of tooLong.values()) {
    const position = sources.positions.get(file)?.([field]);
    warnings.push({ file, ...position, field, message: lengthMessage(field, long, (pagesOf.get(file) ?? 0) > 1) });
  }
  for (const article of articles) {
    if (article.words < LIMITS.articleWords) {
      warnings.push({ file: article.file, message: `only ${article.words} words; an article under ${LIMITS.articleWords} words rarely helps a reader or ranks` });
    }
  }
  return warnings;
}

/** The file a page's title and description are written in: its markdown file, or its copy file. */
function sourceFile(page: QualityPage, contentDir: string): string {
  const data = page.page as { article?: { file: string }; legal?: { file: string } };
  if (page.template === "article" && data.article) return data.article.file;
  if (page.template === "legal" && data.legal) return data.legal.file;
  // A service's head is its own copy file's; every other page's its kind's first copy file's (page-kinds.ts).
  if (page.template === "service") return `${contentDir}/${serviceFile((page.page as { id: string }).id)}`;
  if (page.template === "own") return `${contentDir}/${ownPageFile((page.page as { id: string }).id)}`;
  const kind = PAGE_KINDS[page.template as PageKindName] as PageKind | undefined;
  return `${contentDir}/${kind?.copy[0] ?? `pages/${page.template}.yaml`}`;
}

/** "is 94 characters; ...", or for a key that makes several pages, which of them and how long. */
function lengthMessage(field: "title" | "description", long: Array<{ path: string; length: number }>, shared: boolean): string {
  const cut = `search results cut it after about ${LIMITS[field]}`;
  if (!shared) return `is ${long[0]!.length} characters; ${cut}`;
  const sorted = [...long].sort((a, b) => b.length - a.length);
  if (sorted.length === 1) return `is ${sorted[0]!.length} characters on ${sorted[0]!.path}; ${cut}`;
  const named = sorted.slice(0, 3).map((page) => page.path).join(", ");
  const more = sorted.length > 3 ? ` and ${sorted.length - 3} more` : "";
  return `is up to ${sorted[0]!.length} characters once filled, on ${sorted.length} pages (${named}${more}); ${cut}`;
}
