import { COMMON_FACTS, licensePlaceholder, OPTIONAL_FACTS, pricePlaceholder } from "./fact-names.ts";
import { ADVERTISING_TAGS, type Site } from "./schema.ts";
import { FIXED_SLUGS, LICENSE_KINDS, RESERVED_SERVICE_IDS } from "../page-kinds.ts";

/** A rule that needs more than one field. `path` is where the problem is reported. */
export interface CrossIssue {
  path: PropertyKey[];
  message: string;
}

/** Every cross-field rule, each a small pure function returning its issues. */
export const crossChecks: ReadonlyArray<(site: Site) => CrossIssue[]> = [
  uniqueSlugs,
  nearbyTownsExist,
  phoneDigitsAgree,
  warrantyPeriodsAgree,
  ratingAgreesWithStars,
  uniqueLanguages,
  adTagsNeedAdvertising,
  uniqueFactNames,
  uniqueServices,
  licensePlacesExist,
  emergencyDigitsAgree,
  noticeDaysInOrder,
  uniqueOwnPages,
  townStatesSaid,
  offersAndJobsAgree,
  specialHoursInOrder,
];

export function runCrossChecks(site: Site): CrossIssue[] {
  return crossChecks.flatMap((check) => check(site));
}

export function uniqueSlugs(site: Site): CrossIssue[] {
  const issues: CrossIssue[] = [];
  const seen = new Map<string, string>();
  site.cities.forEach((city, index) => {
    const first = seen.get(city.slug);
    if (first) issues.push({ path: ["cities", index, "slug"], message: `"${city.slug}" is already used by ${first}` });
    else seen.set(city.slug, `cities.${index} (${city.name})`);
  });
  site.townsWithoutPage.forEach((town, index) => {
    const first = seen.get(town.slug);
    if (first) {
      issues.push({ path: ["townsWithoutPage", index, "slug"], message: `"${town.slug}" is already used by ${first}` });
    } else seen.set(town.slug, `townsWithoutPage.${index} (${town.name})`);
  });
  return issues;
}

export function nearbyTownsExist(site: Site): CrossIssue[] {
  const known = new Set([...site.cities.map((c) => c.slug), ...site.townsWithoutPage.map((t) => t.slug)]);
  const issues: CrossIssue[] = [];
  site.cities.forEach((city, cityIndex) => {
    const listed = new Set<string>();
    city.nearby.forEach((slug, index) => {
      const path = ["cities", cityIndex, "nearby", index];
      if (slug === city.slug) issues.push({ path, message: `a city cannot list itself as nearby` });
      else if (listed.has(slug)) issues.push({ path, message: `"${slug}" is listed twice` });
      else if (!known.has(slug)) {
        issues.push({
          path,
          message: `no city or town has the slug "${slug}"; add it to cities, or to townsWithoutPage if it has no page`,
        });
      }
      listed.add(slug);
    });
  });
  return issues;
}

export function phoneDigitsAgree(site: Site): CrossIssue[] {
  return digitsAgree(site.phone, ["phone"]);
}

/** The emergency number is checked as the main one is: what it shows is what it dials. */
export function emergencyDigitsAgree(site: Site): CrossIssue[] {
  return site.emergency ? digitsAgree(site.emergency.phone, ["emergency", "phone"]) : [];
}

function digitsAgree(phone: Site["phone"], at: string[]): CrossIssue[] {
  const shown = phone.display.replace(/\D/g, "");
  const dialled = phone.tel.replace(/\D/g, "");
  if (shown.length >= 7 && dialled.endsWith(shown)) return [];
  return [{ path: [...at, "tel"], message: `dials ${phone.tel}, but ${at.join(".")}.display shows ${phone.display}` }];
}

/** A notice whose last day is before its first would never be shown: surely a typo. */
export function noticeDaysInOrder(site: Site): CrossIssue[] {
  const notice = site.notice;
  if (!notice || notice.firstDay <= notice.lastDay) return [];
  return [{ path: ["notice", "lastDay"], message: `is before notice.firstDay (${notice.firstDay}): the notice would never be shown` }];
}

export function warrantyPeriodsAgree(site: Site): CrossIssue[] {
  if (!site.warranty || site.warranty.noSetupChargeDays < site.warranty.days) return [];
  return [{ path: ["warranty", "noSetupChargeDays"], message: `must be shorter than warranty.days (${site.warranty.days})` }];
}

/** The badge's figures and the rating search engines read are one claim: they may not differ. */
export function ratingAgreesWithStars(site: Site): CrossIssue[] {
  const reviews = site.reviews;
  if (!reviews?.rating || reviews.stars === undefined) return [];
  const issues: CrossIssue[] = [];
  const average = Math.round(reviews.rating.average * 10) / 10;
  if (average !== reviews.stars) issues.push({ path: ["reviews", "stars"], message: `says ${reviews.stars}, but reviews.rating.average is ${reviews.rating.average}: the badge and structured data must give the same average` });
  if (reviews.count > reviews.rating.count) issues.push({ path: ["reviews", "count"], message: `is more than reviews.rating.count (${reviews.rating.count}): the badge may not claim more reviews than you have` });
  return issues;
}

