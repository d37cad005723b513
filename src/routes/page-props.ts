import type { Article, LegalPage } from "../content/article-schema.ts";
import type { ChromeCopy, Copy, CtaCopy, OwnPageCopy, ServiceCopy, ThankYouCopy } from "../content/copy-schema.ts";
import type { CopyKey, FixedCopyFile, FixedKind, PageKindName } from "../page-kinds.ts";

/** Everything the templates receive. Plain data: no functions, no file access. */

export interface Link {
  label: string;
  href: string;
  /** The label's language, when it is not the page's (a page left untranslated, named in the default language). */
  lang?: string;
  /** The linked page's language, when it is not the page's (a page left untranslated). */
  hreflang?: string;
}

/** Links the menu shows under one name: a disclosure that opens without JavaScript. */
export interface NavGroup {
  label: string;
  links: Link[];
}

/** A city (or town) in a distance-sortable list. */
export interface PlaceLink extends Link {
  lat: number;
  lng: number;
}

export interface ReviewBadgeView {
  claim: string;
  stars: number;
  links: Link[];
}

/** A customer's quote as a review section shows it. */
export interface TestimonialView {
  quote: string;
  name: string;
  /** "Temecula, CA" */
  place: string;
  stars: number;
  /** The quote's language, when it is not the page's: the customers' own words are not translated. */
  lang?: string;
}

/**
 * A review section: the owner's testimonials and review links in the HTML, and the reviews widget
 * loading after them when it can.
 */
export interface ReviewsWidgetView {
  testimonials: TestimonialView[];
  /** The review links, with site.yaml's reviews. */
  readAll?: Link;
  writeReview?: Link;
  /** The review provider's widget, with site.yaml's integrations.reviewsWidget. */
  widget?: { scriptUrl: string; iframeUrl: string; title: string };
}

/** The lead provider's form, as the call-back modal and its script need it. */
export interface LeadFormView {
  formUrl: string;
  formId: string;
  formName: string;
  embedScriptUrl: string;
  allowedOrigins: string[];
}

/** The site's own call-back form (site.yaml's leads), as the modal shows it in one language. */
export interface OwnFormView {
  /** Where it posts: /api/lead, or with Netlify Forms the thank-you page. */
  action: string;
  /** Netlify Forms' attributes (its form name and honeypot). */
  netlify: boolean;
  lang: string;
  /** The path of this language's thank-you page. */
  thanks: string;
  towns: Array<{ value: string; label: string }>;
  services: Array<{ value: string; label: string }>;
  words: NonNullable<ChromeCopy["leadForm"]>;
  /** Cloudflare Turnstile's site key, with site.yaml's leads.turnstile. */
  turnstileSiteKey?: string;
}

/** What every page shares: header, footer, mobile bar, modal, toast. */
export interface ChromeView {
  /** en-US: how dates and numbers are written. */
  locale: string;
  /** On a translation that leaves some pages in the default language: a note in the footer. */
  untranslatedNote?: string;
  company: string;
  /**
   * The company name split where the brand's short name ends ("Gopher Guard" + " Family Trapping"),
   * so the header can show the short name where space is tight; `rest` is empty when the name
   * does not start with the short name.
   */
  brandName: { lead: string; rest: string };
  siteUrl: string;
  phone: { display: string; tel: string };
  email: string;
  /** The licences shown in the footer (site.yaml's shownOn), as the page's language names them. */
  licenses: string[];
  copyright: string;
  copy: ChromeCopy;
  /** The menu: links, and the services as one group when there are many (site-views.ts). */
  nav: Array<Link | NavGroup>;
  footerServices: Link[];
  footerCompany: Link[];
  footerLegal: Link[];
  /** The call-back form, when site.yaml has a lead provider; quote buttons write an e-mail without one. */
  leadForm?: LeadFormView;
  /** The site's own form, with site.yaml's leads and no lead provider. */
  ownForm?: OwnFormView;
  analyticsId?: string;
  /** Consent Mode defaults, with the tag manager only. */
  consent?: ConsentDefaults;
  /** Successful call-back toast, phone filled in. */
  toast: string;
  defaultLocation: { lat: number; lng: number };
  /** The street address, town, state and ZIP code, when site.yaml's base gives a street. */
  address?: string;
  /** The business hours in the page's language ("Mon–Fri 7:00 AM – 6:00 PM"), then the special days coming up. */
  hours?: string[];
  /** The footer's line for the days open 24 hours ("Open 24/7"), when site.yaml's openingHours has such days. */
  openAllDay?: string;
  /** The emergency line in the footer: the language's words, then site.yaml's number. */
  emergency?: { label: string; phone: { display: string; tel: string } };
  /** The notice at the top of every page, on the days site.yaml gives it (the build's day decides). */
  notice?: { label: string; text: string };
}

