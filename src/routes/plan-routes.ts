import type { Site } from "../config/schema.ts";
import type { Article, LegalPage } from "../content/article-schema.ts";
import type { Copy } from "../content/copy-schema.ts";
import { licensesOn, type LicenseLine } from "../content/licenses.ts";
import { placeholderFiller } from "../content/placeholders.ts";
import { LIMITS } from "../content/quality.ts";
import { SiteError } from "../errors.ts";
import type { FixedPageView, HeadView, PlaceLink, PlannedPage, ReviewsWidgetView } from "./page-props.ts";
import { privacyChoicesSection } from "./privacy.ts";
import { citiesByDistance, nearbyLinks, reviewBadge, reviewsWidget, townsBySlug } from "./site-views.ts";
import { builds, defaultPaths as defaultPathsOf, languagePaths, outFileOf, type LanguagePaths, type RouteLanguage } from "./languages.ts";
import { absoluteUrl, type OutputFormat } from "./urls.ts";
import { formatPrice } from "../content/money.ts";
import { copyKey, FIXED_KINDS, PAGE_KIND_NAMES, PAGE_KINDS, translationUnit, type FixedKind, type PageKind, type PageKindName } from "../page-kinds.ts";
import { townLabels, townRegion } from "../config/town-place.ts";
import { ownLeadForm } from "../config/own-form.ts";

export interface PlanRoutesOptions {
  site: Site;
  copy: Copy;
  articles: Article[];
  legal: LegalPage[];
  /** Overrides site.siteUrl (the --site-url flag). */
  siteUrl?: string;
  format?: OutputFormat;
  /** The language of these pages (an edition of src/content/edition.ts). */
  language: RouteLanguage;
  /** The licences as this language names them; the review claim in its words. */
  licenses: readonly LicenseLine[];
  /** None for a site without reviews. */
  reviewClaim?: string;
  /** Each city page's own paragraph in this language, by slug. */
  cityIntros: Record<string, string>;
  /** A town's name in this language where it has its own (content/<code>/cities.yaml), by slug. */
  cityNames?: Record<string, string>;
  /** A dev server's rebuild (src/plan/plan-memo.ts): the town's page made last time, when nothing it is made from changed; `make()` otherwise. */
  reuseCity?: (city: Site["cities"][number], make: () => PlannedPage) => PlannedPage;
  /** Likewise the list of every town nearest first (the home, service areas and about pages). */
  reuseTownList?: (make: () => PlaceLink[]) => PlaceLink[];
}

/**
 * One language's pages, in a stable order: pure, no I/O. checkPlan then checks the whole site's
 * plan; the seo stage adds each head's share and structured data (src/seo/page-seo.ts).
 */
