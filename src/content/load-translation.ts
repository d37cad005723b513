import path from "node:path";
import type { Site } from "../config/schema.ts";
import { SiteError, sortProblems, type Problem } from "../errors.ts";
import { filesOf, UNTRANSLATABLE_KINDS } from "../page-kinds.ts";
import { diskSources } from "../source-files.ts";
import { townLabels } from "../config/town-place.ts";
import { readCityIntros } from "./city-intros.ts";
import { siteFiles, type Edition, type LoadEditionsOptions } from "./edition.ts";
import { pageIds, translationFacts } from "./language-settings.ts";
import { loadCopy } from "./load-copy.ts";
import { loadDocuments } from "./load-documents.ts";

/** The customers' own words: shown as written in every language. */
const SHARED_FILES = ["testimonials.yaml"];

/** What language.yaml's `untranslated` may name: kinds of page, and the site's services and own pages by id. */
function translationUnits(site: Site): string[] {
  return [...UNTRANSLATABLE_KINDS, ...pageIds(site)];
}

/** A language left out whole: what it still lacks. */
export interface Gaps {
  code: string;
  name: string;
  warnings: Problem[];
}

/**
 * One translation's content from content/<code>/: its language.yaml, copy, articles, legal pages
 * and towns. The kinds it leaves untranslated keep the default language's copy; what it has not
 * translated yet is pending (a warning per gap, one notice), and a gap in the texts every page
 * shares leaves the whole language out (its Gaps).
 */
export async function loadTranslation(options: LoadEditionsOptions & { language: Site["languages"][number]; base: Edition }): Promise<Edition | Gaps> {
  const { language, base, site } = options;
  const contentDir = path.join(options.contentDir, language.code);
  const displayDir = `${options.displayDir}/${language.code}`;
  const sources = options.sources ?? diskSources;
  const { settings, licenses, facts, warnings: settingsWarnings } = await translationFacts(site, language, sources, options.contentDir, options.displayDir, language.locale === base.locale ? base.facts : undefined);
  const ownIds = site.pages.map((page) => page.id);
  const filesOfUnit = (unit: string) => filesOf(unit, ownIds);
  const skipped = new Set([...SHARED_FILES, ...settings.untranslated.flatMap(filesOfUnit)]);
  const files = siteFiles(site);
  const warnings: Problem[] = [...settingsWarnings];
  const pendingCopy = new Map<string, Problem[]>();
  const load = { contentDir, displayDir, facts, warnings, sources, positions: options.positions };
  const [copy, documents, cities] = await allProblems([
    loadCopy({ ...load, files, skip: skipped, reference: { copy: base.copy, displayDir: options.displayDir }, pending: pendingCopy }),
    loadDocuments({
      ...load,
      convert: options.convert,
      conditions: options.conditions,
      translation: {
        of: new Set(base.articles.map((article) => article.slug)),
        legalOf: new Set(base.legal.map((page) => page.slug)),
        blog: !settings.untranslated.includes("blog"),
        legal: !settings.untranslated.includes("legal"),
      },
    }),
    settings.untranslated.includes("city")
      ? { intros: base.cityIntros, names: {}, missing: [] }
      : readCityIntros(sources, path.join(contentDir, "cities.yaml"), `${displayDir}/cities.yaml`, site, facts),
  ]);
  const version = (what: string) => `not translated yet: the /${language.code}/ ${what} is left out until it is`;
  // A blog with no article translated yet is left out as its untranslated words would leave it.
  const noArticles = !settings.untranslated.includes("blog") && documents.articles.length === 0;
  const pageTypes = translationUnits(site).filter((type) => filesOfUnit(type).some((file) => pendingCopy.has(file)) || (type === "blog" && noArticles));
  if (noArticles) warnings.push({ file: `${displayDir}/blog`, message: `${version("blog")} (no article translated yet: translate one, named like the article it translates)` });
  for (const [name, gaps] of pendingCopy) {
    const type = pageTypes.find((each) => filesOfUnit(each).includes(name));
    const what = type ? `version of the ${type === "blog" ? "blog and its articles" : `${type} page${type === "city" ? "s" : ""}`}` : "site";
    warnings.push(...gaps.map((gap) => ({ ...gap, message: `${version(what)} (${gap.message})` })));
  }
  const labels = townLabels(site);
  // A town left untranslated on purpose (language.yaml's untranslated names its slug) is no gap.
  const townOf = (gap: Problem) => (gap.field ?? "").replace(/\.intro$/, "");
  const missingTowns = cities.missing.filter((gap) => !settings.untranslated.includes(townOf(gap)));
  warnings.push(...missingTowns.map((gap) => ({ ...gap, message: version(`page of ${labels.get(townOf(gap)) ?? "this town"}`) })));
  const shared = [...pendingCopy.keys()].some((name) => !pageTypes.some((type) => filesOfUnit(type).includes(name)));
  if (shared) return { code: language.code, name: language.name, warnings };
  const left = [...pageTypes.map((type) => (type === "blog" ? "the blog" : `the ${type} page${type === "city" ? "s" : ""}`))];
  if (missingTowns.length > 0) left.push(`${missingTowns.length} town page${missingTowns.length === 1 ? "" : "s"}`);
  const notices = left.length > 0 ? [`${language.name} (${language.code}): ${left.join(", ")} not translated yet, so built in the default language only (check --strict fails until they are)`] : [];
  const named = <T extends { name: string }>(copies: Record<string, T>): Record<string, T> =>
    Object.fromEntries(Object.entries(settings.names).flatMap(([id, name]) => (name && copies[id] ? [[id, { ...copies[id], name }]] : [])));
  return {
    ...language,
    isDefault: false,
    prefix: `/${language.code}`,
    // A service left untranslated keeps its default-language copy, but for the name language.yaml gives it.
    copy: { ...base.copy, ...copy, services: { ...base.copy.services, ...copy.services, ...named(base.copy.services) }, own: { ...base.copy.own, ...copy.own, ...named(base.copy.own) } },
    facts,
    ...documents,
    settings,
    leadFormId: language.leadFormId ?? site.integrations.leadForm?.formId,
    licenses,
    cityIntros: cities.intros,
    cityNames: cities.names,
    warnings,
    pending: { pageTypes, cities: [...new Set([...cities.missing.map(townOf), ...site.cities.map((city) => city.slug).filter((slug) => settings.untranslated.includes(slug))])] },
    notices,
  };
}

/** Awaits every load; when some fail for the user's input, one SiteError with all their problems. */
async function allProblems<T extends readonly unknown[]>(loads: { [K in keyof T]: Promise<T[K]> | T[K] }): Promise<T> {
  const settled = await Promise.allSettled(loads);
  const problems: Problem[] = [];
  for (const result of settled) {
    if (result.status === "fulfilled") continue;
    if (!(result.reason instanceof SiteError)) throw result.reason;
    problems.push(...result.reason.problems);
  }
  if (problems.length > 0) throw new SiteError(sortProblems(problems));
  return settled.map((result) => (result as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
