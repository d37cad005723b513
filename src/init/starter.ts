import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { TOOL_ROOT } from "../paths.ts";
import { sortByDistance } from "../routes/distance.ts";
import { phoneForms, type Answers } from "./answers.ts";
import type { Town, ZipPlaces } from "./places.ts";
import { slugify } from "../slug.ts";
import { fitLengths, type StarterFacts } from "./fit-lengths.ts";

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
    // The company's name after a title, left out where the title would be too long (fit-lengths.ts).
    titleSuffix: "[[ | {company}]]",
    year: String(today.getUTCFullYear()),
    today: today.toISOString().slice(0, 10),
    citiesYaml: citiesYaml([places.base, ...places.nearby], answers.service, places.base),
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
  const known = starterFacts(answers, places);
  const names = (await readdir(STARTER_DIR, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(STARTER_DIR, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const file = path.join(STARTER_DIR, name);
      const data = /\.(ya?ml|md|svg)$/.test(name) ? fitLengths(fill(await readFile(file, "utf8"), values, name), name, known) : await readFile(file);
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
        // Each town's own state: towns near a state line are in another one than the base town.
        `    region: ${JSON.stringify(town.region)}`,
        `    nearby: [${nearby.join(", ")}]`,
        `    intro: ${JSON.stringify(intro)}`,
      ].join("\n");
    })
    .join("\n");
}
