import type { Problem } from "../errors.ts";

/** Attributes whose site-relative values must resolve to a written file. */
const REFERENCE = /\s(?:href|src)="(\/[^"#?]*)[^"]*"/g;

/** A rendered HTML file to check, with the page path it serves. */
export interface RenderedPage {
  path: string;
  outFile: string;
  html: string;
}

/**
 * Every internal link and asset reference must resolve to a file of the output: a page's clean
 * path (`/about`) or a file (`/images/logo.svg`). Linear in the size of the output.
 */
export function checkLinks(pages: readonly RenderedPage[], files: ReadonlySet<string>): Problem[] {
  const problems: Problem[] = [];
  const paths = new Set(pages.map((page) => page.path));
  for (const page of pages) {
    const seen = new Set<string>();
    for (const match of page.html.matchAll(REFERENCE)) {
      const target = decodeSafely(match[1]!);
      if (seen.has(target)) continue;
      seen.add(target);
      const clean = target.length > 1 ? target.replace(/\/+$/, "") : target;
      if (paths.has(clean) || files.has(clean.replace(/^\//, ""))) continue;
      problems.push({ file: page.outFile, message: `${page.path} links to ${target}, which is not a page or file of the site` });
    }
  }
  return problems;
}

function decodeSafely(value: string): string {
  try {
    return decodeURI(value.replace(/&amp;/g, "&"));
  } catch {
    return value;
  }
}
