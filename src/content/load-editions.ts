import path from "node:path";
import * as z from "zod";
import type { Site } from "../config/schema.ts";
import { readYaml } from "../config/read-yaml.ts";
import type { Locator } from "../config/yaml-source.ts";
import { SiteError, sortProblems, type Problem } from "../errors.ts";
import { diskSources, type SourceFiles } from "../source-files.ts";
import type { Article, LegalPage } from "./article-schema.ts";
import { copyFiles, optionalCopyFiles, siteCopyFiles, type Copy } from "./copy-schema.ts";
import { ownLeadForm } from "../config/own-form.ts";
import { filesOf, UNTRANSLATABLE_KINDS } from "../page-kinds.ts";
import { loadCopy } from "./load-copy.ts";
import { loadDocuments, type LoadDocumentsOptions } from "./load-documents.ts";
import { licenseLines, type LicenseLine } from "./licenses.ts";
import { licensePlaceholder } from "../config/fact-names.ts";
import { fillPlaceholders, siteFacts, type Facts } from "./placeholders.ts";
import { factsWithClaim } from "./review-claim.ts";
import { missingChromeWords } from "./chrome-words.ts";
import { unlistedOwnPages } from "./unlisted-own-pages.ts";

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be lowercase letters, digits and single hyphens");
const line = z.string().trim().min(1, "must not be empty").max(300, "is too long (300 characters at most)");

/**
 * content/<code>/language.yaml: what a translation leaves out, its addresses and its words for facts.
 * What it may leave out and address are the kinds of page and the site's services, by id.
 */
export function languageSettingsSchemaFor(serviceIds: readonly string[]) {
  const units = [...UNTRANSLATABLE_KINDS, ...serviceIds];
  return z.strictObject({
    untranslated: z
      .array(z.enum(units as [string, ...string[]], { message: `must be one of: ${units.join(", ")} (kinds of page, then site.yaml's services and pages)` }))
      .default([])
      .describe("Pages left in the default language on purpose (a kind of page, or a service by its id): not built in this language; links lead to the default language's page"),
    untranslatedNote: line.optional().describe("Shown in this language's footer when a page type is left untranslated"),
    slugs: z
      .strictObject({
        ...Object.fromEntries(serviceIds.map((id) => [id, slug])),
        "service-areas": slug,
        about: slug,
        city: z.string().regex(/^[a-z0-9-]*\{slug\}[a-z0-9-]*$/, "must contain {slug} (the city's slug), e.g. servicio-{slug}"),
        blog: slug,
        "thank-you": slug,
      })
      .partial()
      .default({})
      .describe("This language's addresses, after its /<code>/ prefix (services by their id); the default language's are used for the others"),
    facts: z
      .record(z.string(), line)
      .default({})
      .describe("Facts whose text is in words (arrivalWindow: 2–4 horas); the numbers must be those of site.yaml"),
    companyDescription: z
      .string()
      .trim()
      .min(1, "must not be empty")
      .max(3000)
      .describe("site.yaml's company.description in this language: the business in structured data"),
    shareImageAlt: line.optional().describe("site.yaml's brand.shareImageAlt in this language"),
    licenseLabels: z
      .record(z.string(), line)
      .default({})
      .describe("The licences' names in this language, by their name in site.yaml; their numbers come from site.yaml"),
  });
}

/** language.yaml's schema without services, for its type. */
const languageSettingsSchema = languageSettingsSchemaFor([]);
export type LanguageSettings = Omit<z.output<typeof languageSettingsSchema>, "untranslated" | "slugs"> & { untranslated: string[]; slugs: Record<string, string | undefined> };

