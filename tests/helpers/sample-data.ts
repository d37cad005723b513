import path from "node:path";
import { loadConfig } from "../../src/config/load-config.ts";
import { loadCopy } from "../../src/content/load-copy.ts";
import { loadDocuments } from "../../src/content/load-documents.ts";
import { siteFacts } from "../../src/content/placeholders.ts";
import type { PageData } from "../../src/routes/page-props.ts";
import { planRoutes, type PlanRoutesOptions } from "../../src/routes/plan-routes.ts";
import { seoContext, withSeo } from "../../src/seo/page-seo.ts";
import { documentConditions } from "../../src/routes/privacy.ts";

export const ROOT = path.resolve(import.meta.dirname, "../..");

/** The sample site's validated config, copy and documents, straight from the repository. */
export async function loadSample() {
  const { site, notices } = await loadConfig({ path: path.join(ROOT, "site.yaml"), displayPath: "site.yaml" });
  const facts = siteFacts(site);
  const content = path.join(ROOT, "content");
  const [copy, documents] = await Promise.all([
    loadCopy({ contentDir: content, displayDir: "content", facts }),
    loadDocuments({ contentDir: content, displayDir: "content", facts, conditions: documentConditions(site) }),
  ]);
  return { site, notices, facts, copy, ...documents };
}

/**
 * Pages ready to render, as the build's routes and seo stages make them, without the images stage:
 * share pictures are their sources and the icon stands for every icon size.
 */
export function renderablePages(options: PlanRoutesOptions): PageData[] {
  const icon = { path: options.site.brand.icon, width: 512, height: 512, type: "image/svg+xml" };
  const images = { responsive: {}, share: {}, icons: { appleTouch: icon, manifest: [icon] } };
  return withSeo(planRoutes(options), seoContext(options.site, options.copy, options.siteUrl ?? options.site.siteUrl, images));
}
