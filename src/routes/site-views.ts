import type { City, Site } from "../config/schema.ts";
import { streetAddress, townNamed, townPlace } from "../config/town-place.ts";
import type { Copy, Testimonial } from "../content/copy-schema.ts";
import { fillPlaceholders } from "../content/placeholders.ts";
import { defaultPaths, type LanguagePaths } from "./languages.ts";
import { noticeShown } from "../content/build-day.ts";
import { sortByDistance } from "./distance.ts";
import { hoursLines, openAllDayLine, specialHoursLines } from "../content/hours.ts";
import { consentDefaults, PRIVACY_POLICY_PATH, privacyChoicesLink } from "./privacy.ts";
import type { ChromeView, Link, PlaceLink, ReviewBadgeView, ReviewsWidgetView } from "./page-props.ts";
import { withQuery } from "./urls.ts";
import { ownFormView, type OwnFormLanguage } from "./lead-form.ts";

/** What differs in the chrome from language to language, besides the copy. */
export interface ChromeLanguage {
  locale: string;
  leadFormId?: string;
  /** The licences shown in the footer, as this language names them. */
  footerLicenses: string[];
  /** The footer's note that some pages are in the default language only. */
  untranslatedNote?: string;
  /** What the site's own call-back form needs of the language, with site.yaml's leads. */
  ownForm?: OwnFormLanguage;
  /** The services and own pages this language leaves in the default language (`code`), and those it names in its own words. */
  leftInDefault?: { code: string; ids: ReadonlySet<string>; named: ReadonlySet<string> };
}

/**
 * The shared chrome of every page, from site.yaml and content/chrome.yaml (or a language's copy of
 * it). Its links are the default language's addresses; each language's render points them at its own.
 * `day` is the build's (build-day.ts): site.yaml's notice is shown when it falls between its days.
 */
export function chromeView(site: Site, copy: Copy, language: ChromeLanguage, day?: string): ChromeView {
  const chrome = copy.chrome;
  const { analytics } = site.integrations;
  const leadForm = site.integrations.leadForm && { ...site.integrations.leadForm, formId: language.leadFormId ?? site.integrations.leadForm.formId };
  const ownForm = language.ownForm && ownFormView(site, copy, language.ownForm);
  const paths = defaultPaths(site);
  const marked = languageMarks(language.leftInDefault);
  const services = serviceLinks(site, copy, paths).map((link, index) => ({ ...link, ...marked(site.services[index]!.id) }));
  const own = (place: "main" | "footer") => site.pages.filter((page) => page.menu === place).map((page) => ({ label: copy.own[page.id]!.name, href: paths.own(page.id), ...marked(page.id) }));
  return {
    locale: language.locale,
    ...(language.untranslatedNote ? { untranslatedNote: language.untranslatedNote } : {}),
    company: site.company.name,
    brandName: splitBrandName(site.company.name, site.brand.shortName),
    siteUrl: site.siteUrl,
    phone: site.phone,
    email: site.email,
    licenses: language.footerLicenses,
    copyright: chrome.footer.copyright,
    copy: chrome,
    nav: [
      { label: chrome.nav.home, href: paths.home() },
      ...(services.length >= GROUPED_FROM ? [{ label: chrome.footer.services, links: services }] : services),
      { label: chrome.nav.serviceAreas, href: paths.serviceAreas() },
      { label: chrome.nav.about, href: paths.about() },
      { label: chrome.nav.blog, href: paths.blog() },
      ...own("main"),
    ],
    footerServices: [...services, { label: chrome.nav.serviceAreas, href: paths.serviceAreas() }],
    footerCompany: [
      { label: chrome.nav.about, href: paths.about() },
      { label: chrome.nav.blog, href: paths.blog() },
      ...own("footer"),
    ],
    footerLegal: [
      { label: chrome.footer.privacy, href: PRIVACY_POLICY_PATH },
      { label: chrome.footer.terms, href: paths.legal("terms-of-service") },
      ...privacyChoicesLink(site, copy),
    ],
    ...(leadForm
      ? {
          leadForm: {
            formUrl: `${leadForm.widgetUrl.replace(/\/+$/, "")}/${encodeURIComponent(leadForm.formId)}`,
            formId: leadForm.formId,
            formName: leadForm.formName,
            embedScriptUrl: leadForm.embedScriptUrl,
            allowedOrigins: leadForm.allowedOrigins.map((origin) => origin.replace(/\/+$/, "")),
          },
        }
      : {}),
    ...(ownForm ? { ownForm } : {}),
    analyticsId: analytics?.containerId,
    consent: consentDefaults(site),
    toast: chrome.toast,
    defaultLocation: site.defaultLocation,
    ...hoursAndNotice(site, chrome, language.locale, day),
  };
}

