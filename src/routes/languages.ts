import type { Site } from "../config/schema.ts";
import type { Edition } from "../content/edition.ts";
import { ADDRESSED_KINDS, PAGE_KINDS, translationUnit, type FixedKind, type PageKind } from "../page-kinds.ts";
import type { AlternateLink, PageLanguagesView, PlannedPage } from "./page-props.ts";
import { absoluteUrl, outFileFor, type OutputFormat } from "./urls.ts";

/** What the route planner needs of a language. */
export type RouteLanguage = Pick<Edition, "code" | "locale" | "name" | "prefix" | "isDefault" | "settings"> & Partial<Pick<Edition, "pending">>;

/** What the addresses of the default language come from: site.yaml's cityPath, services and own pages. */
export type SiteAddresses = Pick<Site, "cityPath" | "services"> & Partial<Pick<Site, "pages">>;

/**
 * The default language's addresses: the city and service pages' from site.yaml, the others fixed.
 * Another language has its own slugs after its /<code> prefix, the default's for those it lacks.
 */
function defaultSlugs(site: SiteAddresses): Record<string, string> {
  return {
    ...Object.fromEntries(site.services.map((service) => [service.id, service.path.slice(1)])),
    ...Object.fromEntries((site.pages ?? []).map((page) => [page.id, page.path.slice(1)])),
    // The fixed kinds' addresses from the registry; the towns' from site.yaml's cityPath.
    ...Object.fromEntries(ADDRESSED_KINDS.map((kind) => [kind, kind === "city" ? site.cityPath.slice(1).replace("{city}", "{slug}") : (PAGE_KINDS[kind] as PageKind).slug!])),
  };
}

/** Every address of one language's pages. */
export function languagePaths(language: Pick<RouteLanguage, "prefix" | "settings"> & Partial<Pick<RouteLanguage, "pending">>, site: SiteAddresses) {
  const slugs = { ...defaultSlugs(site), ...language.settings.slugs };
  const at = (slug: string) => `${language.prefix}/${slug}`;
  // A language that does not build a fixed kind's page (its words not translated) links to the default language's.
  const fixed = (kind: FixedKind) => (language.prefix === "" || builds(language, translationUnit(kind)) ? at(slugs[kind]!) : `/${defaultSlugs(site)[kind]}`);
  return {
    home: () => language.prefix || "/",
    service: (id: string) => at(slugs[id] ?? id),
    own: (id: string) => at(slugs[id] ?? id),
    /** A fixed kind's page (page-kinds.ts `fixed`). */
    page: fixed,
    serviceAreas: () => at(slugs["service-areas"]!),
    about: () => at(slugs.about!),
    city: (slug: string) => at(slugs.city!.replace("{slug}", slug)),
    blog: () => at(slugs.blog!),
    article: (slug: string) => at(`${slugs.blog}/${slug}`),
    legal: (slug: string) => at(slug),
    notFound: () => `${language.prefix}/404`,
    // Where a request sent without JavaScript ends.
    thankYou: () => fixed("thank-you"),
  };
}

/** The default language's addresses: what templates, copy and markdown link to. */
export function defaultPaths(site: SiteAddresses): LanguagePaths {
  // Asked for by every page's SEO: made once per site (a site is never changed, only replaced).
  let paths = defaultPathsOf.get(site);
  if (!paths) defaultPathsOf.set(site, (paths = languagePaths({ prefix: "", settings: { slugs: {} } as RouteLanguage["settings"] }, site)));
  return paths;
}
const defaultPathsOf = new WeakMap<SiteAddresses, LanguagePaths>();
export type LanguagePaths = ReturnType<typeof languagePaths>;

/** Whether a language builds a translation unit's pages (page-kinds.ts' translationUnit): those it translates, on purpose or not yet. */
export function builds(language: Pick<RouteLanguage, "settings" | "pending">, unit: string | undefined): boolean {
  if (unit === undefined) return true;
  return !language.settings.untranslated.includes(unit) && !language.pending?.pageTypes.includes(unit);
}

/** Where a language's page is written: its 404 page is `<code>/404.html`, found by hosts for paths under /<code>/. */
export function outFileOf(pagePath: string, language: Pick<RouteLanguage, "prefix">, format: OutputFormat): string {
  if (pagePath === `${language.prefix}/404`) return `${language.prefix.slice(1)}${language.prefix ? "/" : ""}404.html`;
  return outFileFor(pagePath, format);
}

