import * as z from "zod";
import { OUTSIDE_PUBLIC, staysInPublic } from "../public-file.ts";
import { LOCAL_BUSINESS_TYPES, type LocalBusinessType } from "./local-business-types.ts";

// Each schema validates a handful of values per build: zod's JIT (a validator compiled with
// new Function on first use) costs more than it saves here, so validate without it.
z.config({ jitless: true });

/** Only `https:` links are accepted from site.yaml: `javascript:` or `data:` could run code. */
const HTTPS_MESSAGE = "must be an https:// address, e.g. https://www.example.com/page";
export const httpsUrl = z
  .string()
  .trim()
  .regex(/^https:\/\/[^\s]+$/, { message: HTTPS_MESSAGE, abort: true })
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === "https:" && url.hostname.length > 0 && !url.username && !url.password;
    } catch {
      return false;
    }
  }, HTTPS_MESSAGE);

/** An allowed message origin: scheme, host and optional port, nothing else. */
const origin = httpsUrl.refine((value) => new URL(value).origin === value.replace(/\/$/, ""), {
  message: "must be an origin only (https://host, no path, query or trailing text)",
});

const text = z.string().trim().min(1, "must not be empty").max(2000, "is too long (2,000 characters at most)");
const shortText = z.string().trim().min(1, "must not be empty").max(200, "is too long (200 characters at most)");
const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be lowercase letters, digits and single hyphens, e.g. north-hills");
const latitude = z.number().min(-90, "latitude must be between -90 and 90").max(90, "latitude must be between -90 and 90");
const longitude = z
  .number()
  .min(-180, "longitude must be between -180 and 180")
  .max(180, "longitude must be between -180 and 180");
const isoDate = z.iso.date({ message: "must be a date written yyyy-mm-dd" });

/** A name copy can use in a placeholder: {setupPrice} for the price named setup. */
const factName = z.string().regex(/^[a-z][A-Za-z0-9]*$/, "must be a name of letters and digits starting with a lowercase letter, e.g. setup or weeklyVisit");


const license = z.strictObject({
  name: factName.describe("Names the licence in copy ({<name>License}) and in a language's licenseLabels"),
  label: shortText.describe("How the licence is named on the page, e.g. 'State Contractor License'"),
  number: shortText.describe("The licence number as issued"),
  shownOn: z
    .array(z.string())
    .default([])
    .describe("Where the licence is listed: footer, about, legal (privacy policy and terms), or a service's id (its page)"),
});

/**
 * An origin a Content-Security-Policy may allow: https, a host (its first label may be `*`, any
 * subdomain), an optional port; no path, so a source cannot be narrower than it looks.
 */
const cspOrigin = z
  .string()
  .trim()
  .regex(
    /^https:\/\/(\*\.)?([a-z0-9-]+\.)+[a-z0-9-]+(:[0-9]{1,5})?$/,
    "must be an https origin in lowercase, e.g. https://px.example.com or https://*.example.com (no path)",
  );
const cspOrigins = z.array(cspOrigin).max(30).default([]);

/** Employment types as schema.org's JobPosting names them (Google's list). */
export const EMPLOYMENT_TYPES = ["FULL_TIME", "PART_TIME", "CONTRACTOR", "TEMPORARY", "INTERN", "VOLUNTEER", "PER_DIEM", "OTHER"] as const;
/** What a pay figure is per, as schema.org's QuantitativeValue unitText names it. */
export const PAY_UNITS = ["HOUR", "DAY", "WEEK", "MONTH", "YEAR"] as const;