/** The address, the hours, the days open 24 hours, the emergency line and the notice, each only when the site has it. */
function hoursAndNotice(site: Site, chrome: Copy["chrome"], locale: string, day: string | undefined): Pick<ChromeView, "address" | "hours" | "openAllDay" | "emergency" | "notice"> {
  const openAllDay = openAllDayLine(site, chrome.openAllDay, locale);
  const hours = [...hoursLines(site, locale), ...(day === undefined ? [] : specialHoursLines(site, chrome.hours?.closed, locale, day))];
  const address = streetAddress(site);
  return {
    ...(address ? { address } : {}),
    ...(hours.length > 0 ? { hours } : {}),
    ...(openAllDay ? { openAllDay } : {}),
    ...(site.emergency && chrome.emergency ? { emergency: { label: chrome.emergency, phone: site.emergency.phone } } : {}),
    ...(chrome.notice && day !== undefined && noticeShown(site, day) ? { notice: chrome.notice } : {}),
  };
}

/**
 * From this many services on, the menu lists them in one group (the footer's "Services"): the
 * header holds about six links in a row at the large breakpoint, and a phone's menu stays short.
 */
const GROUPED_FROM = 3;

/** A link to a page left in the default language says so: hreflang, and lang on a name in the default language's words. */
function languageMarks(left: ChromeLanguage["leftInDefault"]): (id: string) => Pick<Link, "lang" | "hreflang"> {
  return (id) => (left?.ids.has(id) ? { hreflang: left.code, ...(left.named.has(id) ? {} : { lang: left.code }) } : {});
}

/** The service pages, in site.yaml's order, by the names their copy gives them. */
function serviceLinks(site: Site, copy: Copy, paths: LanguagePaths): Link[] {
  return site.services.map((service) => ({ label: copy.services[service.id]!.name, href: paths.service(service.id) }));
}

/** "Acme Family Pools" with short name "Acme" -> lead "Acme", rest " Family Pools". */
function splitBrandName(name: string, shortName: string | undefined): { lead: string; rest: string } {
  const short = shortName?.trim();
  if (!short || short.length >= name.length || !name.startsWith(short) || !/\s/.test(name[short.length]!)) return { lead: name, rest: "" };
  return { lead: short, rest: name.slice(short.length) };
}

/**
 * The review badge; on a city page it names the city and tags the directory link. None without an
 * average (reviews.stars) and `claim`, the language's {reviewClaim}.
 */
export function reviewBadge(site: Site, copy: Copy, city: City | undefined, claim: string | undefined): ReviewBadgeView | undefined {
  const labels = copy.chrome.badge;
  if (site.reviews?.stars === undefined || claim === undefined) return undefined;
  const links: Link[] = [];
  if (city?.googleReviewsUrl) {
    links.push({ label: fillPlaceholders(labels.googleCityLink, { city: city.name }), href: city.googleReviewsUrl });
  } else {
    links.push({ label: labels.searchEngineLink, href: site.reviews.searchEngineUrl });
  }
  const directory = city ? withQuery(site.reviews.directoryUrl, site.reviews.campaignParam, city.slug) : site.reviews.directoryUrl;
  links.push({ label: labels.directoryLink, href: directory });
  if (city?.businessListingUrl) links.push({ label: labels.businessListingLink, href: city.businessListingUrl });
  // Stars are drawn whole (4.8 as five): the claim next to them gives the figure.
  return { claim, stars: Math.round(site.reviews.stars), links };
}

