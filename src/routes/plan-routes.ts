import type { Site } from "../config/schema.ts";
import type { Article, LegalPage } from "../content/article-schema.ts";
import type { Copy } from "../content/copy-schema.ts";
import { licenseText, placeholderFiller } from "../content/placeholders.ts";
import { LIMITS } from "../content/quality.ts";
import { SiteError } from "../errors.ts";
import type { PlannedPage, ReviewsWidgetView } from "./page-props.ts";
import { privacyChoicesSection } from "./privacy.ts";
import { citiesByDistance, nearbyLinks, reviewBadge, reviewsWidget, townsBySlug } from "./site-views.ts";
import { absoluteUrl, articlePath, cityPath, outFileFor, type OutputFormat } from "./urls.ts";

export interface PlanRoutesOptions {
  site: Site;
  copy: Copy;
  articles: Article[];
  legal: LegalPage[];
  /** Overrides site.siteUrl (the --site-url flag). */
  siteUrl?: string;
  format?: OutputFormat;
}

/**
 * Every page of the site, in a stable order: pure, no I/O. Throws if two pages share a file. The
 * seo stage then adds each head's share and structured data (src/seo/page-seo.ts).
 */
export function planRoutes(options: PlanRoutesOptions): PlannedPage[] {
  const { site, copy, articles, legal } = options;
  const siteUrl = options.siteUrl ?? site.siteUrl;
  const format = options.format ?? site.format;
  const cities = citiesByDistance(site);
  const badge = reviewBadge(site, copy);
  const reviews = reviewsWidget(site, copy);
  const cityReviews = cityReviewsView(site, copy);
  const cta = copy.chrome.cta;
  const towns = townsBySlug(site);
  const fillCityCopy = placeholderFiller(copy.city, "city");

  const page = <T extends PlannedPage["template"]>(
    template: T,
    path: string,
    meta: { title: string; description: string; noindex?: boolean },
    data: Extract<PlannedPage, { template: T }>["page"],
  ): PlannedPage =>
    ({
      template,
      path,
      outFile: path === "/404" ? "404.html" : outFileFor(path, format),
      head: { title: meta.title, description: meta.description, noindex: meta.noindex, path, canonical: absoluteUrl(siteUrl, path) },
      page: data,
    }) as PlannedPage;

  const pages: PlannedPage[] = [
    page("home", "/", copy.home, {
      copy: copy.home,
      faq: copy.faq.items,
      badge,
      reviews,
      cities,
      nearestCount: copy.home.cities.count,
      cta: cta.default,
    }),
    page("residential", "/residential-gopher-control", copy.residential, {
      copy: copy.residential,
      badge,
      reviews: reviewsWidget(site, copy, { service: "residential" }),
      cta: cta.default,
    }),
    page("commercial", "/commercial-gopher-control", copy.commercial, {
      copy: copy.commercial,
      badge,
      reviews: reviewsWidget(site, copy, { service: "commercial" }),
      mailto: `mailto:${site.email}?subject=${encodeURIComponent(copy.commercial.emailSubject)}`,
      licenses: [
        licenseText(site.licenses.pesticide),
        licenseText(site.licenses.qualifiedApplicator),
      ],
      cta: cta.default,
    }),
    page("service-areas", "/service-areas", copy.serviceAreas, {
      copy: copy.serviceAreas,
      faq: copy.faq.items,
      cities,
      mapUrl: mapEmbedUrl(site),
      mapLink: mapEmbedUrl(site, false),
      cta: cta.city,
    }),
    page("about", "/about", copy.about, {
      copy: copy.about,
      pesticideLicense: licenseText(site.licenses.pesticide),
      cities,
    }),
    ...site.cities.map((city) => {
      const cityCopy = fillCityCopy(city.name);
      return page(
        "city",
        cityPath(city.slug),
        { title: cityCopy.title, description: cityCopy.description },
        {
          name: city.name,
          slug: city.slug,
          copy: cityCopy,
          intro: city.intro,
          neighborhoods: city.neighborhoods,
          nearby: nearbyLinks(site, city, cityCopy.nearby.linkSuffix, towns),
          allAreas: city.nearby.length < 4 ? { label: cityCopy.nearby.allAreasLabel, href: "/service-areas" } : undefined,
          badge: reviewBadge(site, copy, city),
          reviews: cityReviews(city.name),
          heroImage: "/images/hero-city.svg",
          cta: cta.city,
        },
      );
    }),
    page("blog", "/blog", copy.blog, {
      copy: copy.blog,
      articles: articles.map((article) => ({
        title: article.title,
        href: articlePath(article.slug),
        excerpt: article.excerpt,
        image: article.image,
        imageAlt: article.imageAlt,
        category: article.category,
        date: article.date,
      })),
    }),
    ...articles.map((article) =>
      page(
        "article",
        articlePath(article.slug),
        { title: articleTitle(article.title, copy.article.titleSuffix), description: article.description },
        { copy: copy.article, article },
      ),
    ),
    ...legal.map((doc) => {
      const privacyChoices = privacyChoicesSection(site, copy, `/${doc.slug}`);
      return page("legal", `/${doc.slug}`, doc, {
        legal: doc,
        licenses: [licenseText(site.licenses.business), licenseText(site.licenses.applicator)],
        ...(privacyChoices ? { privacyChoices } : {}),
        breadcrumb: [
          { label: copy.chrome.breadcrumb.home, href: "/" },
          { label: doc.heading, href: `/${doc.slug}` },
        ],
      });
    }),
    page("not-found", "/404", { ...copy.notFound, noindex: true }, { copy: copy.notFound }),
  ];

  checkPlan(pages);
  return pages;
}

/** Two pages writing one file, or two pages with one title, is a mistake in the input. */
export function checkPlan(pages: readonly PlannedPage[]): void {
  const problems = [];
  const byFile = new Map<string, string>();
  const byTitle = new Map<string, string>();
  for (const page of pages) {
    const other = byFile.get(page.outFile);
    if (other) problems.push({ file: page.outFile, message: `both ${other} and ${page.path} would be written here` });
    byFile.set(page.outFile, page.path);
    const sameTitle = byTitle.get(page.head.title);
    if (sameTitle) problems.push({ file: page.outFile, message: `${page.path} has the same <title> as ${sameTitle}: "${page.head.title}"` });
    byTitle.set(page.head.title, page.path);
  }
  if (problems.length > 0) throw new SiteError(problems);
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

/**
 * A city's review section: its own town's testimonials first. Towns without any share one view
 * object, so the block is rendered once for all of them (<Reuse> keys on the props).
 */
function cityReviewsView(site: Site, copy: Copy): (town: string) => ReviewsWidgetView {
  const towns = new Set(copy.testimonials.items.map((item) => item.town));
  const shared = reviewsWidget(site, copy);
  return (town) => (towns.has(town) ? reviewsWidget(site, copy, { town }) : shared);
}