/** One language's content: the default's from content/, another's from content/<code>/. */
export interface Edition {
  code: string;
  locale: string;
  name: string;
  /** True for the first language of site.yaml. */
  isDefault: boolean;
  /** "" for the default language, "/es" for Spanish. */
  prefix: string;
  copy: Copy;
  facts: Facts;
  articles: Article[];
  legal: LegalPage[];
  settings: LanguageSettings;
  /** The lead form in this language. */
  leadFormId?: string;
  /** Each licence as this language writes it ("Label #number") and where it is shown. */
  licenses: LicenseLine[];
  /** Each city page's own paragraph in this language, by the city's slug. */
  cityIntros: Record<string, string>;
  /** A town's name in this language where it differs from site.yaml's, by the city's slug. */
  cityNames: Record<string, string>;
  /** Builds fine but should be fixed (`check --strict` fails): clumsy text, translations still to write. */
  warnings: Problem[];
  /** What this language has not translated yet: those pages are built in the default language only. */
  pending: Pending;
  /** Worth knowing, nothing broken: what a language leaves out until it is translated. */
  notices: string[];
}

/** A translation's gaps: pages (kinds, or services by id) whose copy lacks something, and towns without their paragraph. */
export interface Pending {
  pageTypes: string[];
  cities: string[];
}

/** The default language's settings: nothing left out, its own addresses and words, site.yaml's texts. */
export function defaultLanguageSettings(site: Site): LanguageSettings {
  return { untranslated: [], slugs: {}, facts: {}, licenseLabels: {}, companyDescription: site.company.description, shareImageAlt: site.brand.shareImageAlt };
}

export interface LoadEditionsOptions {
  site: Site;
  contentDir: string;
  displayDir: string;
  /** Where the files are read; the disk by default. */
  sources?: SourceFiles;
  convert?: LoadDocumentsOptions["convert"];
  conditions?: LoadDocumentsOptions["conditions"];
  /** Filled with where each loaded file's keys are (length warnings name the key). */
  positions?: Map<string, Locator>;
}

/** The customers' own words: shown as written in every language. */
const SHARED_FILES = ["testimonials.yaml"];

/** What language.yaml's `untranslated` may name: kinds of page, and the site's services and own pages by id. */
function translationUnits(site: Site): string[] {
  return [...UNTRANSLATABLE_KINDS, ...pageIds(site)];
}

/** The ids language.yaml names pages by: the services', then the own pages'. */
function pageIds(site: Site): string[] {
  return [...site.services.map((service) => service.id), ...site.pages.map((page) => page.id)];
}

/** Every copy file of the site, with its schema. */
function siteFiles(site: Site) {
  return siteCopyFiles(
    site.services.map((service) => service.id),
    { ownIds: site.pages.map((page) => page.id), priceNames: Object.keys(site.prices.items), leads: ownLeadForm(site) !== undefined },
  );
}

/**
 * A copy file under pages/ that is no page's (a service's copy from before services were a list):
 * named, with where it goes now, instead of being silently ignored. Nothing is moved or deleted.
 */
async function strayPageFiles(sources: SourceFiles, contentDir: string, displayDir: string): Promise<Problem[]> {
  const names = await sources.list(path.join(contentDir, "pages")).catch(() => [] as string[]);
  return names
    .filter((name) => name.endsWith(".yaml") && !Object.hasOwn(copyFiles, `pages/${name}`) && !Object.hasOwn(optionalCopyFiles, `pages/${name}`))
    .sort()
    .map((name) => ({
      file: `${displayDir}/pages/${name}`,
      message: `not a page of gopher-site; a service's copy is ${displayDir}/services/${name} now, with - id: ${name.slice(0, -5)} in site.yaml's services: move it there`,
    }));
}