/** How many testimonials a review section shows. */
const TESTIMONIALS_SHOWN = 3;

/** What decides which testimonials a page shows first: its service (site.yaml's id), or its town. */
export interface TestimonialFocus {
  service?: string;
  town?: string;
}

/**
 * The testimonials a review section shows: those of the page's town first, then of its service,
 * then the rest, each group in the file's order.
 */
function pickTestimonials(all: Testimonial[], focus: TestimonialFocus, firstService: string, count = TESTIMONIALS_SHOWN): Testimonial[] {
  // A testimonial naming no service is about the first one; a page of no service favours the first one's.
  const service = focus.service ?? firstService;
  const rank = (item: Testimonial) => (focus.town !== undefined && item.town === focus.town ? 0 : (item.service ?? firstService) === service ? 1 : 2);
  return all
    .map((item, index) => ({ item, index, rank: rank(item) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .slice(0, count)
    .map(({ item }) => item);
}

/**
 * A review section's data: testimonials picked for `focus`, review links, the widget; each only
 * when the site has it, and no section at all for a site with none of them.
 */
export function reviewsWidget(site: Site, copy: Copy, focus: TestimonialFocus = {}, quotesLang?: string): ReviewsWidgetView | undefined {
  const { reviews } = site;
  const widget = site.integrations.reviewsWidget;
  if (!reviews && !widget && copy.testimonials.items.length === 0) return undefined;
  return {
    testimonials: pickTestimonials(copy.testimonials.items, focus, site.services[0]!.id).map((item) => ({
      quote: item.quote,
      name: item.name,
      place: townPlace(site, townNamed(site, item.town) ?? { name: item.town }),
      stars: item.stars,
      ...(quotesLang ? { lang: quotesLang } : {}),
    })),
    ...(reviews
      ? {
          readAll: { label: copy.chrome.badge.searchEngineLink, href: reviews.searchEngineUrl },
          writeReview: { label: copy.chrome.buttons.writeReview, href: reviews.writeReviewUrl },
        }
      : {}),
    ...(widget ? { widget: { scriptUrl: widget.scriptUrl, iframeUrl: widget.iframeUrl, title: copy.chrome.reviewsWidget.iframeTitle } } : {}),
  };
}

/** Every city as a link, nearest to the default location first. */
export function citiesByDistance(site: Site, paths: LanguagePaths): PlaceLink[] {
  return sortByDistance(site.cities, site.defaultLocation).map((city) => ({
    label: city.name,
    href: paths.city(city.slug),
    lat: city.lat,
    lng: city.lng,
  }));
}

/** Every city and town without a page by slug, with the page its link goes to. Build once per site. */
export function townsBySlug(site: Site, paths: LanguagePaths): Map<string, { name: string; lat: number; lng: number; href: string }> {
  const bySlug = new Map<string, { name: string; lat: number; lng: number; href: string }>();
  for (const c of site.cities) bySlug.set(c.slug, { name: c.name, lat: c.lat, lng: c.lng, href: paths.city(c.slug) });
  for (const t of site.townsWithoutPage) bySlug.set(t.slug, { name: t.name, lat: t.lat, lng: t.lng, href: paths.serviceAreas() });
  return bySlug;
}

/**
 * A city's nearby links, nearest to the default location first. A town without a page of its
 * own links to /service-areas, which lists every town we serve, so no link is ever broken.
 */
/**
 * A nearby town's link in the language's word order: pages/city.yaml's linkSuffix with {city} where
 * the town's name goes ("Plomería en {city}"), or after the town's name without it ("Gopher Control").
 */
export function townLinkLabel(town: string, words: string): string {
  return words.includes("{city}") ? words.replaceAll("{city}", town) : `${town} ${words}`;
}

export function nearbyLinks(
  site: Site,
  city: City,
  suffix: string,
  towns: ReturnType<typeof townsBySlug>,
): PlaceLink[] {
  const nearby = city.nearby.map((slug) => towns.get(slug)!);
  return sortByDistance(nearby, site.defaultLocation).map((town) => ({
    label: townLinkLabel(town.name, suffix),
    href: town.href,
    lat: town.lat,
    lng: town.lng,
  }));
}
