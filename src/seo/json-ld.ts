import type { PriceItem, Site } from "../config/schema.ts";
import type { Article } from "../content/article-schema.ts";
import type { Link } from "../routes/page-props.ts";
import { schemaOrgClosing } from "../content/hours.ts";
import { absoluteUrl } from "../routes/urls.ts";
import { townPlace } from "../config/town-place.ts";

/** Structured data (schema.org JSON-LD): plain objects, true to site.yaml and the copy. */
export type JsonLd = { [key: string]: unknown };

const CONTEXT = "https://schema.org";

/** The business's node id, so other blocks can refer to it. */
export function businessId(siteUrl: string): string {
  return `${absoluteUrl(siteUrl, "/")}#business`;
}

export interface BusinessOptions {
  site: Site;
  siteUrl: string;
  /** Absolute URLs of a picture of the business and of its logo (raster: what search engines show). */
  image: string;
  logo: string;
}

/**
 * The business: contact (an emergency line as a contactPoint), its address (a street only if
 * given), coordinates, founding year, every city served, hours and special days only if configured
 * (open 24 hours as 00:00 to 23:59; the special days not yet passed: plan-site.ts leaves out the rest),
 * review profiles as sameAs, and a rating only from real configured figures (never invented).
 */
export function localBusiness({ site, siteUrl, image, logo }: BusinessOptions): JsonLd {
  const { base } = site;
  const sameAs = [...new Set([...(site.reviews ? [site.reviews.directoryUrl] : []), ...site.cities.flatMap((city) => city.businessListingUrl ?? [])])];
  return {
    "@context": CONTEXT,
    "@type": site.businessType,
    "@id": businessId(siteUrl),
    name: site.company.name,
    description: site.company.description,
    url: absoluteUrl(siteUrl, "/"),
    telephone: site.phone.tel,
    email: site.email,
    image,
    logo,
    ...(site.company.founded ? { foundingDate: String(site.company.founded) } : {}),
    address: baseAddress(site),
    geo: { "@type": "GeoCoordinates", latitude: base.lat, longitude: base.lng },
    areaServed: areaServed(site),
    ...(site.openingHours
      ? {
          openingHoursSpecification: site.openingHours.map((hours) => ({
            "@type": "OpeningHoursSpecification",
            dayOfWeek: hours.days,
            opens: hours.opens,
            closes: schemaOrgClosing(hours.closes),
          })),
        }
      : {}),
    ...(site.specialHours.length > 0
      ? {
          specialOpeningHoursSpecification: site.specialHours.map((special) => ({
            "@type": "OpeningHoursSpecification",
            // Closed is opening and closing at midnight, as schema.org says it.
            opens: special.closed ? "00:00" : special.opens,
            closes: special.closed ? "00:00" : schemaOrgClosing(special.closes!),
            validFrom: special.date,
            validThrough: special.through ?? special.date,
          })),
        }
      : {}),
    ...(site.emergency ? { contactPoint: [{ "@type": "ContactPoint", telephone: site.emergency.phone.tel, contactType: "emergency" }] } : {}),
    // The search-engine reviews link is a search results page, not a profile of the business.
    ...(sameAs.length > 0 ? { sameAs } : {}),
    ...(site.reviews?.rating
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: site.reviews.rating.average,
            ratingCount: site.reviews.rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

/** Where the business is: its street when given, town, state, ZIP code and country. */
function baseAddress({ base }: Site): JsonLd {
  return {
    "@type": "PostalAddress",
    ...(base.street ? { streetAddress: base.street } : {}),
    addressLocality: base.town,
    addressRegion: base.region,
    ...(base.postalCode ? { postalCode: base.postalCode } : {}),
    addressCountry: base.country,
  };
}

export interface ServiceOptions {
  site: Site;
  siteUrl: string;
  /** The service as its page names it: its name (the menu's), its page's description and address. */
  name: string;
  description: string;
  url: string;
  /** The page's language (es-US), on a site with more than one. */
  inLanguage?: string;
}

/** A price the page shows: its row's label, site.yaml's amount (or its lowest and highest) and currency. */
export interface Offer {
  name: string;
  price: PriceItem;
  priceCurrency: string;
}

/**
 * An offer's price as schema.org says it: one amount as price; a starting price or a range as a
 * PriceSpecification with minPrice (and maxPrice).
 */
function offerPrice(price: PriceItem, priceCurrency: string): JsonLd {
  if (typeof price === "number") return { price, priceCurrency };
  return { priceSpecification: { "@type": "PriceSpecification", minPrice: price.from, ...(price.to !== undefined ? { maxPrice: price.to } : {}), priceCurrency } };
}

/**
 * A service page's service: provided by the business (its node id, as on the home page) in every
 * city served, offered at the prices its price tables show; without one it has no offers, none invented.
 */
export function service({ site, siteUrl, name, description, url, inLanguage, offers = [] }: ServiceOptions & { offers?: readonly Offer[] }): JsonLd {
  return {
    "@context": CONTEXT,
    "@type": "Service",
    name,
    description,
    url,
    ...(inLanguage ? { inLanguage } : {}),
    provider: { "@type": site.businessType, "@id": businessId(siteUrl), name: site.company.name, url: absoluteUrl(siteUrl, "/") },
    areaServed: areaServed(site),
    ...(offers.length > 0 ? { offers: offers.map((offer) => ({ "@type": "Offer", name: offer.name, ...offerPrice(offer.price, offer.priceCurrency) })) } : {}),
  };
}

/**
 * Every city served, named with its own state ("Liberty Lake, WA"); a town that gives its state or
 * ZIP code in site.yaml says so as data too (a town without them is in the base town's state).
 */
function areaServed(site: Site): JsonLd[] {
  return site.cities.map((city) => ({
    "@type": "City",
    name: townPlace(site, city),
    ...(city.region ? { containedInPlace: { "@type": "State", name: city.region } } : {}),
    ...(city.postalCode ? { address: { "@type": "PostalAddress", postalCode: city.postalCode, addressCountry: site.base.country } } : {}),
  }));
}

/** A page of the owner's own: what it is, part of the site, about the business (its node id, as on the home page). */
export function webPage({ site, siteUrl, name, description, url, inLanguage }: ServiceOptions): JsonLd {
  return {
    "@context": CONTEXT,
    "@type": "WebPage",
    name,
    description,
    url,
    ...(inLanguage ? { inLanguage } : {}),
    isPartOf: { "@type": "WebSite", url: absoluteUrl(siteUrl, "/"), name: site.company.name },
    about: { "@id": businessId(siteUrl) },
  };
}

/** The FAQ shown on the page, as question and accepted answer pairs. */
export function faqPage(items: ReadonlyArray<{ question: string; answer: string }>, url: string): JsonLd {
  return {
    "@context": CONTEXT,
    "@type": "FAQPage",
    url,
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}

export interface BlogPostingOptions {
  article: Article;
  url: string;
  /** Absolute URL of the article's raster share image. */
  image: string;
  site: Site;
  siteUrl: string;
  logo: string;
  /** The article's language (es-US), on a site with more than one. */
  inLanguage?: string;
}

/** An article, written and published by the business (an Organization), dated from its front matter. */
export function blogPosting({ article, url, image, site, siteUrl, logo, inLanguage }: BlogPostingOptions): JsonLd {
  const organization = { "@type": "Organization", "@id": businessId(siteUrl), name: site.company.name, url: absoluteUrl(siteUrl, "/") };
  return {
    "@context": CONTEXT,
    "@type": "BlogPosting",
    mainEntityOfPage: url,
    url,
    headline: article.title,
    description: article.description,
    image: [image],
    datePublished: article.date,
    dateModified: article.date,
    articleSection: article.category,
    ...(inLanguage ? { inLanguage } : {}),
    author: organization,
    publisher: { ...organization, logo: { "@type": "ImageObject", url: logo } },
  };
}

/** The trail from the home page to this one; hrefs are site paths. */
export function breadcrumbList(trail: readonly Link[], siteUrl: string): JsonLd {
  return {
    "@context": CONTEXT,
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.label,
      item: absoluteUrl(siteUrl, crumb.href),
    })),
  };
}

/**
 * JSON for a `<script type="application/ld+json">` element. `<` is written `\u003c` (and `>`
 * and `&` likewise), so no text, say a city named `</script><script>...`, can end the element.
 */
export function jsonLdText(data: JsonLd): string {
  return JSON.stringify(data).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026");
}

export interface OwnPageDataOptions extends ServiceOptions {
  /** site.yaml's entry of the page: its until, offer and job. */
  page: Site["pages"][number];
}

/**
 * An own page that is an offer: the business offers it (its node id), until its last day, at its
 * price when it has one. None for a page that is not an offer.
 */
export function pageOffer({ site, siteUrl, name, description, url, page }: OwnPageDataOptions): JsonLd[] {
  if (!page.offer) return [];
  const price = page.offer.price === undefined ? undefined : site.prices.items[page.offer.price];
  return [
    {
      "@context": CONTEXT,
      "@type": "Offer",
      name,
      description,
      url,
      offeredBy: { "@id": businessId(siteUrl) },
      areaServed: areaServed(site),
      ...(price === undefined ? {} : offerPrice(price, site.prices.currency)),
      ...(page.until ? { validThrough: page.until } : {}),
    },
  ];
}

/**
 * An own page that is a job opening, as search engines read one: its title (the page's name), its
 * words, the business hiring, where the job is (the base: its street when given), the employment
 * type, the day posted, until its last day, and the pay when given. None for a page that is not a job.
 */
export function jobPosting({ site, siteUrl, name, page }: OwnPageDataOptions, words: string): JsonLd[] {
  const { job } = page;
  if (!job) return [];
  return [
    {
      "@context": CONTEXT,
      "@type": "JobPosting",
      title: name,
      description: words,
      datePosted: job.posted,
      ...(page.until ? { validThrough: page.until } : {}),
      employmentType: job.type,
      hiringOrganization: { "@type": "Organization", name: site.company.name, sameAs: absoluteUrl(siteUrl, "/") },
      jobLocation: { "@type": "Place", address: baseAddress(site) },
      ...(job.pay
        ? {
            baseSalary: {
              "@type": "MonetaryAmount",
              currency: site.prices.currency,
              value: { "@type": "QuantitativeValue", ...(job.pay.to === undefined ? { value: job.pay.from } : { minValue: job.pay.from, maxValue: job.pay.to }), unitText: job.pay.per },
            },
          }
        : {}),
    },
  ];
}
