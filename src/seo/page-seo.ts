import type { Site } from "../config/schema.ts";
import type { Copy, OwnPageCopy, PageSection } from "../content/copy-schema.ts";
import type { BuiltImages, HeadView, ImageFile, Link, PageData, PlannedPage, SiteHeadView, TemplateName } from "../routes/page-props.ts";
import { escapeHtml } from "../content/markdown.ts";
import { defaultPaths } from "../routes/languages.ts";
import { townLinkLabel } from "../routes/site-views.ts";
import { absoluteUrl } from "../routes/urls.ts";
import { FEED_PATH } from "./feed.ts";
import { blogPosting, breadcrumbList, faqPage, jobPosting, jsonLdText, localBusiness, pageOffer, service, webPage, type JsonLd, type Offer } from "./json-ld.ts";
import { MANIFEST_PATH } from "./web-manifest.ts";
import { FIXED_KINDS, PAGE_KINDS, type FixedKind, type PageKind } from "../page-kinds.ts";

/** What every page's search and share metadata is made from. */
export interface SeoContext {
  site: Site;
  copy: Copy;
  siteUrl: string;
  images: BuiltImages;
  head: SiteHeadView;
  business: JsonLd;
  /** Absolute URL of the largest PNG icon: the publisher's logo. */
  logoUrl: string;
  /** A language's addresses for the default language's paths (src/routes/languages.ts); none for the default. */
  localize: (path: string) => string;
  /** The pages' language, written into structured data on a site with more than one language. */
  inLanguage?: string;
}

/** The shared part of every head, with the share pictures and icons the images stage made. */
export function seoContext(
  site: Site,
  copy: Copy,
  siteUrl: string,
  built: BuiltImages,
  language: { paths?: ReadonlyMap<string, string>; inLanguage?: string; feedTitle?: string } = {},
): SeoContext {
  const logo = built.icons.manifest.at(-1) ?? built.icons.appleTouch;
  const logoUrl = absoluteUrl(siteUrl, logo.path);
  const share = shareFile(built, site.brand.shareImage);
  return {
    logoUrl,
    localize: (path) => language.paths?.get(path) ?? path,
    inLanguage: language.inLanguage,
    site,
    copy,
    siteUrl,
    images: built,
    head: {
      themeColor: site.brand.themeColor,
      icon: { href: site.brand.icon, type: mediaType(site.brand.icon) },
      appleTouchIcon: built.icons.appleTouch.path,
      manifest: MANIFEST_PATH,
      // One feed, in the default language: its title is the default language's.
      feed: { href: FEED_PATH, title: language.feedTitle ?? copy.blog.title },
    },
    business: localBusiness({ site, siteUrl, image: absoluteUrl(siteUrl, share.path), logo: logoUrl }),
  };
}

/**
 * The seo stage: every planned page with its head completed by pageSeo. `reuse` (a dev server's
 * rebuild, src/plan/plan-memo.ts) may give the page made last time from the same planned page.
 */
export function withSeo(pages: readonly PlannedPage[], context: SeoContext, reuse?: (page: PlannedPage, make: () => PageData) => PageData): PageData[] {
  const make = (page: PlannedPage) => ({ ...page, head: { ...page.head, ...pageSeo(context, page) } }) as PageData;
  return pages.map((page) => (reuse ? reuse(page, () => make(page)) : make(page)));
}

/** Open Graph / Twitter card data and JSON-LD blocks of one page. */
export function pageSeo(context: SeoContext, page: PlannedPage): Pick<HeadView, "share" | "structuredData" | "site"> {
  const { site, siteUrl, copy } = context;
  const article = page.template === "article" ? page.page.article : undefined;
  const imageSrc = article?.image ?? site.brand.shareImage;
  const image = shareFile(context.images, imageSrc);
  const imageUrl = absoluteUrl(siteUrl, image.path);
  const crumb = (label: string, href: string): Link => ({ label, href: context.localize(href) });
  const paths = defaultPaths(site);
  const home = crumb(copy.chrome.breadcrumb.home, paths.home());

  const blocks = isFixedPage(page) ? fixedStructuredData(context, page) : (STRUCTURED_DATA[page.template] as StructuredData<typeof page.template>)({ context, page, home, crumb, imageUrl });

  return {
    share: {
      type: article ? "article" : "website",
      siteName: site.company.name,
      title: page.head.title,
      description: page.head.description,
      url: page.head.canonical,
      image: { url: imageUrl, width: image.width, height: image.height, type: image.type, alt: article?.imageAlt ?? site.brand.shareImageAlt ?? site.company.name },
      publishedTime: article?.date,
    },
    structuredData: blocks.map(jsonLdText),
    site: context.head,
  };
}

/** What a page's JSON-LD is made from. */
interface StructuredDataInput<T extends TemplateName> {
  context: SeoContext;
  page: Extract<PlannedPage, { template: T }>;
  /** The breadcrumb's first link, to the home page in the page's language. */
  home: Link;
  crumb: (label: string, href: string) => Link;
  imageUrl: string;
}
type StructuredData<T extends TemplateName> = (input: StructuredDataInput<T>) => JsonLd[];

/** A fixed kind's JSON-LD, as its registry entry names it (page-kinds.ts `fixed.structuredData`). */
function fixedStructuredData(context: SeoContext, page: Extract<PlannedPage, { template: FixedKind }>): JsonLd[] {
  const named = (PAGE_KINDS[page.template] as PageKind).fixed?.structuredData ?? [];
  return named.map((block) => (block === "business" ? context.business : faqPage(page.page.faq, page.head.canonical)));
}