/** The Google tags a Tag Manager container may run whose origins gopher-site knows (Google's CSP guide). */
export const GOOGLE_TAGS = ["ga4", "google-ads", "floodlight"] as const;
export type GoogleTag = (typeof GOOGLE_TAGS)[number];
/** The Google tags that advertise: under the CPRA they may "share" visitors' data. */
export const ADVERTISING_TAGS: ReadonlySet<GoogleTag> = new Set(["google-ads", "floodlight"]);
/** A service: its page (copy: content/services/<id>.yaml) at its address. */
const service = z.strictObject({
  id: slug.describe("The service's stable name: its copy is content/services/<id>.yaml; licences' shownOn and testimonials name it"),
  path: z
    .string()
    .regex(/^\/[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be an address of lowercase letters, digits and single hyphens after a /, e.g. /roof-repair")
    .describe("The page's address in the default language"),
});

/** A page of the owner's own (copy: content/own/<id>.yaml) at its address, in the menu or footer if given a place. */
const ownPage = z.strictObject({
  id: slug.describe("The page's stable name: its copy is content/own/<id>.yaml; a language's untranslated and slugs name it"),
  path: service.shape.path,
  menu: z
    .enum(["main", "footer"], { message: 'must be "main" (the menu) or "footer" (the footer\'s company links)' })
    .optional()
    .describe("Where a link to it is listed, in the order of this list; without it only links in copy lead to it"),
  until: isoDate
    .optional()
    .describe("The last day the page is shown (an offer that ends, a job once filled): from the next day it is built out of the site, its menu and its sitemap, with a notice; validThrough in its offer or job data. Rebuild daily to keep it current"),
  offer: z
    .strictObject({ price: factName.optional().describe("The offer's price: a name of prices.items") })
    .optional()
    .describe("The page is an offer (a coupon, a seasonal deal): Offer data with its name, description and until; `offer: {}` for one with no set price"),
  job: z
    .strictObject({
      type: z
        .enum(EMPLOYMENT_TYPES, { message: `must be one of ${EMPLOYMENT_TYPES.join(", ")}` })
        .describe("The employment type, as search engines name it"),
      posted: isoDate.describe("The day the job was first posted"),
      pay: z
        .strictObject({
          from: z.number().positive(),
          to: z.number().positive().optional(),
          per: z.enum(PAY_UNITS, { message: `must be one of ${PAY_UNITS.join(", ")}` }),
        })
        .optional()
        .describe("The pay, in prices.currency: from (and to, for a range) per HOUR, DAY, WEEK, MONTH or YEAR"),
    })
    .optional()
    .describe("The page is a job opening: JobPosting data with its title (the page's name), its words, where the job is (base), the employment type, the day posted and until"),
});

const businessType = z
  .string()
  .superRefine((value, context) => {
    if ((LOCAL_BUSINESS_TYPES as readonly string[]).includes(value)) return;
    const near = LOCAL_BUSINESS_TYPES.find((type) => type.toLowerCase() === value.toLowerCase().replace(/[\s_-]/g, ""));
    context.addIssue({
      code: "custom",
      message: near
        ? `must be written as schema.org writes it: ${near}`
        : "must be a schema.org LocalBusiness type, e.g. HomeAndConstructionBusiness, Plumber, HVACBusiness, RoofingContractor (every one: src/config/local-business-types.ts)",
    });
  })
  .transform((value) => value as LocalBusinessType);

/**
 * A price as people say it: an amount (0 is free), a starting price ({ from: 129 }: "from $129"),
 * or a range ({ from: 100, to: 200 }).
 */
const priceItem = z.union(
  [
    z.number().nonnegative(),
    z
      .strictObject({ from: z.number().nonnegative(), to: z.number().positive().optional() })
      .refine((price) => price.to === undefined || price.to > price.from, { message: "to must be more than from", path: ["to"] }),
  ],
  { error: () => "must be an amount (e.g. 129; 0 for free), { from: 129 } for a starting price or { from: 100, to: 200 } for a range" },
);
export type PriceItem = z.output<typeof priceItem>;

/** A Google Consent Mode state. */
const consentValue = z.enum(["granted", "denied"], { message: 'must be "granted" or "denied"' });
const point = z.strictObject({ lat: latitude, lng: longitude });
const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, "must be a colour written #rrggbb, e.g. #166534");
const publicImage = z
  .string()
  .regex(/^\/[A-Za-z0-9_\-/.]+\.(svg|png|jpe?g)$/, "must be the path of an .svg, .png or .jpg file under public/, e.g. /images/share.svg")
  .refine(staysInPublic, OUTSIDE_PUBLIC);
const clockTime = z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, "must be a time written hh:mm on the 24-hour clock, e.g. 08:00");
/** A closing time may be 24:00, the end of the day, as people write "open until midnight". */
const closingTime = z.string().regex(/^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$/, "must be a time written hh:mm on the 24-hour clock, e.g. 18:00, or 24:00 for the end of the day");
export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** One line of business hours: the same hours on each of `days`. */
const openingHours = z.strictObject({
  days: z.array(z.enum(WEEKDAYS, { message: `must be a day written in full: ${WEEKDAYS.join(", ")}` })).min(1),
  opens: clockTime,
  closes: closingTime.describe('Opens "00:00" and closes "24:00": open 24 hours on these days (the footer says so in chrome.yaml\'s openAllDay words)'),
});