export function planRoutes(options: PlanRoutesOptions): PlannedPage[] {
  const { site, copy, articles, legal, language } = options;
  const defaultPaths = defaultPathsOf(site);
  const siteUrl = options.siteUrl ?? site.siteUrl;
  const format = options.format ?? site.format;
  // Pages and lists name the towns in the page's language; testimonials keep the town their customer wrote.
  // Towns as they are named where a name stands alone: in this language, with the state when two share a name.
  const named = withTownLabels(withTownNames(site, options.cityNames));
  const listTowns = () => citiesByDistance(named, defaultPaths);
  const cities = options.reuseTownList ? options.reuseTownList(listTowns) : listTowns();
  const paths = languagePaths(language, site);
  const licenses = options.licenses;
  const claim = options.reviewClaim;
  const badge = reviewBadge(site, copy, undefined, claim);
  // The customers' quotes are in the default language: on another language's page they say so (lang).
  const quotesLang = language.isDefault ? undefined : site.languages[0]!.code;
  const reviews = reviewsWidget(site, copy, {}, quotesLang);
  const cityReviews = cityReviewsView(site, copy, quotesLang);
  const cta = copy.chrome.cta;
  const towns = townsBySlug(named, defaultPaths);
  const fillCityCopy = cityCopyFiller(copy.city, site);
  // A `services` section's cards, named in this language's copy (a service it leaves untranslated: the default's words and page).
  const defaultCode = site.languages[0]!.code;
  const serviceCards = site.services.map((service) => {
    const { name, summary, icon } = copy.services[service.id]!;
    const left = !language.isDefault && language.settings.untranslated.includes(service.id);
    const marks = left ? { hreflang: defaultCode, ...(language.settings.names[service.id] ? {} : { nameLang: defaultCode }) } : {};
    return { id: service.id, name, summary, icon, href: defaultPaths.service(service.id), ...marks };
  });
  const prices = Object.fromEntries(Object.entries(site.prices.items).map(([name, price]) => [name, formatPrice(price, site.prices.currency, language.locale, copy.chrome.prices)]));

  const page = <T extends PlannedPage["template"]>(
    template: T,
    [path, key]: readonly [path: string, key: string],
    meta: { title: string; description: string; noindex?: boolean },
    data: Extract<PlannedPage, { template: T }>["page"],
    formChoice?: HeadView["formChoice"],
  ): PlannedPage =>
    ({
      template,
      path,
      lang: language.code,
      key,
      outFile: outFileOf(path, language, format),
      head: {
        title: meta.title,
        description: meta.description,
        noindex: meta.noindex,
        path,
        canonical: absoluteUrl(siteUrl, path),
        lang: language.code,
        locale: language.locale,
        navPath: key,
        ...(formChoice ? { formChoice } : {}),
      },
      page: data,
    }) as PlannedPage;
  /** A page's path in this language and in the default one (its key). */
  const at = (route: (paths: LanguagePaths) => string) => [route(paths), route(defaultPaths)] as const;

  /** The pages of a kind this language builds; none of one it leaves untranslated (not even planned). */
  const when = (template: PlannedPage["template"], make: () => PlannedPage[]) => (builds(language, translationUnit(template)) ? make() : []);

  /** A town's page. */
  const cityPage = (listed: Site["cities"][number]): PlannedPage => {
    const name = options.cityNames?.[listed.slug];
    const city = name ? { ...listed, name } : listed;
    const cityCopy = fillCityCopy(city);
    return page(
      "city",
      at((p) => p.city(city.slug)),
      { title: cityCopy.title, description: cityCopy.description },
      {
        name: townLabels(named).get(city.slug) ?? city.name,
        slug: city.slug,
        copy: cityCopy,
        intro: options.cityIntros?.[city.slug] ?? city.intro,
        neighborhoods: city.neighborhoods,
        // The words unfilled: {city} in them is the nearby town's name, not this page's.
        nearby: nearbyLinks(site, city, copy.city.nearby.linkSuffix, towns),
        allAreas: city.nearby.length < 4 ? { label: cityCopy.nearby.allAreasLabel, href: defaultPaths.serviceAreas() } : undefined,
        badge: reviewBadge(site, copy, city, claim),
        reviews: cityReviews(listed.name),
        heroImage: "/images/hero-city.svg",
        cta: cta.city,
      },
      { town: townLabels(site).get(listed.slug) ?? listed.name },
    );
  };

  /** A page of a fixed kind (page-kinds.ts `fixed`), from its registry entry alone: its copy and the common views. */
  const fixedPage = (kind: FixedKind): PlannedPage[] => {
    const entry = PAGE_KINDS[kind] as PageKind & { fixed: NonNullable<PageKind["fixed"]> };
    // Its copy by the key its file is loaded under (copyKey): the one cast, as a kind's copy type is found by that key.
    const pageCopy = (copy as unknown as Record<string, { title: string; description: string } | undefined>)[copyKey(entry.copy[0]!)];
    if (!pageCopy || (entry.fixed.withOwnForm && !ownLeadForm(site)) || !builds(language, translationUnit(kind))) return [];
    const view: FixedPageView<typeof pageCopy> = { copy: pageCopy, faq: copy.faq.items, cities, licenses: licensesOn(licenses, kind), mapUrl: mapEmbedUrl(site), mapLink: mapEmbedUrl(site, false), cta };
    return [page(kind, at((p) => p.page(kind)), entry.fixed.noindex ? { ...pageCopy, noindex: true } : pageCopy, view as FixedPageView<never>)];
  };

  // Every kind of page in the registry's order (the sitemap's): the fixed kinds from their entry, the others here.
  const kinds: { [K in Exclude<PageKindName, FixedKind>]: () => PlannedPage[] } = {
    home: () => [
      page("home", at((p) => p.home()), copy.home, {
        copy: copy.home,
        faq: copy.faq.items,
        badge,
        reviews,
        cities,
        nearestCount: copy.home.cities.count,
        cta: cta.default,
      }),
    ],
    service: () =>
      site.services
        .filter((service) => builds(language, translationUnit("service", service.id)))
        .map((service) => {
          const serviceCopy = copy.services[service.id]!;
          return page("service", at((p) => p.service(service.id)), serviceCopy, {
            id: service.id,
            copy: serviceCopy,
            badge,
            reviews: reviewsWidget(site, copy, { service: service.id }, quotesLang),
            licenses: licensesOn(licenses, service.id),
            prices,
            services: serviceCards.filter((card) => card.id !== service.id),
            ...(serviceCopy.emailQuote ? { mailto: `mailto:${site.email}?subject=${encodeURIComponent(serviceCopy.emailQuote.subject)}` } : {}),
            cta: serviceCopy.cta ?? cta.default,
          }, { service: service.id });
        }),
    city: () =>
      when("city", () =>
        site.cities.filter((city) => !language.pending?.cities.includes(city.slug)).map((listed) => {
          const make = () => cityPage(listed);
          return options.reuseCity ? options.reuseCity(listed, make) : make();
        }),
      ),
    blog: () =>
      when("blog", () => [
        page("blog", at((p) => p.blog()), copy.blog, {
          copy: copy.blog,
          articles: articles.map((article) => ({
            title: article.title,
            href: defaultPaths.article(article.translationOf),
            excerpt: article.excerpt,
            image: article.image,
            imageAlt: article.imageAlt,
            category: article.category,
            date: article.date,
          })),
        }),
      ]),
    article: () =>
      when("article", () =>
        articles.map((article) =>
          page(
            "article",
            [paths.article(article.slug), defaultPaths.article(article.translationOf)],
            { title: articleTitle(article.title, copy.article.titleSuffix), description: article.description },
            { copy: copy.article, article },
          ),
        ),
      ),
    legal: () =>
      when("legal", () =>
        legal.map((doc) => {
          const privacyChoices = privacyChoicesSection(site, copy, defaultPaths.legal(doc.slug));
          return page("legal", at((p) => p.legal(doc.slug)), doc, {
            legal: doc,
            licenses: licensesOn(licenses, "legal"),
            ...(privacyChoices ? { privacyChoices } : {}),
            breadcrumb: [
              { label: copy.chrome.breadcrumb.home, href: defaultPaths.home() },
              { label: doc.heading, href: defaultPaths.legal(doc.slug) },
            ],
          });
        }),
      ),
    own: () =>
      site.pages
        .filter((own) => builds(language, translationUnit("own", own.id)))
        .map((own) => {
          const ownCopy = copy.own[own.id]!;
          return page("own", at((p) => p.own(own.id)), ownCopy, { id: own.id, copy: ownCopy, prices, services: serviceCards, reviews });
        }),
    "not-found": () => [page("not-found", at((p) => p.notFound()), { ...copy.notFound, noindex: true }, { copy: copy.notFound })],
  };
  const pages = PAGE_KIND_NAMES.flatMap((kind) => (isFixed(kind) ? fixedPage(kind) : kinds[kind]()));

  return pages;
}