/** The document shell's inputs. */
export interface HeadView {
  title: string;
  description: string;
  canonical: string;
  /** The path of this page, e.g. `/about` (404: the requested path is unknown). */
  path: string;
  /** `<html lang>` */
  lang: string;
  /** en-US: og:locale, dates and prices. */
  locale: string;
  /** The path the navigation marks as current: the page's default-language path. */
  navPath: string;
  /** Only on a site with more than one language. */
  languages?: PageLanguagesView;
  noindex?: boolean;
  /** The own form's town or service this page is about (a town's page, a service's): chosen for the visitor. */
  formChoice?: { town?: string; service?: string };
  /** Open Graph and Twitter card tags. */
  share: ShareView;
  /** JSON-LD blocks, already serialised so that no text can close the script element. */
  structuredData: string[];
  /** Icons, manifest, feed and theme colour: one object shared by every page. */
  site: SiteHeadView;
}

/** How a link to the page looks when shared on a social network or in a chat. */
export interface ShareView {
  type: "website" | "article";
  siteName: string;
  title: string;
  description: string;
  url: string;
  image: { url: string; width: number; height: number; type: string; alt: string };
  /** Articles: the publish date, yyyy-mm-dd. */
  publishedTime?: string;
}

export interface SiteHeadView {
  themeColor: string;
  icon: { href: string; type: string };
  appleTouchIcon: string;
  manifest: string;
  feed: { href: string; title: string };
}

/** A generated image file: public path, pixel size and media type. */
export interface ImageFile {
  path: string;
  width: number;
  height: number;
  type: string;
}

/** A raster image from public/ in the widths and formats the build made of it. */
export interface ResponsiveImage {
  width: number;
  height: number;
  /** The source's own format, for browsers without AVIF or WebP. */
  fallback: { src: string; srcset: string };
  /** Best first: AVIF, then WebP. */
  sources: Array<{ type: string; srcset: string }>;
}

/** What the images stage made: responsive renditions, share pictures and icons. */
export interface BuiltImages {
  /** By the public path pages use, e.g. `/images/yard.jpg`. */
  responsive: Record<string, ResponsiveImage>;
  /** 1200x630 PNG (or JPEG for photos) renditions for link previews, by source path. */
  share: Record<string, ImageFile>;
  /** 180 px apple-touch-icon, then the 192 px and 512 px web manifest icons. */
  icons: { appleTouch: ImageFile; manifest: ImageFile[] };
}

export interface AssetsView {
  /** The whole stylesheet: what a page of a kind without its own loads. */
  stylesheet: string;
  /** Each page kind's stylesheet (src/assets/build-styles.ts): a page loads its kind's, or the whole one. */
  pageStylesheets?: Partial<Record<string, string>>;
  /** The scripts of a page whose template names no bundle (a project's own older templates). */
  scripts: string[];
  /** Each page bundle's script (src/assets/build-scripts.ts): a page loads the one its template names. */
  pageScripts?: Record<string, string>;
  /** The icon sprite (content-hashed); icons are drawn inline without it. */
  icons?: string;
  /** Responsive renditions of the raster images pages use, by public path. */
  images?: Record<string, ResponsiveImage>;
}

/** The head as the route planner makes it; the seo stage adds share data, structured data and the site's icons. */
export type PlannedHead = Pick<HeadView, "title" | "description" | "canonical" | "path" | "noindex" | "lang" | "locale" | "navPath" | "languages" | "formChoice">;

/** `<link rel="alternate" hreflang>`: the same page in another language, or x-default. */
export interface AlternateLink {
  hreflang: string;
  href: string;
}

/** A page's other language versions, on a site with more than one language. */
export interface PageLanguagesView {
  alternates: AlternateLink[];
  /** The switcher's links: each other language's version of the page (or its home). */
  switcher: Array<{ code: string; name: string; href: string }>;
  /** The other languages' locales, for og:locale:alternate. */
  localeAlternates: string[];
}

interface PageBase<T extends string, P, H> {
  template: T;
  path: string;
  /** The page's language code (site.yaml's languages). */
  lang: string;
  /** The same page's path in the default language: what links its language versions. */
  key: string;
  outFile: string;
  head: H;
  page: P;
}

/** Every page of the site, with its head `H`. */
type Pages<H> =
  | PageBase<"home", { copy: Copy["home"]; faq: Copy["faq"]["items"]; badge?: ReviewBadgeView; reviews?: ReviewsWidgetView; cities: PlaceLink[]; nearestCount: number; cta: Copy["chrome"]["cta"]["default"] }, H>
  | PageBase<"service", ServicePageView, H>
  | PageBase<"city", CityPageView, H>
  | PageBase<"blog", { copy: Copy["blog"]; articles: ArticleCard[] }, H>
  | PageBase<"article", { copy: Copy["article"]; article: Article }, H>
  | PageBase<"legal", { legal: LegalPage; breadcrumb: Link[]; /** The licences shown on every legal page. */ licenses: string[]; /** The opt-out control (privacy policy with advertising tags). */ privacyChoices?: PrivacyChoicesView }, H>
  | PageBase<"own", OwnPageView, H>
  | PageBase<"not-found", { copy: Copy["notFound"] }, H>
  | { [K in FixedKind]: PageBase<K, FixedPageView<FixedCopy<K>>, H> }[FixedKind];

