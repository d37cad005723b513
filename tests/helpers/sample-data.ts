import path from "node:path";
import { loadConfig } from "../../src/config/load-config.ts";
import { loadCopy } from "../../src/content/load-copy.ts";
import { siteCopyFiles } from "../../src/content/copy-schema.ts";
import { loadDocuments } from "../../src/content/load-documents.ts";
import { licenseLines, licensesOn } from "../../src/content/licenses.ts";
import { defaultLanguageSettings } from "../../src/content/language-settings.ts";
import { siteFacts } from "../../src/content/placeholders.ts";
import { factsWithClaim } from "../../src/content/review-claim.ts";
import { diskSources } from "../../src/source-files.ts";
import type { ChromeLanguage } from "../../src/routes/site-views.ts";
import type { PageData } from "../../src/routes/page-props.ts";
import { planRoutes, type PlanRoutesOptions } from "../../src/routes/plan-routes.ts";
import { seoContext, withSeo } from "../../src/seo/page-seo.ts";
import { documentConditions } from "../../src/routes/privacy.ts";

export const ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * The sample site's validated config, copy and documents in its default language, straight from
 * the repository, with what planRoutes and chromeView need of that language; with `root`, those of
 * the site in that folder instead (a fixture, or a test's copy of one).
 */
export async function loadSample(root: string = ROOT) {
  const { site, notices } = await loadConfig({ path: path.join(root, "site.yaml"), displayPath: "site.yaml" });
  const content = path.join(root, "content");
  const facts = await factsWithClaim(site, siteFacts(site), diskSources, path.join(content, "chrome.yaml"), "content/chrome.yaml");
  const [copy, documents] = await Promise.all([
    loadCopy({ contentDir: content, displayDir: "content", facts, files: siteCopyFiles(site.services.map((service) => service.id)) }),
    loadDocuments({ contentDir: content, displayDir: "content", facts, conditions: documentConditions(site) }),
  ]);
  const { code, locale, name } = site.languages[0]!;
  const licenses = licenseLines(site);
  const language = { code, locale, name, prefix: "", isDefault: true, settings: defaultLanguageSettings(site) };
  const chromeLanguage: ChromeLanguage = { locale, leadFormId: site.integrations.leadForm?.formId, footerLicenses: licensesOn(licenses, "footer") };
  const cityIntros = Object.fromEntries(site.cities.map((city) => [city.slug, city.intro]));
  return { site, notices, facts, copy, ...documents, language, licenses, reviewClaim: facts.reviewClaim!, cityIntros, chromeLanguage };
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
