import type { Article } from "./article-schema.ts";
import type { Problem } from "../errors.ts";

/** Search engines cut titles and descriptions past about these lengths. */
export const LIMITS = { title: 70, description: 160, articleWords: 300 } as const;

/**
 * Things that build fine but hurt the site: shown as warnings, errors with `check --strict`.
 * Pure and linear in the number of pages.
 */
export function qualityWarnings(pages: ReadonlyArray<{ template: string; outFile: string; head: { title: string; description: string } }>, articles: readonly Article[]): Problem[] {
  const warnings: Problem[] = [];
  for (const page of pages) {
    if (page.template === "not-found") continue;
    if (page.head.title.length > LIMITS.title) {
      warnings.push({ file: page.outFile, field: "title", message: `is ${page.head.title.length} characters; search results cut it after about ${LIMITS.title}` });
    }
    if (page.head.description.length > LIMITS.description) {
      warnings.push({ file: page.outFile, field: "description", message: `is ${page.head.description.length} characters; search results cut it after about ${LIMITS.description}` });
    }
  }
  for (const article of articles) {
    if (article.words < LIMITS.articleWords) {
      warnings.push({ file: article.file, message: `only ${article.words} words; an article under ${LIMITS.articleWords} words rarely helps a reader or ranks` });
    }
  }
  return warnings;
}
