import * as z from "zod";
import { ownPageFile, serviceFile, type CopyKey, type PAGE_KINDS, type PageKindName } from "../page-kinds.ts";
import { OUTSIDE_PUBLIC, staysInPublic } from "../public-file.ts";
import { ICON_REQUIRED, isIconName, LUCIDE_CATALOGUE, OWN_ICONS, unknownIconMessage } from "./icon-names.ts";

/** Schemas of the page copy in content/*.yaml: every sentence a page shows lives there. */

const line = z.string().trim().min(1, "must not be empty").max(300, "is too long (300 characters at most)");
const paragraph = z.string().trim().min(1, "must not be empty").max(3000, "is too long (3,000 characters at most)");
const paragraphs = z.array(paragraph).min(1);
const sitePath = z.string().regex(/^\/[a-z0-9\-/]*$/, "must be a path on this site, e.g. /service-areas");
const image = z.string().regex(/^\/[A-Za-z0-9_\-/.]+\.(svg|png|jpe?g|webp|avif)$/, "must be a path under public/, e.g. /images/hero.svg").refine(staysInPublic, OUTSIDE_PUBLIC);

/**
 * An icon by name: ours or any of Lucide's. The forms offer ours as suggestions and take any text:
 * a list of 2,000 names would make every icon field a select no one can use, and Lucide's own
 * catalogue, searchable and drawn, is a link away; a save's build refuses an unknown name.
 */
const icon = z
  .string({ error: (issue) => (issue.input === undefined ? ICON_REQUIRED : undefined) })
  .refine(isIconName, { error: (issue) => unknownIconMessage(String(issue.input)) })
  .meta({ description: `One of the tool's own icons or any of ${LUCIDE_CATALOGUE} by its name, e.g. snowflake`, examples: [...OWN_ICONS] });

const pageMeta = {
  title: line.describe("The <title> of the page"),
  description: line.max(200, "keep the description under 200 characters").describe("The meta description"),
};
const hero = z.strictObject({ heading: line, text: paragraph, image: image.optional(), imageAlt: line.optional() });
const card = z.strictObject({
  icon,
  title: line,
  text: paragraph,
  featured: z.boolean().default(false),
  href: sitePath.optional().describe("A page of this site the card leads to (its title becomes the link)"),
});
const step = z.strictObject({ title: line, text: paragraph, link: z.strictObject({ label: line, href: sitePath }).optional() });
const section = z.strictObject({ heading: line, text: paragraph.optional() });
const proseSection = z.strictObject({ heading: line, paragraphs });
/** The most cards a section shows (init words the home page's to fit). */
export const MOST_CARDS = 8;
const cardSection = z.strictObject({ heading: line, text: paragraph.optional(), cards: z.array(card).min(1).max(MOST_CARDS) });
const process = z.strictObject({ heading: line, text: paragraph.optional(), steps: z.array(step).length(4, "list exactly 4 steps") });
const cta = z.strictObject({ heading: line, text: paragraph });
const picture = z.strictObject({ image, alt: line, caption: line });
const faqItems = z.array(z.strictObject({ question: line, answer: paragraph })).min(1);

export const homeCopy = z.strictObject({
  ...pageMeta,
  hero,
  features: cardSection.extend({
    testimonial: z
      .strictObject({
        quote: paragraph,
        author: line,
        place: line,
        lang: z.string().regex(/^[a-z]{2,3}$/).optional().describe("The quote's language when it is not the page's (a translation quoting a customer's own words)"),
      })
      .optional()
      .describe("A customer's own words under the cards; leave out until a customer has given you theirs"),
  }),
  process,
  beforeAfter: z
    .strictObject({ heading: line, text: paragraph.optional(), before: picture, after: picture })
    .optional()
    .describe("Two pictures of your work, before and after; leave out until you have them"),
  reviews: section,
  cities: section.extend({ count: z.number().int().min(1).max(50).describe("How many nearest cities to list") }),
  faq: section,
  cta,
});

