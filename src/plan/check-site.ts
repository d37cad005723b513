import path from "node:path";
import { duplicatePaths } from "../assets/output-file.ts";
import { SiteError, sortProblems } from "../errors.ts";
import { OUTPUT_STAMP } from "../output-guard.ts";
import { VERSION_FILE } from "./site-version.ts";
import { translationUnit } from "../page-kinds.ts";
import type { SitePlan } from "./plan-site.ts";
import { builds } from "../routes/languages.ts";
import { diskSources, type SourceFiles } from "../source-files.ts";
import { createLinkChecker } from "../render/check-links.ts";

/**
 * The checks a site passes before any page is rendered: no two outputs at one path, and every link
 * of the generated files (sitemap, feed, manifest) and of the markdown the owner wrote (articles
 * and legal pages that are built) goes to a page or file of the site. A broken link in markdown is
 * named at its line in the file, read only then. The pages' own links are checked as they render.
 */
export async function checkSite(plan: SitePlan, options: { sources?: SourceFiles; displayFrom?: string } = {}): Promise<void> {
  const checker = createLinkChecker(plan.links);
  const documentsRead = options.sources ?? diskSources;
  const built = plan.languages.flatMap(({ edition }) => [
    ...(builds(edition, translationUnit("article")) ? edition.articles : []),
    ...(builds(edition, translationUnit("legal")) ? edition.legal : []),
  ]);
  const written = await Promise.all(
    built.map(async ({ file, html: body }) => {
      const html = body.join("");
      if (checker.checkSource({ file, source: "", html }).length === 0) return [];
      const source = await documentsRead.readText(path.resolve(options.displayFrom ?? process.cwd(), file)).catch(() => "");
      return checker.checkSource({ file, source, html });
    }),
  );
  // The build's own files, whether or not this build writes its version: public/ cannot take their paths.
  const writesVersion = plan.files.some((file) => file.path === VERSION_FILE && !plan.statics.includes(file));
  const reserved = [OUTPUT_STAMP, ...(writesVersion ? [] : [VERSION_FILE])].map((path) => ({ path, data: "" }));
  const problems = [
    ...duplicatePaths([...reserved, ...plan.files, ...plan.pages.map((page) => ({ path: page.outFile, data: "" }))], new Set(plan.statics.map((file) => file.path))),
    ...plan.generated.flatMap((file) => checker.checkDocument({ path: file.path, text: String(file.data) })),
    ...written.flat(),
  ];
  if (problems.length > 0) throw new SiteError(sortProblems(problems));
}
