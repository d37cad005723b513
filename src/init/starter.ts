import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { TOOL_ROOT } from "../paths.ts";
import { sortByDistance } from "../routes/distance.ts";
import { phoneForms, type Answers } from "./answers.ts";
import type { Town, ZipPlaces } from "./places.ts";
import { slugify } from "../slug.ts";

/** The starter site's files: src/init/starter/, copied with {{name}} filled in from the answers. */
export const STARTER_DIR = path.join(TOOL_ROOT, "src", "init", "starter");

export interface StarterFile {
  /** Path inside the new site's folder, with / separators. */
  path: string;
  data: string | Uint8Array;
}


/** Words with their first letters capitalised: "mole removal" -> Mole Removal. */
export function titleCase(words: string): string {
  return words.replace(/(^|[\s-])([a-z])/g, (_, space: string, letter: string) => space + letter.toUpperCase());
}

/** The values the starter's {{names}} stand for. */
export function starterValues(answers: Answers, places: ZipPlaces, today: Date): Record<string, string> {
  const phone = phoneForms(answers.phone);
  const serviceSlug = slugify(answers.service);
  const yaml = (value: string) => JSON.stringify(value);
  const domain = slugify(answers.company) || "your-company";
  return {
    company: answers.company,
    companyYaml: yaml(answers.company),
    descriptionYaml: yaml(`${answers.company} offers ${answers.service} in and around ${places.base.name}, ${places.base.region}.`),
    service: answers.service,
    Service: answers.service.charAt(0).toUpperCase() + answers.service.slice(1),
    ServiceTitle: titleCase(answers.service),
    serviceSlug,
    cityPathExample: `/${slugify(places.base.name)}-${serviceSlug}`,
    phoneDisplayYaml: yaml(phone.display),
    phoneTelYaml: yaml(phone.tel),
    emailYaml: yaml(answers.email),
    siteUrl: `https://www.${domain}.example.com`,
    baseTown: places.base.name,
    baseTownYaml: yaml(places.base.name),
    baseRegionYaml: yaml(places.base.region),
    zipYaml: yaml(places.zip),
    baseLat: String(places.base.lat),
    baseLng: String(places.base.lng),
    // Written inside double-quoted YAML strings: a company named `Joe "Pool" Co` stays valid YAML.
    titleSuffix: titleSuffix(answers, places).replace(/[\\"]/g, (character) => `\\${character}`),
    year: String(today.getUTCFullYear()),
    today: today.toISOString().slice(0, 10),
    citiesYaml: citiesYaml([places.base, ...places.nearby], answers.service, places.base),
  };
}

/** Search results cut a title after about this many characters (`check --strict` refuses longer ones). */
const TITLE_LIMIT = 70;

/**
 * " | Company" after the pages' titles when the longest of them (a city page's, the home page's)
 * still fits the limit with it; none otherwise, so a long company name does not fail `check --strict`.
 */
export function titleSuffix(answers: Answers, places: ZipPlaces): string {
  const service = titleCase(answers.service);
  const longest = Math.max(
    ...[places.base, ...places.nearby].map((town) => `${service} in ${town.name}, ${town.region}`.length),
    `${service} in ${places.base.name}, ${places.base.region} and Nearby`.length,
    `${service} for Businesses`.length,
  );
  const suffix = ` | ${answers.company}`;
  return longest + suffix.length <= TITLE_LIMIT ? suffix : "";
}

/** Fills {{name}} in a starter file; an unknown name is a bug in the starter, not the user's mistake. */
export function fill(text: string, values: Readonly<Record<string, string>>, file: string): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`the starter file ${file} uses {{${name}}}, which init does not fill`);
    return value;
  });
}

/** Every file of the starter site, filled in. Text files (.yaml, .md, .svg) are filled; others copied. */
export async function starterFiles(answers: Answers, places: ZipPlaces, today = new Date()): Promise<StarterFile[]> {
  const values = starterValues(answers, places, today);
  const names = (await readdir(STARTER_DIR, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(STARTER_DIR, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const file = path.join(STARTER_DIR, name);
      const data = /\.(ya?ml|md|svg)$/.test(name) ? fill(await readFile(file, "utf8"), values, name) : await readFile(file);
      return { path: name, data };
    }),
  );
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
        `    nearby: [${nearby.join(", ")}]`,
        `    intro: ${JSON.stringify(intro)}`,
      ].join("\n");
    })
    .join("\n");
}