const sectionId = z.string().regex(/^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/, "must be lowercase letters, digits and single hyphens, e.g. peace-of-mind").describe("The section's id in the page (its #address)");
const sectionTypes = "cards, checklist, steps, prose, reviews, prices, faq, team, gallery, services or cta";
const unknownType = { error: (issue: { code?: string }) => (issue.code === "invalid_union" ? `must have a type: ${sectionTypes}` : undefined) };

/** A service's cards may list the licences shown on it; an own page has none to list. */
const serviceCards = cardSection.extend({ type: z.literal("cards"), id: sectionId, licenses: z.boolean().default(false).describe("Lists the licences shown on this service (site.yaml's shownOn) under the cards") });
const ownCards = cardSection.extend({ type: z.literal("cards"), id: sectionId });

/**
 * The sections a service page and a page of the owner's own are made of, in their order, besides
 * cards: one vocabulary, one `type` each; a price table's rows name site.yaml's prices.
 */
function sectionsBesideCards(priceNames: readonly string[]) {
  const known = priceNames.length > 0 ? `site.yaml's prices: ${priceNames.join(", ")}` : "site.yaml has no prices.items yet";
  const price = z.string().refine((name) => priceNames.includes(name), `must name a price of ${known}`);
  return [
    z.strictObject({ type: z.literal("checklist"), id: sectionId, heading: line, items: z.array(line).min(1) }),
    process.extend({ type: z.literal("steps"), id: sectionId }),
    proseSection.extend({ type: z.literal("prose"), id: sectionId }),
    section.extend({ type: z.literal("reviews"), id: sectionId }).describe("The customers' testimonials, this service's first, and the review links"),
    z.strictObject({
      type: z.literal("prices"),
      id: sectionId,
      heading: line,
      text: paragraph.optional(),
      rows: z.array(z.strictObject({ label: line, price: price.describe("A name of site.yaml's prices.items, shown in the page's locale"), note: line.optional() })).min(1),
    }),
    z.strictObject({ type: z.literal("faq"), id: sectionId, heading: line, items: faqItems }),
    z.strictObject({
      type: z.literal("team"),
      id: sectionId,
      heading: line,
      text: paragraph.optional(),
      members: z.array(z.strictObject({ photo: image, name: line, role: line, text: paragraph.optional() })).min(1).max(24),
    }),
    z.strictObject({ type: z.literal("gallery"), id: sectionId, heading: line, text: paragraph.optional(), pairs: z.array(z.strictObject({ before: picture, after: picture })).min(1).max(12) }),
    section
      .extend({ type: z.literal("services"), id: sectionId })
      .describe("The company's services as cards (each one's icon, name and summary, linking to its page); on a service's page, the others"),
    cta.extend({ type: z.literal("cta"), id: sectionId }).describe("A call to action with the call and quote buttons"),
  ] as const;
}

/** content/services/<id>.yaml: one service's page, and how menus and cards name it; its price tables name site.yaml's prices. */
export function serviceCopyFor(priceNames: readonly string[]) {
  return z.strictObject({
    ...pageMeta,
    name: line.describe("The service's name in the menu and the footer"),
    summary: paragraph.describe("A sentence or two about it, for cards and lists of services"),
    icon,
    hero: hero.extend({ image: image.describe("The hero's picture, under public/") }),
    emailQuote: z
      .strictObject({ label: line.describe("The button's text"), subject: line.describe("The e-mail's subject") })
      .optional()
      .describe("An e-mail quote button beside the call button, in the hero and the call to action"),
    sections: z.array(z.discriminatedUnion("type", [serviceCards, ...sectionsBesideCards(priceNames)], unknownType)).min(1),
    cta: cta.optional().describe("The call to action at the end; chrome.yaml's cta.default without it"),
  });
}
const serviceCopy = serviceCopyFor([]);

