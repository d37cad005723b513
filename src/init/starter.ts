import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { parseYamlDocument } from "../config/yaml-source.ts";
import { TOOL_ROOT } from "../paths.ts";
import { sortByDistance } from "../routes/distance.ts";
import { phoneForms, type Answers, type Host } from "./answers.ts";
import type { Town, ZipPlaces } from "./places.ts";
import { slugify } from "../slug.ts";
import { MOST_CARDS } from "../content/copy-schema.ts";
import { parseHours } from "./hours.ts";
import { markStarterWords } from "../content/starter-words.ts";
import { fitLengths, type StarterFacts } from "./fit-lengths.ts";
import { capitalised, listed, SERVICE_ICONS, servicesTogether, titleCase } from "./services.ts";

/** The starter site's files: src/init/starter/, copied with {{name}} filled in from the answers. */
export const STARTER_DIR = path.join(TOOL_ROOT, "src", "init", "starter");

export interface StarterFile {
  /** Path inside the new site's folder, with / separators. */
  path: string;
  data: string | Uint8Array;
}

/** What the starter's `{{name}}` stand for; a `{{#name}}` block is written once for each record of its list. */
export interface StarterValues {
  [name: string]: string | readonly StarterValues[];
}

/** The values the starter's {{names}} stand for. */
export function starterValues(answers: Answers, places: ZipPlaces, today: Date): StarterValues {
  const phone = phoneForms(answers.phone);
  const yaml = (value: string) => JSON.stringify(value);
  const domain = slugify(answers.company) || "your-company";
  const services = answers.services.map(serviceValues);
  const several = services.length > 1;
  const together = servicesTogether(answers.services);
  const allServices = listed(answers.services);
  return {
    company: answers.company,
    companyYaml: yaml(answers.company),
    descriptionYaml: yaml(`${answers.company} offers ${allServices} in and around ${places.base.name}, ${places.base.region}.`),
    // The pages about all of them: every service in a sentence, fewer in titles and descriptions.
    ...(several ? { service: allServices, Service: capitalised(allServices), ServiceTitle: together.title, serviceShort: together.words, ServiceShort: capitalised(together.words) } : services[0]),
    services,
    // The home page's cards: a card for each service, then the company's two while there is room.
    homeCards: services.slice(0, MOST_CARDS),
    roomForCompanyCards: services.length + 2 <= MOST_CARDS ? [{}] : [],
    one: several ? [] : [{}],
    several: several ? [{}] : [],
    // Several services: a city's page is about them all, so its address is the town's alone.
    cityPathExample: `/${slugify(places.base.name)}${several ? "" : `-${services[0]!.serviceSlug}`}`,
    phoneDisplayYaml: yaml(phone.display),
    phoneTelYaml: yaml(phone.tel),
    emailYaml: yaml(answers.email),
    siteUrl: `https://www.${domain}.example.com`,
    baseTown: places.base.name,
    baseTownYaml: yaml(places.base.name),
    baseRegionYaml: yaml(places.base.region),
    zipYaml: yaml(places.zip),
    street: answers.street ? [{ streetYaml: yaml(answers.street) }] : [],
    hours: hoursValues(answers.hours),
    leads: leadsValues(answers.host),
    baseLat: String(places.base.lat),
    baseLng: String(places.base.lng),
    // The company's name after a title, left out where the title would be too long (fit-lengths.ts).
    titleSuffix: "[[ | {company}]]",
    year: String(today.getUTCFullYear()),
    today: today.toISOString().slice(0, 10),
    citiesYaml: citiesYaml([places.base, ...places.nearby], allServices, places.base),
  };
}

/** site.yaml's openingHours from the owner's short form: one record a line, for the starter's {{#hours}} block. */
function hoursValues(hours: string | undefined): StarterValues[] {
  if (hours === undefined) return [];
  const parsed = parseHours(hours);
  if (!("hours" in parsed)) throw new Error(`init checked the hours "${hours}" and they do not parse: ${parsed.problem}`);
  return [{ lines: parsed.hours.map((line) => ({ days: line.days.join(", "), opens: line.opens, closes: line.closes })) }];
}

/** Where the own form's requests go on the chosen host (server without one yet); none on GitHub Pages, which serves files only. */
function leadsValues(host: Host | undefined): StarterValues[] {
  if (host === "github-pages") return [];
  const where: Record<Exclude<Host, "github-pages">, string> = {
    server: '"server" is gopher-site serve, which e-mails each one to the email above',
    netlify: '"netlify" is Netlify Forms, whose dashboard e-mails them',
    cloudflare: '"cloudflare" is the Cloudflare Pages worker, which e-mails each one to the email above',
  };
  const delivery = host ?? "server";
  return [{ delivery, leadsWhere: where[delivery] }];
}