/** Towns listed as nearby that have no page: their links go to /service-areas. */
export function nearbyTownsWithoutPage(site: Site): Array<{ city: string; town: string }> {
  const withoutPage = new Map(site.townsWithoutPage.map((t) => [t.slug, t.name]));
  return site.cities.flatMap((city) =>
    city.nearby.filter((slug) => withoutPage.has(slug)).map((slug) => ({ city: city.name, town: withoutPage.get(slug)! })),
  );
}

export function uniqueLanguages(site: Site): CrossIssue[] {
  const seen = new Set<string>();
  return site.languages.flatMap((language, index) => {
    const repeated = seen.has(language.code);
    seen.add(language.code);
    return repeated ? [{ path: ["languages", index, "code"], message: `"${language.code}" is listed twice` }] : [];
  });
}

/**
 * An advertising tag in `runs` with `advertising: false` would make the privacy policy's "we do not
 * share" untrue, and its signals would stay denied anyway.
 */
export function adTagsNeedAdvertising(site: Site): CrossIssue[] {
  const analytics = site.integrations.analytics;
  if (!analytics || analytics.advertising) return [];
  return analytics.runs.flatMap((tag, index) =>
    ADVERTISING_TAGS.has(tag)
      ? [{ path: ["integrations", "analytics", "runs", index], message: `${tag} is an advertising tag: set integrations.analytics.advertising to true, or take ${tag} out of runs` }]
      : [],
  );
}

/** Every placeholder names one fact: a licence, a price or a fact in words may not take another's name. */
export function uniqueFactNames(site: Site): CrossIssue[] {
  const taken = new Map<string, string>(COMMON_FACTS.map((name) => [name, "a fact every site has"]));
  for (const name of OPTIONAL_FACTS) taken.set(name, "a fact of site.yaml's own keys");
  const issues: CrossIssue[] = [];
  const claim = (placeholder: string, path: PropertyKey[], what: string) => {
    const owner = taken.get(placeholder);
    if (owner) issues.push({ path, message: `{${placeholder}} is already ${owner}; choose another name` });
    else taken.set(placeholder, what);
  };
  site.licenses.forEach((license, index) => claim(licensePlaceholder(license.name), ["licenses", index, "name"], `licenses.${index} (${license.label})`));
  for (const name of Object.keys(site.prices.items)) claim(pricePlaceholder(name), ["prices", "items", name], `the price ${name}`);
  for (const name of Object.keys(site.facts)) claim(name, ["facts", name], `facts.${name}`);
  return issues;
}

/**
 * Ids a page may not have besides the kinds' names: every object has a `constructor`, so a page
 * named so would be found in a list of ids that does not hold it (language.yaml's slugs).
 */
const OBJECT_NAMES: ReadonlySet<string> = new Set(["constructor", "prototype"]);

/** What is wrong with a service's or own page's id on its own, if anything. */
function idProblem(id: string): string | undefined {
  if (RESERVED_SERVICE_IDS.has(id)) return `"${id}" names a kind of page (${[...RESERVED_SERVICE_IDS].join(", ")}); choose another id`;
  if (OBJECT_NAMES.has(id)) return `"${id}" is a name the tool keeps for itself; choose another id`;
  return undefined;
}

/**
 * Each service has its own id and address; an id naming a kind of page would be read as that kind,
 * and an address of a page gopher-site writes anyway (a fixed page, a town's, a language's home) is taken.
 */
export function uniqueServices(site: Site): CrossIssue[] {
  const issues: CrossIssue[] = [];
  const ids = new Map<string, number>();
  const paths = takenPaths(site);
  site.services.forEach((service, index) => {
    const problem = idProblem(service.id);
    if (problem) issues.push({ path: ["services", index, "id"], message: problem });
    else if (ids.has(service.id)) issues.push({ path: ["services", index, "id"], message: `"${service.id}" is already the id of services.${ids.get(service.id)}` });
    else ids.set(service.id, index);
    const other = paths.get(service.path) ?? (cityPathTakes(site.cityPath, service.path, site.cities) ? "a city page" : undefined);
    if (other) issues.push({ path: ["services", index, "path"], message: `${service.path} is already the address of ${other}; choose another path` });
    else paths.set(service.path, `the service ${service.id}`);
  });
  return issues;
}

/** The fixed pages' addresses in the default language (the registry's, page-kinds.ts), which a service or an own page may not take. */
const FIXED_PATHS = ["/", "/404", ...FIXED_SLUGS.map((slug) => `/${slug}`)];