/** content/own/<id>.yaml: a page of the owner's own, with the prices its price tables may name. */
export function ownPageCopyFor(priceNames: readonly string[]) {
  return z.strictObject({
    ...pageMeta,
    name: line.describe("The page's name in the menu or the footer"),
    hero: hero.describe("The page's heading and first words, with the call and quote buttons"),
    sections: z.array(z.discriminatedUnion("type", [ownCards, ...sectionsBesideCards(priceNames)], unknownType)).min(1),
  });
}
const ownPageCopy = ownPageCopyFor([]);

export const serviceAreasCopy = z.strictObject({
  ...pageMeta,
  hero,
  map: z.strictObject({ heading: line, text: paragraph.optional(), iframeTitle: line, openLink: line }),
  cities: section,
  faq: section,
  cta,
});

export const aboutCopy = z.strictObject({
  ...pageMeta,
  hero,
  story: proseSection,
  values: cardSection,
  mission: proseSection,
  commitment: proseSection,
  explore: z.strictObject({ heading: line, text: paragraph, warrantyLink: z.strictObject({ label: line, href: sitePath }) }),
});

export const cityCopy = z.strictObject({
  title: line.describe("May use {city}"),
  description: line.max(220),
  hero: z.strictObject({ heading: line, text: paragraph }),
  trust: z.strictObject({ heading: line.describe("The company name follows it"), text: paragraph }),
  neighborhoods: section,
  process,
  reviews: section,
  nearby: z.strictObject({
    heading: line,
    linkSuffix: line.describe("A nearby town's link after its name (Roof Repair: \"Springfield Roof Repair\"), or with {city} where the name goes, in the language's word order (Plomería en {city})"),
    allAreasLabel: line,
  }),
  heroImageAlt: line,
});

export const blogCopy = z.strictObject({
  ...pageMeta,
  hero: z.strictObject({ heading: line, text: paragraph }),
  readMore: line,
});

export const articleCopy = z.strictObject({
  backLabel: line,
  titleSuffix: line.describe("Appended to each article's title in <title>"),
  cta,
});

export const notFoundCopy = z.strictObject({ ...pageMeta, heading: line, text: line, homeLink: line });

/** The page a call-back request without JavaScript ends on (site.yaml's leads). */
export const thankYouCopy = z.strictObject({ ...pageMeta, heading: line, text: paragraph, homeLink: line });

export const faqCopy = z.strictObject({ items: faqItems });