function isFixed(kind: PageKindName): kind is FixedKind {
  return (FIXED_KINDS as readonly string[]).includes(kind);
}

/**
 * The whole site's plan, every language, in one pass: two pages writing one file, or two pages of
 * a language with one title, is a mistake in the input. A page of another language than the
 * default (its path is not its key) has its addresses from its language's slugs.
 */
export function checkPlan(pages: readonly PlannedPage[]): void {
  const problems = [];
  const byFile = new Map<string, PlannedPage>();
  const byTitle = new Map<string, string>();
  for (const page of pages) {
    const other = byFile.get(page.outFile);
    if (other) problems.push({ file: page.outFile, message: clashMessage(other, page) });
    else byFile.set(page.outFile, page);
    const title = `${page.lang} ${page.head.title}`;
    const sameTitle = byTitle.get(title);
    if (sameTitle) problems.push({ file: page.outFile, message: `${page.path} has the same <title> as ${sameTitle}: "${page.head.title}"` });
    else byTitle.set(title, page.path);
  }
  if (problems.length > 0) throw new SiteError(problems);
}

/** What to change when `page` would write `other`'s file. */
function clashMessage(other: PlannedPage, page: PlannedPage): string {
  const translated = [other, page].find((each) => each.path !== each.key);
  if (other.lang === page.lang) {
    // An own page's address is the owner's to choose; a legal page's comes from its file name.
    const own = [other, page].find((each) => each.template === "own");
    const fix = translated ? `; change the slugs in content/${page.lang}/language.yaml` : own?.template === "own" ? `; give the page ${own.page.id} another path in site.yaml's pages` : "";
    return `both ${other.path} and ${page.path} would be written here${fix}`;
  }
  const fix = translated ? ` or change the slugs in content/${translated.lang}/language.yaml` : "";
  return `both ${other.path} (${other.lang}) and ${page.path} (${page.lang}) would be written here; rename the ${other.lang} page${fix}`;
}

