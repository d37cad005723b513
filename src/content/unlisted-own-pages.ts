import path from "node:path";
import type { Site } from "../config/schema.ts";
import type { SourceFiles } from "../source-files.ts";

/**
 * An own page's copy that site.yaml's pages does not list: not built, and said so (a page written
 * and forgotten in site.yaml would otherwise be missing without a word). Nothing is moved.
 */
export async function unlistedOwnPages(sources: SourceFiles, site: Site, contentDir: string, displayDir: string): Promise<string[]> {
  const listed = new Set(site.pages.map((page) => page.id));
  const names = await sources.list(path.join(contentDir, "own")).catch(() => [] as string[]);
  return names
    .filter((name) => name.endsWith(".yaml") && !listed.has(name.slice(0, -5)))
    .sort()
    .map((name) => `${displayDir}/own/${name} is no page of site.yaml's pages, so it is not built: list it there (- id: ${name.slice(0, -5)} / path: /${name.slice(0, -5)})`);
}