export const chromeCopy = z.strictObject({
  skipLink: line,
  nav: z.strictObject({
    label: line,
    menu: line.describe("The button that opens the navigation on small screens"),
    languages: line.optional().describe("Names the language switcher for screen readers, on a site with more than one language"),
    home: line,
    serviceAreas: line,
    about: line,
    blog: line,
  }),
  callButton: line.describe("Header call button; shown from the large breakpoint"),
  mobileBar: z.strictObject({ label: line, call: line, quote: line }),
  footer: z.strictObject({
    about: paragraph,
    services: line,
    company: line,
    contact: line,
    privacy: line,
    terms: line,
    copyright: line.describe("May use {year} and {company}"),
  }),
  badge: z.strictObject({
    claim: line
      .optional()
      .describe("The review badge's claim, also {reviewClaim} in any copy: your figures as {reviewAverage} and {reviewCount}, e.g. {reviewAverage} stars from {reviewCount} reviews; needed with site.yaml's reviews.stars"),
    searchEngineLink: line,
    googleCityLink: line,
    directoryLink: line,
    businessListingLink: line,
  }),
  buttons: z.strictObject({ call: line, quote: line, writeReview: line }),
  modal: z.strictObject({
    title: line,
    text: line,
    close: line,
    iframeTitle: line,
    consent: paragraph,
    privacyLink: line,
    callPrompt: line,
  }),
  toast: line,
  sort: z.strictObject({ button: line, sorted: line }),
  cta: z.strictObject({
    default: cta,
    city: cta,
  }),
  breadcrumb: z.strictObject({ label: line, home: line }),
  lastUpdated: line.describe("Before the date on the legal pages"),
  legalLicenses: line.describe("Heading of the licence numbers at the end of each legal page"),
  reviewsWidget: z.strictObject({ iframeTitle: line }),
  privacyChoices: z
    .strictObject({
      link: line.describe("The footer link and the section's heading; the CPRA regulations name it 'Your Privacy Choices'"),
      text: paragraph.describe("Why there is something to opt out of"),
      howTo: paragraph.describe("How to opt out without the control (Global Privacy Control, phone, e-mail): shown with and without JavaScript"),
      label: line.describe("The checkbox; checked means opted out"),
      hint: line.describe("Under the checkbox: where the choice is kept"),
      allowed: line.describe("Status when the visitor has not opted out"),
      optedOut: line.describe("Status after the visitor opted out with the checkbox"),
      offByDefault: line.describe("Status when site.yaml keeps advertising off until visitors opt in, and this one has not"),
      gpc: line.describe("Status when the browser's Global Privacy Control signal is on"),
    })
    .describe("The opt-out of selling and sharing, on the privacy policy page, when advertising tags are configured"),
  openAllDay: z
    .strictObject({
      everyDay: line.optional().describe("When every day is open 24 hours, e.g. Open 24/7"),
      someDays: line.optional().describe("When some days are: {days} lists them in this language, e.g. Open 24 hours on {days}"),
    })
    .optional()
    .describe("The footer's line for the days site.yaml's openingHours keeps open 00:00 to 24:00; needed with such days"),
  prices: z
    .strictObject({
      free: line.optional().describe("A price table's cell for a price of 0, e.g. Free"),
      from: line.optional().describe("A price table's cell for a starting price ({ from: 129 }): {price} is the amount, e.g. from {price}"),
    })
    .optional()
    .describe("Words for site.yaml's prices that are not one amount; needed with such a price"),
  hours: z
    .strictObject({ closed: line.describe("After a day site.yaml's specialHours closes, in the footer, e.g. Closed") })
    .optional()
    .describe("Words for site.yaml's specialHours; needed when one of them is closed: true"),
  leadForm: z
    .strictObject({
      name: line.describe("The name field's label"),
      phone: line.describe("The phone field's label"),
      town: line.describe("The town list's label"),
      chooseTown: line.describe("The town list's first, empty choice"),
      otherTown: line.describe("The town list's last choice, for a town not listed"),
      service: line.describe("The service list's label"),
      chooseService: line.describe("The service list's first, empty choice"),
      message: line.describe("The message field's label; the field is optional"),
      honeypot: line.describe("Label of a field hidden from people (robots fill it in), e.g. Leave this empty"),
      submit: line.describe("The send button"),
      errors: z.strictObject({
        required: line.describe("Next to a required field left empty"),
        phone: line.describe("Next to a phone number that cannot be one"),
        invalid: line.describe("Above the form when a request sent without JavaScript came back refused"),
        failed: line.describe("When the request could not be sent at all (no connection, server down)"),
      }),
    })
    .optional()
    .describe("The words of the site's own call-back form (site.yaml's leads); needed with it"),
  emergency: line.optional().describe("Before site.yaml's emergency number in the footer, e.g. Emergencies, day and night:; needed with it"),
  notice: z
    .strictObject({
      label: line.describe("Names the notice for screen readers, e.g. Announcement"),
      text: paragraph.describe("The notice, at the top of every page between site.yaml's notice days"),
    })
    .optional()
    .describe("The words of site.yaml's notice; needed with it"),
});

export const testimonialsCopy = z.strictObject({
  items: z
    .array(
      z.strictObject({
        quote: paragraph,
        name: line.describe("As the customer agreed to be named, e.g. Maria L."),
        town: line.describe("Where the customer lives; a city page shows its own town's quotes first"),
        service: z.string().optional().describe("The id of the service (site.yaml's services) it is about; the first service by default"),
        stars: z.number().int().min(1).max(5).default(5),
      }),
    )
    .max(50, "list 50 testimonials at most"),
});

export const legalFrontMatter = z.strictObject({
  ...pageMeta,
  heading: line,
  updated: z.iso.date({ message: "must be a date written yyyy-mm-dd" }).optional(),
});