/** Every language's content, the default first; the problems of every language at once. */
export async function loadEditions(options: LoadEditionsOptions): Promise<Edition[]> {
  const { site } = options;
  const [first, ...others] = site.languages;
  const sources = options.sources ?? diskSources;
  const facts = await factsWithClaim(site, siteFacts(site), sources, path.join(options.contentDir, "chrome.yaml"), `${options.displayDir}/chrome.yaml`);
  const warnings: Problem[] = [];
  const load = { contentDir: options.contentDir, displayDir: options.displayDir, facts, warnings, sources, positions: options.positions };
  const files = siteFiles(site);
  const folders = [["", ""], ...others.map((language) => [`/${language.code}`, `/${language.code}`])];
  const stray = (await Promise.all(folders.map(([sub, shown]) => strayPageFiles(sources, options.contentDir + sub, options.displayDir + shown)))).flat();
  if (stray.length > 0) throw new SiteError(sortProblems(stray));
  const unlisted = (await Promise.all(folders.map(([sub, shown]) => unlistedOwnPages(sources, site, options.contentDir + sub, options.displayDir + shown)))).flat();
  const [copy, documents] = await Promise.all([
    loadCopy({ ...load, files }),
    loadDocuments({ ...load, convert: options.convert, conditions: options.conditions }),
  ]);
  const chromeFile = `${options.displayDir}/chrome.yaml`;
  const unworded = missingChromeWords(site, copy.chrome, chromeFile, options.positions?.get(chromeFile));
  if (unworded.length > 0) throw new SiteError(unworded);
  const base: Edition = {
    ...first!,
    isDefault: true,
    prefix: "",
    copy,
    facts,
    ...documents,
    settings: defaultLanguageSettings(site),
    leadFormId: first!.leadFormId ?? site.integrations.leadForm?.formId,
    licenses: licenseLines(site),
    cityIntros: Object.fromEntries(site.cities.map((city) => [city.slug, city.intro])),
    cityNames: {},
    warnings,
    pending: { pageTypes: [], cities: [] },
    notices: unlisted,
  };
  const problems: Problem[] = [];
  const translated = await Promise.all(
    others.map((language) =>
      loadTranslation({ ...options, language, base }).catch((error: unknown) => {
        if (!(error instanceof SiteError)) throw error;
        problems.push(...error.problems);
        return undefined;
      }),
    ),
  );
  if (problems.length > 0) throw new SiteError(sortProblems(problems));
  // A language whose shared texts (home, header and footer, FAQ, 404 page) are not all translated
  // is left out whole until they are; its gaps are the default language's warnings.
  const kept = (translated as Array<Edition | Gaps>).filter((edition): edition is Edition => {
    if ("copy" in edition) return true;
    base.warnings.push(...edition.warnings);
    base.notices.push(`${edition.name} (${edition.code}) is left out: its shared texts are not all translated yet (the warnings name each one)`);
    return false;
  });
  return [base, ...kept];
}

/**
 * A translation's language.yaml and the facts its texts are filled with: site.yaml's, prices as its
 * locale writes them, its words for facts and its licences' labels. The editor's preview fills with these too.
 */
export async function translationFacts(
  site: Site,
  language: Site["languages"][number],
  sources: SourceFiles,
  contentDir: string,
  displayDir: string,
  figures = siteFacts(site, language.locale),
): Promise<{ settings: LanguageSettings; licenses: LicenseLine[]; facts: Facts }> {
  const folder = path.join(contentDir, language.code);
  const shown = `${displayDir}/${language.code}`;
  // Its own words for the review claim, read ahead of the copy that may name {reviewClaim}.
  const localeFacts = await factsWithClaim(site, figures, sources, path.join(folder, "chrome.yaml"), `${shown}/chrome.yaml`);
  const read = await readSettings(sources, path.join(folder, "language.yaml"), `${shown}/language.yaml`, localeFacts, site);
  const licenses = licenseLines(site, read.settings.licenseLabels);
  const facts: Facts = { ...read.facts, ...Object.fromEntries(licenses.map((line) => [licensePlaceholder(line.name), line.text])) };
  return { settings: read.settings, licenses, facts };
}

/** A language left out whole: what it still lacks. */
interface Gaps {
  code: string;
  name: string;
  warnings: Problem[];
}