/** One page in each language that has it, by the page's key (its default-language path). */
export interface LanguageLinks {
  /** hreflang alternates for every language version of the page, then x-default. */
  alternates: AlternateLink[];
  /** The language switcher: the same page in each other language (its home when it has no such page). */
  switcher: PageLanguagesView["switcher"];
}

/**
 * Links every page to its versions in the other languages: hreflang alternates (reciprocal, only
 * between pages that exist, none for the 404 pages) and the switcher's targets. A one-language site
 * gets none, so its pages are exactly what they were before languages existed.
 */
function linkLanguages(pages: readonly PlannedPage[], languages: readonly RouteLanguage[], siteUrl: string): Map<PlannedPage, LanguageLinks> {
  const links = new Map<PlannedPage, LanguageLinks>();
  if (languages.length < 2) return links;
  const versions = new Map<string, Map<string, PlannedPage>>();
  for (const page of pages) {
    const byLanguage = versions.get(page.key) ?? new Map<string, PlannedPage>();
    byLanguage.set(page.lang, page);
    versions.set(page.key, byLanguage);
  }
  const homes = new Map(pages.filter((page) => page.template === "home").map((page) => [page.lang, page.path]));
  const defaultCode = languages[0]!.code;
  for (const page of pages) {
    const same = versions.get(page.key)!;
    const alternates: AlternateLink[] = [];
    if (page.template !== "not-found" && same.size > 1) {
      for (const language of languages) {
        const version = same.get(language.code);
        if (version) alternates.push({ hreflang: language.code, href: absoluteUrl(siteUrl, version.path) });
      }
      const fallback = same.get(defaultCode);
      if (fallback) alternates.push({ hreflang: "x-default", href: absoluteUrl(siteUrl, fallback.path) });
    }
    const switcher = languages
      .filter((language) => language.code !== page.lang)
      .map((language) => {
        // A 404 page's other version is another "not found": the switcher offers that language's home.
        const version = page.template === "not-found" ? undefined : same.get(language.code)?.path;
        return { code: language.code, name: language.name, href: version ?? homes.get(language.code) ?? "/" };
      });
    links.set(page, { alternates, switcher });
  }
  return links;
}

/**
 * A language's addresses for the default language's: `/about` -> `/es/nosotros`, for every page
 * that language has. Links written in the default language's terms (templates, copy, markdown) are
 * pointed at the page in the reader's language; a page it does not have stays in the default one.
 */
export function localizedPaths(pages: readonly PlannedPage[], code: string): Map<string, string> {
  const paths = new Map<string, string>();
  for (const page of pages) if (page.lang === code && page.template !== "not-found") paths.set(page.key, page.path);
  return paths;
}

/** What a template calls on a link it writes: the link to the same page in the page's language. */
export type Localize = (href: string) => string;

/**
 * A language's links from its localizedPaths: `/about#team` -> `/es/nosotros#team`. Anything that
 * is not a path of a page the language has (a file, another site, a page it leaves in the default
 * language) stays as written.
 */
export function localizer(paths: ReadonlyMap<string, string>): Localize {
  return (href) => {
    if (!href.startsWith("/")) return href;
    const end = href.search(/[#?]/);
    const localized = paths.get(end < 0 ? href : href.slice(0, end));
    if (localized === undefined) return href;
    return end < 0 ? localized : localized + href.slice(end);
  };
}

/** The planned pages of every language, each head with its language versions (none on a one-language site). */
export function withLanguages(pages: PlannedPage[], languages: readonly RouteLanguage[], siteUrl: string): PlannedPage[] {
  if (languages.length < 2) return pages;
  const links = linkLanguages(pages, languages, siteUrl);
  const localeOf = new Map(languages.map((language) => [language.code, language.locale]));
  return pages.map((page) => {
    const { alternates, switcher } = links.get(page)!;
    // og:locale:alternate only for the languages this page has a version in.
    const localeAlternates = alternates.filter((link) => link.hreflang !== page.lang && localeOf.has(link.hreflang)).map((link) => localeOf.get(link.hreflang)!);
    return { ...page, head: { ...page.head, languages: { alternates, switcher, localeAlternates } } } as PlannedPage;
  });
}