/** Every copy file, by its path under content/. */
export const copyFiles = {
  "pages/home.yaml": homeCopy,
  "pages/service-areas.yaml": serviceAreasCopy,
  "pages/about.yaml": aboutCopy,
  "pages/city.yaml": cityCopy,
  "pages/blog.yaml": blogCopy,
  "pages/article.yaml": articleCopy,
  "pages/not-found.yaml": notFoundCopy,
  "faq.yaml": faqCopy,
  "testimonials.yaml": testimonialsCopy,
  "chrome.yaml": chromeCopy,
} as const;

/** Copy files only some sites have: the thank-you page, with site.yaml's leads. */
export const optionalCopyFiles = {
  "pages/thank-you.yaml": thankYouCopy,
} as const;

// The page registry (src/page-kinds.ts) names each kind's copy files; the schemas here are theirs,
// no more and no fewer: a kind's file without a schema, or a page's schema of no kind, fails the typecheck.
type RegistryCopyFile = (typeof PAGE_KINDS)[PageKindName]["copy"][number];
type PageCopyFile = Extract<keyof typeof copyFiles | keyof typeof optionalCopyFiles, `pages/${string}`>;
const registryAgrees: [Exclude<RegistryCopyFile, PageCopyFile>, Exclude<PageCopyFile, RegistryCopyFile>] extends [never, never] ? true : never = true;
void registryAgrees;

/**
 * The copy files of a site with these services: every fixed file, each service's own, and the
 * testimonials naming only these services; each own page's; their price tables naming site.yaml's prices.
 */
export function siteCopyFiles(
  serviceIds: readonly string[],
  { ownIds = [], priceNames = [], leads = false }: { ownIds?: readonly string[]; priceNames?: readonly string[]; leads?: boolean } = {},
): Record<string, z.ZodType> {
  const service = z.enum(serviceIds as [string, ...string[]], { message: `names no service of site.yaml; its services: ${serviceIds.join(", ")}` }).optional();
  const item = testimonialsCopy.shape.items.element.extend({ service });
  const testimonials = testimonialsCopy.extend({ items: z.array(item).max(50, "list 50 testimonials at most") });
  const serviceSchema = serviceCopyFor(priceNames);
  const ownSchema = ownPageCopyFor(priceNames);
  return {
    ...copyFiles,
    "testimonials.yaml": testimonials,
    ...(leads ? optionalCopyFiles : {}),
    ...Object.fromEntries(serviceIds.map((id) => [serviceFile(id), serviceSchema])),
    ...Object.fromEntries(ownIds.map((id) => [ownPageFile(id), ownSchema])),
  };
}

export type CopyFiles = typeof copyFiles;
export type ServiceCopy = z.output<typeof serviceCopy>;
export type ServiceSection = ServiceCopy["sections"][number];
export type OwnPageCopy = z.output<typeof ownPageCopy>;
export type OwnSection = OwnPageCopy["sections"][number];
/** A section of a service page or of an own page: one vocabulary, one renderer (templates/sections/page-sections.tsx). */
export type PageSection = ServiceSection | OwnSection;
/** Every copy file's text, by its name; the services' and own pages' by their id. */
export type Copy = { [K in keyof CopyFiles as CopyKey<K>]: z.output<CopyFiles[K]> } & {
  services: Record<string, ServiceCopy>;
  own: Record<string, OwnPageCopy>;
  /** With site.yaml's leads only. */
  thankYou?: ThankYouCopy;
};
export type ThankYouCopy = z.output<typeof thankYouCopy>;

export type HomeCopy = z.output<typeof homeCopy>;
export type ChromeCopy = z.output<typeof chromeCopy>;
export type CardCopy = z.output<typeof card>;
export type StepCopy = z.output<typeof step>;
export type ProcessCopy = z.output<typeof process>;
export type CtaCopy = z.output<typeof cta>;
export type Testimonial = z.output<typeof testimonialsCopy>["items"][number];
export type LegalFrontMatter = z.output<typeof legalFrontMatter>;