/** The article's title with the site suffix, unless that would make it too long for search results. */
export function articleTitle(title: string, suffix: string): string {
  const full = `${title} ${suffix}`;
  return full.length <= LIMITS.title ? full : title;
}

/** The maps provider's address for the service area: for the embedded frame, or to open on its own. */
function mapEmbedUrl(site: Site, embed = true): string {
  const { embedUrl, zoom, center } = site.integrations.map;
  const url = new URL(embedUrl);
  url.searchParams.set("q", `${center.lat},${center.lng}`);
  url.searchParams.set("z", String(zoom));
  if (embed) url.searchParams.set("output", "embed");
  return url.toString();
}

/** The site with each town named as it stands alone: with its state when another town has its name (town-place.ts). */
function withTownLabels(site: Site): Site {
  const labels = townLabels(site);
  const relabel = <T extends { slug: string; name: string }>(town: T): T => (labels.get(town.slug) === town.name ? town : { ...town, name: labels.get(town.slug)! });
  if (![...site.cities, ...site.townsWithoutPage].some((town) => labels.get(town.slug) !== town.name)) return site;
  return { ...site, cities: site.cities.map(relabel), townsWithoutPage: site.townsWithoutPage.map(relabel) };
}

/** The site with its towns named as `names` (by slug) gives them; the same site without any. */
function withTownNames(site: Site, names: Record<string, string> | undefined): Site {
  if (!names || Object.keys(names).length === 0) return site;
  return { ...site, cities: site.cities.map((city) => (names[city.slug] ? { ...city, name: names[city.slug]! } : city)) };
}

/**
 * A city page's copy with {city} and {region} (the town's own state) filled: one filler per state,
 * each sharing the parts of the copy that name neither.
 */
function cityCopyFiller(copy: Copy["city"], site: Site): (city: Site["cities"][number]) => Copy["city"] {
  const byRegion = new Map<string, (name: string) => Copy["city"]>();
  return (city) => {
    const region = townRegion(site, city);
    let fill = byRegion.get(region);
    if (!fill) byRegion.set(region, (fill = placeholderFiller(placeholderFiller(copy, "region")(region), "city")));
    return fill(city.name);
  };
}

/**
 * A city's review section: its own town's testimonials first. Towns without any share one view
 * object, so the block is rendered once for all of them (<Reuse> keys on the props).
 */
function cityReviewsView(site: Site, copy: Copy, quotesLang?: string): (town: string) => ReviewsWidgetView | undefined {
  const towns = new Set(copy.testimonials.items.map((item) => item.town));
  const shared = reviewsWidget(site, copy, {}, quotesLang);
  return (town) => (towns.has(town) ? reviewsWidget(site, copy, { town }, quotesLang) : shared);
}