/** Hours that differ on given days (a holiday, a closure): closed, or open from `opens` to `closes`. */
const specialHours = z
  .strictObject({
    date: isoDate.describe("The first day these hours hold"),
    through: isoDate.optional().describe("The last day, when more than one; leave out for one day"),
    closed: z.literal(true, { message: "must be true (closed that day); give opens and closes instead for other hours" }).optional(),
    opens: clockTime.optional(),
    closes: closingTime.optional(),
  })
  .superRefine((day, context) => {
    const hours = day.opens !== undefined || day.closes !== undefined;
    if (day.closed && hours) context.addIssue({ code: "custom", path: ["closed"], message: "give closed: true or opens and closes, not both" });
    else if (!day.closed && (day.opens === undefined || day.closes === undefined)) {
      context.addIssue({ code: "custom", path: [day.opens === undefined ? "opens" : "closes"], message: "give opens and closes (e.g. opens: \"09:00\", closes: \"13:00\"), or closed: true" });
    }
    if (day.through !== undefined && day.through < day.date) context.addIssue({ code: "custom", path: ["through"], message: `must be on or after date (${day.date})` });
  });

/** A phone number as people read it and as it is dialled. */
const phone = z.strictObject({
  display: z
    .string()
    .regex(/^[0-9()+.\- ]{7,20}$/, "must be a phone number as people read it, e.g. (909) 555-0100"),
  tel: z.string().regex(/^\+[1-9][0-9]{6,14}$/, "must be the number in international form, e.g. +19095550100"),
});

/** An IANA time zone name that this Node.js knows, e.g. America/Los_Angeles. */
const timeZone = z.string().refine((name) => {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}, "must be a time zone name of the IANA database, e.g. America/Los_Angeles or America/Phoenix");

export const citySchema = z.strictObject({
  name: shortText,
  slug,
  lat: latitude,
  lng: longitude,
  region: shortText.optional().describe("The town's state (e.g. WA): needed by every town once the towns span more than one state; headings, captions and structured data name it"),
  postalCode: shortText.optional().describe("The town's ZIP or postal code, in structured data"),
  neighborhoods: z
    .array(shortText)
    .max(5, "list 4 or 5 neighborhoods")
    .refine((names) => names.length === 0 || names.length >= 4, "list 4 or 5 neighborhoods")
    .default([])
    .describe("4 or 5 neighbourhoods of the town you work in; leave out for none (the page then has no neighbourhoods section)"),
  nearby: z
    .array(slug)
    .min(3, "list 3 or 4 nearby towns (with 3, a 'View All Service Areas' link is added)")
    .max(4, "list 3 or 4 nearby towns"),
  intro: text.describe("A paragraph that is really about this town: search engines penalise near-identical city pages"),
  googleReviewsUrl: httpsUrl.optional().describe("Shown in the review badge as 'Google Reviews in {city}'"),
  businessListingUrl: httpsUrl.optional().describe("A search-engine business listing, shown as a second badge link"),
});

export const townWithoutPageSchema = z.strictObject({
  name: shortText,
  slug,
  lat: latitude,
  lng: longitude,
  region: shortText.optional().describe("The town's state (e.g. WA): needed by every town once the towns span more than one state"),
});