/**
 * A page of a fixed kind (src/page-kinds.ts `fixed`: about, service areas, thank-you): its copy and
 * the site's common views, the same for every such kind; its template shows what it needs.
 */
export interface FixedPageView<C> {
  copy: C;
  faq: Copy["faq"]["items"];
  /** Every town with a page, nearest the base first. */
  cities: PlaceLink[];
  /** The licences site.yaml's shownOn lists for this kind (only a kind with `licensePlace` may be named there; none otherwise). */
  licenses: string[];
  /** The service area's map, embedded. */
  mapUrl: string;
  /** The same map on the provider's own page. */
  mapLink: string;
  cta: Copy["chrome"]["cta"];
}

/** A fixed kind's copy: its one copy file's (optional files, as thank-you's, are there when it is built). */
export type FixedCopy<K extends FixedKind> = NonNullable<Copy[CopyKey<FixedCopyFile<K>> & keyof Copy]>;

/** A page as the route planner makes it (src/routes/plan-routes.ts). */
export type PlannedPage = Pages<PlannedHead>;

/** A page ready to render: its head complete (src/seo/page-seo.ts). */
export type PageData = Pages<HeadView>;

export type TemplateName = PageData["template"];
// The pages' props cover exactly the kinds of src/page-kinds.ts: a kind added there without its props fails here.
type SameNames<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const TEMPLATES_ARE_KINDS: SameNames<TemplateName, PageKindName> = true;

/** A service as a card names it: for a `services` section, from its copy in the page's language. */
export interface ServiceCardView {
  id: string;
  name: string;
  summary: string;
  icon: string;
  /** Its page's address in the default language (templates localize it). */
  href: string;
  /** A service left in the default language: its page's language, and its name's when not named in this one (its summary is in it). */
  hreflang?: string;
  nameLang?: string;
}

/** A service's page: its copy, with what the site adds to it. */
export interface ServicePageView {
  /** site.yaml's id of the service. */
  id: string;
  copy: ServiceCopy;
  badge?: ReviewBadgeView;
  reviews?: ReviewsWidgetView;
  /** The licences shown on it (site.yaml's shownOn). */
  licenses: string[];
  /** Each price table row's price as the page's locale writes it, by site.yaml's name. */
  prices: Record<string, string>;
  /** The other services, for a `services` section. */
  services: ServiceCardView[];
  /** The e-mail quote link, when its copy has an emailQuote. */
  mailto?: string;
  /** Its own call to action, or chrome.yaml's default. */
  cta: CtaCopy;
}

/** A page of the owner's own: its copy, with what the site adds to its sections. */
export interface OwnPageView {
  /** site.yaml's id of the page. */
  id: string;
  copy: OwnPageCopy;
  /** Each price table row's price as the page's locale writes it, by site.yaml's name. */
  prices: Record<string, string>;
  /** Every service, for a `services` section. */
  services: ServiceCardView[];
  reviews?: ReviewsWidgetView;
}

export interface CityPageView {
  name: string;
  slug: string;
  copy: Copy["city"];
  intro: string;
  neighborhoods: string[];
  nearby: PlaceLink[];
  /** "View All Service Areas", when fewer than 4 nearby towns are listed. */
  allAreas?: Link;
  badge?: ReviewBadgeView;
  reviews?: ReviewsWidgetView;
  heroImage: string;
  cta: Copy["chrome"]["cta"]["city"];
}

export interface ArticleCard {
  title: string;
  href: string;
  excerpt: string;
  image: string;
  imageAlt: string;
  category: string;
  date: string;
}

/** What a template is called with. */
export type TemplateProps<T extends TemplateName = TemplateName> = {
  chrome: ChromeView;
  assets: AssetsView;
} & Extract<PageData, { template: T }>;

/** Whether analytics and advertising are granted before the visitor chooses (Google Consent Mode v2). */
export interface ConsentDefaults {
  analytics: boolean;
  advertising: boolean;
  /** Whether the container runs advertising tags at all: without them nothing, not even a choice stored in the browser, grants advertising. */
  advertisingTags: boolean;
}

/** An icon of the sprite's beyond the templates' own (a Lucide one): its name and shapes as [tag, attributes]. */
export interface IconSymbolView {
  name: string;
  elements: Array<[tag: string, attributes: Record<string, string>]>;
}

/** The opt-out section of the privacy policy (routes/privacy.ts), when advertising tags run. */
export interface PrivacyChoicesView {
  id: string;
  copy: Copy["chrome"]["privacyChoices"];
}