function isFixedPage(page: PlannedPage): page is Extract<PlannedPage, { template: FixedKind }> {
  return (FIXED_KINDS as readonly string[]).includes(page.template);
}

/** Each other kind of page's JSON-LD blocks: one entry per kind of src/page-kinds.ts not `fixed` (a kind without one does not compile). */
const STRUCTURED_DATA: { [T in Exclude<TemplateName, FixedKind>]: StructuredData<T> } = {
  home: ({ context }) => [context.business],
  // A service's price tables are its offers; its FAQ sections its FAQPage, as an own page's are.
  service: ({ context, page }) => {
    const { copy } = page.page;
    const offers = sectionOffers(copy.sections, context.site);
    return [
      service({ site: context.site, siteUrl: context.siteUrl, name: copy.name, description: page.head.description, url: page.head.canonical, inLanguage: context.inLanguage, offers }),
      ...faqPageOf(copy.sections, page.head.canonical),
    ];
  },
  city: ({ context, page, home, crumb }) => {
    const { copy, site, siteUrl } = context;
    const paths = defaultPaths(site);
    const label = townLinkLabel(page.page.name, copy.city.nearby.linkSuffix);
    return [breadcrumbList([home, crumb(copy.chrome.nav.serviceAreas, paths.serviceAreas()), crumb(label, page.path)], siteUrl)];
  },
  blog: () => [],
  article: ({ context, page, home, crumb, imageUrl }) => {
    const { copy, site, siteUrl } = context;
    const { article } = page.page;
    const paths = defaultPaths(site);
    return [
      blogPosting({ article, url: page.head.canonical, image: imageUrl, site, siteUrl, logo: context.logoUrl, inLanguage: context.inLanguage }),
      breadcrumbList([home, crumb(copy.chrome.nav.blog, paths.blog()), crumb(article.title, paths.article(article.translationOf))], siteUrl),
    ];
  },
  legal: ({ context, page, crumb }) => [breadcrumbList(page.page.breadcrumb.map((link) => crumb(link.label, link.href)), context.siteUrl)],
  // An own page's FAQ sections are its FAQPage, as the service areas page's FAQ is.
  // One that is an offer or a job opening says so too (site.yaml's offer and job).
  own: ({ context, page }) => {
    const { copy } = page.page;
    const options = { site: context.site, siteUrl: context.siteUrl, name: copy.name, description: page.head.description, url: page.head.canonical, inLanguage: context.inLanguage };
    const entry = context.site.pages.find((own) => own.id === page.page.id)!;
    return [
      webPage(options),
      ...pageOffer({ ...options, page: entry }),
      ...jobPosting({ ...options, page: entry }, wordsAsHtml(copy)),
      ...faqPageOf(copy.sections, page.head.canonical),
    ];
  },
  "not-found": () => [],
};

/** One FAQPage of every question a page's FAQ sections show, each once; none without such a section. */
function faqPageOf(sections: readonly PageSection[], url: string): JsonLd[] {
  const items = sections.flatMap((section) => (section.type === "faq" ? section.items : []));
  const once = items.filter((item, index) => items.findIndex((other) => other.question === item.question) === index);
  return once.length > 0 ? [faqPage(once, url)] : [];
}

/** The rows of a page's price tables, each once, at site.yaml's amounts in its currency. */
function sectionOffers(sections: readonly PageSection[], site: Site): Offer[] {
  const offers = sections.flatMap((section) =>
    section.type === "prices" ? section.rows.map((row) => ({ name: row.label, price: site.prices.items[row.price]!, priceCurrency: site.prices.currency })) : [],
  );
  return offers.filter((offer, index) => offers.findIndex((other) => other.name === offer.name && other.price === offer.price) === index);
}

/** A page's words as simple HTML, in its order (a job posting's description): its hero, then each section's. */
function wordsAsHtml(copy: Pick<OwnPageCopy, "hero" | "sections">): string {
  const html: string[] = [`<p>${escapeHtml(copy.hero.text)}</p>`];
  const list = (items: readonly string[]) => (items.length > 0 ? [`<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join("")}</ul>`] : []);
  for (const section of copy.sections) {
    html.push(`<h2>${escapeHtml(section.heading)}</h2>`);
    if ("text" in section && section.text) html.push(`<p>${escapeHtml(section.text)}</p>`);
    if (section.type === "prose") html.push(...section.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`));
    if (section.type === "checklist") html.push(...list(section.items));
    if (section.type === "cards") html.push(...list(section.cards.map((card) => `${card.title}: ${card.text}`)));
    if (section.type === "steps") html.push(...list(section.steps.map((step) => `${step.title}: ${step.text}`)));
    if (section.type === "faq") html.push(...section.items.flatMap((item) => [`<h3>${escapeHtml(item.question)}</h3>`, `<p>${escapeHtml(item.answer)}</p>`]));
  }
  return html.join("");
}

function shareFile(images: BuiltImages, src: string): ImageFile {
  return images.share[src] ?? { path: src, width: 1200, height: 630, type: mediaType(src) };
}

function mediaType(src: string): string {
  if (/\.svg$/i.test(src)) return "image/svg+xml";
  if (/\.png$/i.test(src)) return "image/png";
  return "image/jpeg";
}