const languageSchema = z.strictObject({
  code: z.string().regex(/^[a-z]{2,3}$/, "must be a language code such as en or es").describe("Language code: <html lang>, hreflang and the /<code>/ prefix of the other languages"),
  locale: z.string().regex(/^[a-z]{2,3}-[A-Z]{2}$/, "must be a locale such as en-US or es-US").describe("Dates, prices and og:locale, each as this locale writes them (en-US: $1,500)"),
  name: shortText.describe("The language's name in itself, for the language switcher (English, Español)"),
  leadFormId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{4,64}$/, "must be the form id from the provider (letters, digits, - and _)")
    .optional()
    .describe("The lead form in this language, when the provider has one; defaults to integrations.leadForm.formId"),
});

export const siteSchema = z.strictObject({
  $schema: z.string().optional(),
  company: z.strictObject({
    name: shortText,
    description: text.describe("One sentence about the company, used in structured data"),
    founded: z.number().int().min(1800, "must be the year the company was founded, e.g. 2009").max(2200, "must be the year the company was founded, e.g. 2009").optional().describe("The year the company was founded (foundingDate in structured data)"),
  }),
  siteUrl: httpsUrl.describe("The public address of the site, used for canonical links"),
  format: z
    .enum(["file", "directory"], { message: 'must be "file" (dist/about.html) or "directory" (dist/about/index.html)' })
    .default("file"),
  phone,
  emergency: z
    .strictObject({ phone: phone.describe("The emergency number, as phone is written") })
    .optional()
    .describe("A second number for emergencies: in the footer after chrome.yaml's emergency words, {emergencyPhone} in copy, an emergency contactPoint in structured data"),
  email: z.email({ message: "must be an e-mail address, e.g. office@example.com" }),
  base: z.strictObject({
    street: shortText
      .optional()
      .describe("The street address, written as on your Google Business Profile (e.g. 1200 Main St, Suite 4): shown in the footer and in structured data. Leave out if customers are not to come to you"),
    town: shortText,
    region: shortText,
    postalCode: shortText.optional(),
    country: z.string().regex(/^[A-Z]{2}$/, "must be a two-letter country code such as US").default("US"),
    lat: latitude,
    lng: longitude,
  }),
  businessType: businessType
    .default("HomeAndConstructionBusiness")
    .describe("The schema.org LocalBusiness type search engines are told the company is, e.g. Plumber; HomeAndConstructionBusiness for services around homes"),
  cityPath: z
    .string()
    .regex(/^\/[a-z0-9-]*\{city\}[a-z0-9-]*$/, "must be an address containing {city} (the city's slug), e.g. /{city}-roof-repair")
    .default("/{city}")
    .describe("The address of each city page in the default language; {city} is the city's slug"),
  services: z
    .array(service)
    .min(1, "list at least one service: - id: <name> / path: /<address>")
    .max(50)
    .describe("The company's services, in the order the menu and footer list them: each has its page and its copy in content/services/<id>.yaml"),
  pages: z
    .array(ownPage)
    .max(50)
    .default([])
    .describe("Pages of your own (financing, our team, careers...), each built from sections in content/own/<id>.yaml"),
  licenses: z
    .array(license)
    .max(20)
    .default([])
    .describe("The company's licences: each is {<name>License} in copy and is listed on the pages in its shownOn"),
  reviews: z.strictObject({
    count: z.number().int().positive().describe("How many reviews you have: {reviewCount}"),
    stars: z
      .number()
      .min(1, "must be your average rating, 1.0 to 5.0")
      .max(5, "must be your average rating, 1.0 to 5.0")
      .multipleOf(0.1, "must have one decimal at most, e.g. 4.8")
      .optional()
      .describe("Your average rating, e.g. 4.8: {reviewAverage}, the review badge and {reviewClaim} (worded in chrome.yaml's badge.claim); without it no star claim is shown"),
    searchEngineUrl: httpsUrl.describe("The search-engine reviews page"),
    directoryUrl: httpsUrl.describe("The business-directory reviews page"),
    campaignParam: z.string().regex(/^[a-z_]+$/, "must be a query parameter name such as utm_campaign").default("utm_campaign"),
    writeReviewUrl: httpsUrl.describe("Where the 'Write a Review' link goes"),
    rating: z
      .strictObject({
        average: z.number().min(1).max(5),
        count: z.number().int().positive(),
      })
      .optional()
      .describe("Your real average rating and number of ratings; only then is a rating published in structured data"),
  })
    .optional()
    .describe("Your reviews, once you have them: review links, and with stars the review badge and {reviewClaim}; without it pages show no review claim"),
  warranty: z
    .strictObject({
      days: z.number().int().positive().describe("{warrantyDays}"),
      noSetupChargeDays: z.number().int().positive().describe("{noSetupChargeDays}"),
    })
    .optional()
    .describe("A guarantee, if the company gives one; copy naming its facts needs it"),
  results: z
    .strictObject({
      days: z.number().int().positive().optional().describe("{resultDays}"),
      hours: z.number().int().positive().optional().describe("{resultHours}"),
    })
    .optional()
    .describe("How soon customers see results, if the company promises it"),
  callbackMinutes: z.number().int().positive().optional().describe("{callbackMinutes}: how soon you call back a request from the lead form"),
  prices: z
    .strictObject({
      currency: z.string().length(3).default("USD"),
      items: z
        .record(factName, priceItem)
        .default({})
        .describe("Prices in whole units, by a name of yours: setup: 295 is {setupPrice} in copy, written in each page's locale; 0 is free, { from: 129 } a starting price, { from: 100, to: 200 } a range"),
    })
    .prefault({}),
  facts: z
    .record(factName, shortText)
    .default({})
    .describe("Other facts written in words, by a name of yours: arrivalWindow: 2–4 hours is {arrivalWindow} in copy"),
  copyrightYear: z.number().int().min(1900).max(2200),
  legal: z.strictObject({ updated: isoDate }),
  integrations: z.strictObject({
    leadForm: z.strictObject({
      widgetUrl: httpsUrl.describe("The provider's form address; the form id is appended as a path segment"),
      formId: z.string().regex(/^[A-Za-z0-9_-]{4,64}$/, "must be the form id from the provider (letters, digits, - and _)"),
      formName: shortText,
      embedScriptUrl: httpsUrl,
      allowedOrigins: z.array(origin).min(1).max(10),
    })
      .optional()
      .describe("The call-back request form of your lead provider; without it, quote buttons open an e-mail to you"),
    reviewsWidget: z.strictObject({
      scriptUrl: httpsUrl,
      iframeUrl: httpsUrl,
    })
      .optional()
      .describe("Your review provider's widget, shown in the review sections"),
    map: z.strictObject({
      embedUrl: httpsUrl.describe("Address of the maps service's embed page, without the query"),
      zoom: z.number().int().min(1).max(21).default(9),
      center: point,
    }),
    analytics: z
      .strictObject({
        containerId: z.string().regex(/^GTM-[A-Z0-9]{4,10}$/, "must be a tag-manager container id such as GTM-AB12CD3"),
        advertising: z
          .boolean()
          .default(true)
          .describe(
            "Whether the container runs advertising tags (ad conversions, remarketing). Decides the privacy policy's wording on selling and sharing and the 'Your Privacy Choices' link; false also keeps every advertising consent signal denied",
          ),
        consent: z
          .strictObject({
            analytics: consentValue.default("granted").describe("Consent Mode's analytics_storage before the visitor chooses"),
            advertising: consentValue
              .default("granted")
              .describe(
                "ad_storage, ad_user_data and ad_personalization before the visitor chooses: 'granted' until they opt out (California's opt-out model) or 'denied' until they opt in. Global Privacy Control always denies them",
              ),
          })
          .prefault({}),
        runs: z
          .array(z.enum(GOOGLE_TAGS, { message: `must be one of ${GOOGLE_TAGS.join(", ")}` }))
          .optional()
          .describe(
            "The Google tags the container runs: ga4 (Google Analytics 4), google-ads (conversions, remarketing), floodlight. The Content-Security-Policy allows what Google documents for each, nothing more. Defaults to [ga4, google-ads] with advertising, [ga4] without",
          ),
        otherOrigins: z
          .strictObject({
            "script-src": cspOrigins.describe("Where the container's other tags load scripts from"),
            "img-src": cspOrigins.describe("Where they load images and tracking pixels from"),
            "connect-src": cspOrigins.describe("Where they send data with fetch, XHR or beacons"),
            "frame-src": cspOrigins.describe("Where their frames come from"),
          })
          .prefault({})
          .describe("Origins the container's other tags (not listed in runs) need, per Content-Security-Policy directive"),
      })
      .transform(({ runs, ...analytics }) => ({
        ...analytics,
        runs: runs ?? (analytics.advertising ? (["ga4", "google-ads"] as GoogleTag[]) : (["ga4"] as GoogleTag[])),
      }))
      .optional(),
  }),
  leads: z
    .strictObject({
      delivery: z
        .enum(["server", "netlify", "cloudflare"], { message: 'must be "server" (gopher-site serve), "netlify" (Netlify Forms) or "cloudflare" (the Cloudflare Pages worker)' })
        .describe("Where the call-back form's requests go: server (gopher-site serve), netlify (Netlify Forms) or cloudflare (the Cloudflare Pages worker)"),
      email: z.boolean().default(true).describe("Send each request by e-mail to site.yaml's email"),
      webhook: httpsUrl.optional().describe("Also post each request to this address (e.g. a CRM's webhook)"),
      turnstile: z
        .strictObject({ siteKey: z.string().regex(/^[0-9A-Za-z_-]{8,64}$/, "must be the Turnstile site key from Cloudflare").describe("The site key of your Cloudflare Turnstile widget") })
        .optional()
        .describe(
          "Cloudflare Turnstile, a check that the sender is a person: its widget is in the form, loaded from Cloudflare when the form is opened; its secret is in the environment, never here. It needs JavaScript: a request sent without it is taken for a robot's (answered, kept, not delivered)",
        ),
    })
    .optional()
    .describe("The site's own call-back form, in the modal on every page, and where its requests go; used when integrations.leadForm is not set"),
  openingHours: z
    .array(openingHours)
    .optional()
    .describe("Business hours: in the footer of every page, in each language's format, and in structured data (openingHoursSpecification); leave out to publish none. Days open 00:00 to 24:00 are said in chrome.yaml's openAllDay words"),
  specialHours: z
    .array(specialHours)
    .max(60)
    .default([])
    .describe("Days with other hours than openingHours (holidays, closures): shown in the footer from 30 days before until they pass, and in structured data (specialOpeningHoursSpecification); a closed day needs chrome.yaml's hours.closed word"),
  notice: z
    .strictObject({
      firstDay: isoDate.describe("The first day the notice is shown"),
      lastDay: isoDate.describe("The last day the notice is shown"),
    })
    .optional()
    .describe("A notice at the top of every page (a seasonal offer, an emergency message) from firstDay to lastDay, both included; its words are chrome.yaml's notice. Decided when the site is built: rebuild daily to keep it current"),
  timeZone: timeZone
    .optional()
    .describe("Where the company is, e.g. America/Los_Angeles: the notice's days are days there; UTC without it"),
  brand: z
    .strictObject({
      shortName: shortText.max(30, "keep the short name under 30 characters: it goes under a home-screen icon").optional()
        .describe("Name under the home-screen icon; defaults to company.name"),
      themeColor: hexColor.default("#166534").describe("Browser toolbar colour, web manifest theme and the colour the pages are drawn in (buttons, headings)"),
      backgroundColor: hexColor.default("#ffffff").describe("Behind the home-screen icon"),
      icon: publicImage.default("/images/favicon.svg").describe("Square icon under public/; the PNG icons are made from it"),
      shareImage: publicImage.default("/images/share.svg").describe("Picture shown when a page is shared; made into a 1200x630 PNG"),
      shareImageAlt: shortText.optional().describe("What the share picture shows, for screen readers"),
    })
    .prefault({}),
  languages: z
    .array(languageSchema)
    .min(1)
    .max(20)
    .default([{ code: "en", locale: "en-US", name: "English" }])
    .describe("The site's languages, the default first; each other one's copy is in content/<code>/"),
  defaultLocation: point,
  townsWithoutPage: z.array(townWithoutPageSchema).default([]),
  cities: z.array(citySchema).min(1, "list at least one city"),
});

export type SiteInput = z.input<typeof siteSchema>;
export type Site = z.output<typeof siteSchema>;
export type City = Site["cities"][number];
export type TownWithoutPage = Site["townsWithoutPage"][number];