/** The addresses gopher-site writes whatever the services and own pages are: the fixed pages', each other language's home. */
function takenPaths(site: Site): Map<string, string> {
  return new Map<string, string>([
    ...FIXED_PATHS.map((path) => [path, "a page of gopher-site"] as const),
    ...site.languages.slice(1).map((language) => [`/${language.code}`, `the ${language.code} pages' home`] as const),
  ]);
}

/**
 * Each own page has an id no service, kind of page or other own page has (language.yaml names them
 * side by side), and an address no other page has.
 */
export function uniqueOwnPages(site: Site): CrossIssue[] {
  const issues: CrossIssue[] = [];
  const ids = new Map<string, string>(site.services.map((service, index) => [service.id, `services.${index}`]));
  const paths = takenPaths(site);
  for (const service of site.services) paths.set(service.path, `the service ${service.id}`);
  site.pages.forEach((page, index) => {
    const problem = idProblem(page.id);
    if (problem) issues.push({ path: ["pages", index, "id"], message: problem });
    else if (ids.has(page.id)) issues.push({ path: ["pages", index, "id"], message: `"${page.id}" is already the id of ${ids.get(page.id)}; choose another id` });
    else ids.set(page.id, `pages.${index}`);
    const other = paths.get(page.path) ?? (cityPathTakes(site.cityPath, page.path, site.cities) ? "a city page" : undefined);
    if (other) issues.push({ path: ["pages", index, "path"], message: `${page.path} is already the address of ${other}; choose another path` });
    else paths.set(page.path, `the page ${page.id}`);
  });
  return issues;
}

/** Whether a city page is written at `path` (cityPath /{city}-pest-control with a town's slug). */
function cityPathTakes(cityPath: string, path: string, cities: Site["cities"]): boolean {
  return cities.some((city) => cityPath.replace("{city}", city.slug) === path);
}

/** A licence is listed on the footer, about, legal or a service's page, named by its id. */
export function licensePlacesExist(site: Site): CrossIssue[] {
  const known = [...new Set([...LICENSE_KINDS, ...site.services.map((service) => service.id).filter((id) => !RESERVED_SERVICE_IDS.has(id))])];
  return site.licenses.flatMap((license, index) =>
    license.shownOn.flatMap((place, at) =>
      known.includes(place) ? [] : [{ path: ["licenses", index, "shownOn", at], message: `must be one of: ${known.join(", ")} (the services are site.yaml's services ids)` }],
    ),
  );
}

/**
 * Towns in more than one state each say theirs: a town without `region` takes the base town's, which
 * is right only while every town is in that state ("Plumber in Overland Park, MO" was not).
 */
export function townStatesSaid(site: Site): CrossIssue[] {
  const towns = [
    ...site.cities.map((town, index) => ({ town, path: ["cities", index, "region"] })),
    ...site.townsWithoutPage.map((town, index) => ({ town, path: ["townsWithoutPage", index, "region"] })),
  ];
  const states = [...new Set([site.base.region, ...towns.flatMap(({ town }) => (town.region ? [town.region] : []))])].sort();
  if (states.length < 2) return [];
  const listed = `${states.slice(0, -1).join(", ")} and ${states.at(-1)}`;
  return towns
    .filter(({ town }) => !town.region)
    .map(({ town, path }) => ({ path, message: `the towns are in ${listed}: say which state ${town.name} is in (region: ${states.join(" or region: ")}); without it, it would be taken for the base town's ${site.base.region}` }));
}

/** An own page's offer names a price site.yaml has; a job's pay runs up, and it was posted before its last day. */
export function offersAndJobsAgree(site: Site): CrossIssue[] {
  const issues: CrossIssue[] = [];
  site.pages.forEach((page, index) => {
    const price = page.offer?.price;
    if (price !== undefined && !Object.hasOwn(site.prices.items, price)) {
      const known = Object.keys(site.prices.items);
      issues.push({ path: ["pages", index, "offer", "price"], message: `is no price of prices.items (${known.length > 0 ? known.join(", ") : "it has none"})` });
    }
    const job = page.job;
    if (job?.pay?.to !== undefined && job.pay.to <= job.pay.from) issues.push({ path: ["pages", index, "job", "pay", "to"], message: `must be more than from (${job.pay.from})` });
    if (job && page.until !== undefined && job.posted > page.until) issues.push({ path: ["pages", index, "job", "posted"], message: `is after until (${page.until}): the job would end before it was posted` });
  });
  return issues;
}

/** A special day's hours close after they open. */
export function specialHoursInOrder(site: Site): CrossIssue[] {
  return site.specialHours.flatMap((special, index) =>
    special.opens !== undefined && special.closes !== undefined && special.closes <= special.opens
      ? [{ path: ["specialHours", index, "closes"], message: `must be after opens (${special.opens})` }]
      : [],
  );
}