async function loadTranslation(options: LoadEditionsOptions & { language: Site["languages"][number]; base: Edition }): Promise<Edition | Gaps> {
  const { language, base, site } = options;
  const contentDir = path.join(options.contentDir, language.code);
  const displayDir = `${options.displayDir}/${language.code}`;
  const sources = options.sources ?? diskSources;
  const { settings, licenses, facts } = await translationFacts(site, language, sources, options.contentDir, options.displayDir, language.locale === base.locale ? base.facts : undefined);
  const ownIds = site.pages.map((page) => page.id);
  const filesOfUnit = (unit: string) => filesOf(unit, ownIds);
  const skipped = new Set([...SHARED_FILES, ...settings.untranslated.flatMap(filesOfUnit)]);
  const files = siteFiles(site);
  const warnings: Problem[] = [];
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
  const pageTypes = translationUnits(site).filter((type) => filesOfUnit(type).some((file) => pendingCopy.has(file)));
  for (const [name, gaps] of pendingCopy) {
    const type = pageTypes.find((each) => filesOfUnit(each).includes(name));
    const what = type ? `version of the ${type === "blog" ? "blog and its articles" : `${type} page${type === "city" ? "s" : ""}`}` : "site";
    warnings.push(...gaps.map((gap) => ({ ...gap, message: `${version(what)} (${gap.message})` })));
  }
  warnings.push(...cities.missing.map((gap) => ({ ...gap, message: version(`page of ${site.cities.find((city) => `${city.slug}.intro` === gap.field)?.name ?? "this town"}`) })));
  const shared = [...pendingCopy.keys()].some((name) => !pageTypes.some((type) => filesOfUnit(type).includes(name)));
  if (shared) return { code: language.code, name: language.name, warnings };
  const left = [...pageTypes.map((type) => (type === "blog" ? "the blog" : `the ${type} page${type === "city" ? "s" : ""}`))];
  if (cities.missing.length > 0) left.push(`${cities.missing.length} town page${cities.missing.length === 1 ? "" : "s"}`);
  const notices = left.length > 0 ? [`${language.name} (${language.code}): ${left.join(", ")} not translated yet, so built in the default language only (check --strict fails until they are)`] : [];
  return {
    ...language,
    isDefault: false,
    prefix: `/${language.code}`,
    // A service left untranslated keeps its default-language copy (its name in the menu, for one).
    copy: { ...base.copy, ...copy, services: { ...base.copy.services, ...copy.services }, own: { ...base.copy.own, ...copy.own } },
    facts,
    ...documents,
    settings,
    leadFormId: language.leadFormId ?? site.integrations.leadForm?.formId,
    licenses,
    cityIntros: cities.intros,
    cityNames: cities.names,
    warnings,
    pending: { pageTypes, cities: cities.missing.map((gap) => gap.field!.replace(/\.intro$/, "")) },
    notices,
  };
}

const cityIntro = z.strictObject({
  name: z.string().trim().min(1, "must not be empty").max(80, "is too long (80 characters at most)").optional().describe("The town's name in this language, if it has one; site.yaml's otherwise"),
  intro: z.string().trim().min(1, "must not be empty").max(3000, "is too long (3,000 characters at most)"),
});
/** content/<code>/cities.yaml: a paragraph (and a name, if the language has one) by city slug (the editor checks a save's keys against it too). */
export const cityIntrosSchema = z.record(z.string(), cityIntro);

/**
 * content/<code>/cities.yaml: every city's own paragraph in the language, by slug; no other city
 * fact. A town without its paragraph yet is `missing` (its page is not built in the language).
 */