/** One service's values: its words, its page's address and its icon (its id is site.yaml's). */
function serviceValues(service: string, index: number): Record<string, string> {
  const slug = slugify(service);
  return {
    service,
    Service: capitalised(service),
    ServiceTitle: titleCase(service),
    serviceShort: service,
    ServiceShort: capitalised(service),
    serviceSlug: slug,
    servicePath: `/${slug}`,
    serviceIcon: SERVICE_ICONS[index % SERVICE_ICONS.length]!,
  };
}

/** The facts the starter's titles and descriptions name, as the site init writes will fill them. */
export function starterFacts(answers: Answers, places: ZipPlaces): StarterFacts {
  const { base } = places;
  return {
    facts: { company: answers.company, phone: phoneForms(answers.phone).display, email: answers.email, baseTown: `${base.name}, ${base.region}`, region: base.region },
    towns: [base, ...places.nearby].map((town) => town.name),
  };
}

/** A block written once for each record of a list (`{{#name}}`), or only when the list is empty (`{{^name}}`). */
const BLOCK = /\{\{([#^])(\w+)\}\}(\n?)([\s\S]*?)\{\{\/\2\}\}(\n?)/g;

/**
 * Fills {{name}} and {{#blocks}} in a starter file; an unknown name is a bug in the starter, not the
 * user's mistake. A block's marks alone on their lines leave no line of their own.
 */
export function fill(text: string, values: Readonly<StarterValues>, file: string): string {
  const filled = text.replace(BLOCK, (_, kind: string, name: string, ownLine: string, body: string, after: string) => {
    const records = values[name];
    if (!Array.isArray(records)) throw new Error(`the starter file ${file} has a block {{${kind}${name}}}, which init does not fill with a list`);
    const chosen: readonly StarterValues[] = kind === "^" ? (records.length === 0 ? [{}] : []) : records;
    return chosen.map((record) => fill(body, { ...values, ...record }, file)).join("") + (ownLine ? "" : after);
  });
  return filled.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = values[name];
    if (typeof value !== "string") throw new Error(`the starter file ${file} uses {{${name}}}, which init does not fill`);
    return value;
  });
}

/**
 * Every file of the starter site, filled in. Text files (.yaml, .md, .svg) are filled; others copied.
 * A file named with {{serviceId}} is written once for each service, with that service's values; a
 * file that fills to nothing is one these answers do not need (a lone service's page for businesses).
 */
export async function starterFiles(answers: Answers, places: ZipPlaces, today = new Date()): Promise<StarterFile[]> {
  const values = starterValues(answers, places, today);
  const known = starterFacts(answers, places);
  const names = (await readdir(STARTER_DIR, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(STARTER_DIR, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
  // A service's copy is content/services/<id>.yaml for the id the starter's site.yaml gives it, as the build reads it.
  const site = parseYamlDocument(fill(await readFile(path.join(STARTER_DIR, "site.yaml"), "utf8"), values, "site.yaml")).toJS() as { services: Array<{ id: string }> };
  const services = (values.services as readonly StarterValues[]).map((service, index) => ({ ...service, serviceId: site.services[index]!.id }));
  const written = names.flatMap((source) =>
    source.includes("{{serviceId}}")
      ? services.map((service) => ({ name: source.replace("{{serviceId}}", service.serviceId), source, values: { ...values, ...service } }))
      : [{ name: source, source, values }],
  );
  const files = await Promise.all(
    written.map(async ({ name, source, values }) => {
      const file = path.join(STARTER_DIR, source);
      const text = /\.(ya?ml|md|svg)$/.test(name) ? fitLengths(fill(await readFile(file, "utf8"), values, name), name, known) : undefined;
      // A starter text to make one's own carries a fingerprint of its words, so check says so until they change.
      const data = text === undefined ? await readFile(file) : name.endsWith(".md") ? markStarterWords(text) : text;
      return { path: name, data };
    }),
  );
  return files.filter((file) => file.data !== "").sort((one, other) => (one.path < other.path ? -1 : one.path > other.path ? 1 : 0));
}

/**
 * The cities block of site.yaml: the base town first, then the others by distance, each with its
 * three nearest towns of the list as "nearby" and a plain introduction for the owner to rewrite.
 */
export function citiesYaml(towns: readonly Town[], service: string, base: Town): string {
  const listed = sortByDistance(towns, base);
  return listed
    .map((town) => {
      const nearby = sortByDistance(
        listed.filter((other) => other !== town),
        town,
      )
        .slice(0, 3)
        .map((other) => slugify(other.name));
      const intro = `We offer ${service} in ${town.name}, ${town.region}, and the towns around it.`;
      return [
        `  - name: ${JSON.stringify(town.name)}`,
        `    slug: ${slugify(town.name)}`,
        `    lat: ${town.lat}`,
        `    lng: ${town.lng}`,
        // Each town's own state: towns near a state line are in another one than the base town.
        `    region: ${JSON.stringify(town.region)}`,
        `    nearby: [${nearby.join(", ")}]`,
        `    intro: ${JSON.stringify(intro)}`,
      ].join("\n");
    })
    .join("\n");
}