async function readCityIntros(sources: SourceFiles, absolute: string, file: string, site: Site, facts: Facts): Promise<{ intros: Record<string, string>; names: Record<string, string>; missing: Problem[] }> {
  const problems: Problem[] = [];
  const slugs = site.cities.map((city) => city.slug);
  const missingFrom = (present: (slug: string) => boolean): Problem[] =>
    slugs.filter((slug) => !present(slug)).map((slug) => ({ file, line: 1, field: `${slug}.intro`, message: `missing: site.yaml has the city "${slug}"` }));
  let text = "";
  try {
    text = await sources.readText(absolute);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return { intros: {}, names: {}, missing: missingFrom(() => false) };
    throw new SiteError([{ file, message: `cannot read (${code})` }]);
  }
  const read = readYaml(file, text, cityIntrosSchema, problems);
  if (!read) throw new SiteError(problems);
  const known = new Set(slugs);
  for (const slug of Object.keys(read.data)) {
    if (!known.has(slug)) problems.push({ file, ...read.source().locate([slug]), field: slug, message: `no city in site.yaml has this slug` });
  }
  if (problems.length > 0) throw new SiteError(problems);
  const present = slugs.filter((slug) => slug in read.data);
  return {
    intros: Object.fromEntries(present.map((slug) => [slug, fillPlaceholders(read.data[slug]!.intro, facts)])),
    names: Object.fromEntries(present.flatMap((slug) => (read.data[slug]!.name ? [[slug, read.data[slug]!.name]] : []))),
    missing: missingFrom((slug) => slug in read.data),
  };
}

/** Reads language.yaml; its words for facts must name known facts and carry their numbers. */
async function readSettings(sources: SourceFiles, absolute: string, file: string, facts: Facts, site: Site): Promise<{ settings: LanguageSettings; facts: Facts }> {
  let text: string;
  try {
    text = await sources.readText(absolute);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === "ENOENT" ? "file not found; every language but the first needs one (its addresses and what it leaves untranslated)" : `cannot read (${code})`;
    throw new SiteError([{ file, message: reason }]);
  }
  const problems: Problem[] = [];
  const read = readYaml(file, text, languageSettingsSchemaFor(pageIds(site)), problems);
  if (!read) throw new SiteError(problems);
  for (const [name, words] of Object.entries(read.data.facts)) {
    const at = { file, ...read.source().locate(["facts", name]), field: `facts.${name}` };
    if (name === "reviewClaim") {
      problems.push({ ...at, message: "is worded in chrome.yaml's badge.claim now, with {reviewAverage} and {reviewCount}: move the words there" });
      continue;
    }
    if (!Object.hasOwn(facts, name)) {
      problems.push({ ...at, message: `no such fact; known: ${Object.keys(facts).sort().join(", ")}` });
      continue;
    }
    const expected = numbersIn(facts[name]!);
    const found = numbersIn(words);
    if (expected.join(",") !== found.join(",")) {
      problems.push({ ...at, message: `has the numbers (${found.join(", ") || "none"}), site.yaml's ${name} has (${expected.join(", ") || "none"}): "${facts[name]}"` });
    }
  }
  const licenseNames = new Set(site.licenses.map((license) => license.name));
  for (const name of Object.keys(read.data.licenseLabels)) {
    if (licenseNames.has(name)) continue;
    const known = [...licenseNames].join(", ") || "none";
    problems.push({ file, ...read.source().locate(["licenseLabels", name]), field: `licenseLabels.${name}`, message: `site.yaml has no licence named ${name}; its licences: ${known}` });
  }
  // What a reader of this language must be told, and site.yaml's texts it must have in its words.
  if (read.data.untranslated.length > 0 && !read.data.untranslatedNote) {
    problems.push({ file, ...read.source().locate(["untranslated"]), field: "untranslatedNote", message: "is required with untranslated: it tells readers which pages are in the default language only" });
  }
  if (site.brand.shareImageAlt && !read.data.shareImageAlt) {
    problems.push({ file, line: 1, field: "shareImageAlt", message: "missing: site.yaml has brand.shareImageAlt" });
  }
  if (problems.length > 0) throw new SiteError(problems);
  return { settings: read.data, facts: { ...facts, ...read.data.facts } };
}

/** The numbers in a text, without their thousands separators: "$1,500 and 24–48 hours" -> 1500, 24, 48. */
function numbersIn(text: string): string[] {
  return text.match(/\d+(?:[.,]\d+)*/g)?.map((number) => number.replace(/[.,]/g, "")) ?? [];
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
