import path from "node:path";
import * as z from "zod";
import type { Site } from "../config/schema.ts";
import { readYaml } from "../config/read-yaml.ts";
import { licensePlaceholder } from "../config/fact-names.ts";
import { SiteError, type Problem } from "../errors.ts";
import { ADDRESSED_KINDS, UNTRANSLATABLE_KINDS } from "../page-kinds.ts";
import type { SourceFiles } from "../source-files.ts";
import { licenseLines, type LicenseLine } from "./licenses.ts";
import { siteFacts, withDefaultWords, type Facts } from "./placeholders.ts";
import { factsWithClaim } from "./review-claim.ts";

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be lowercase letters, digits and single hyphens");
const townSlugPattern = z.string().regex(/^[a-z0-9-]*\{slug\}[a-z0-9-]*$/, "must contain {slug} (the city's slug), e.g. servicio-{slug}");
const line = z.string().trim().min(1, "must not be empty").max(300, "is too long (300 characters at most)");

/**
 * content/<code>/language.yaml: what a translation leaves out, its addresses and its words for facts.
 * What it may leave out and address are the kinds of page and the site's services, by id.
 */
export function languageSettingsSchemaFor(serviceIds: readonly string[], townSlugs: readonly string[] = [], options: { townsListed?: boolean } = {}) {
  const units = [...UNTRANSLATABLE_KINDS, ...serviceIds];
  const message = `must be one of: ${units.join(", ")} (kinds of page, then site.yaml's services and pages)${townSlugs.length > 0 ? ", or a town's slug" : ""}`;
  // The towns are named, not listed, in a message: a site may have a thousand. The editor's form
  // lists them (townsListed), to be picked.
  const towns = new Set(townSlugs);
  const unit =
    townSlugs.length > 0 && !options.townsListed
      ? z.string().refine((name) => units.includes(name) || towns.has(name), message)
      : z.enum([...units, ...townSlugs] as [string, ...string[]], { message });
  return z.strictObject({
    untranslated: z
      .array(unit)
      .default([])
      .describe("Pages left in the default language on purpose (a kind of page, a service or page of your own by its id, a town by its slug): not built in this language; links lead to the default language's page"),
    untranslatedNote: line.optional().describe("Shown in this language's footer when a page type is left untranslated"),
    names: z
      .strictObject(Object.fromEntries(serviceIds.map((id) => [id, line])))
      .partial()
      .default({})
      .describe("This language's name of a service or page of your own left untranslated, for its menu and cards; its page stays in the default language"),
    slugs: z
      .strictObject({
        ...Object.fromEntries(serviceIds.map((id) => [id, slug])),
        // The kinds of page the registry lets a language address (page-kinds.ts), the towns' by a pattern.
        ...Object.fromEntries(ADDRESSED_KINDS.map((kind) => [kind, kind === "city" ? townSlugPattern : slug])),
      })
      .partial()
      .default({})
      .describe("This language's addresses, after its /<code>/ prefix (services by their id); the default language's are used for the others"),
    facts: z
      .record(z.string(), line)
      .default({})
      .describe("Facts whose text is in words (arrivalWindow: 2–4 horas); the numbers must be those of site.yaml"),
    companyDescription: z
      .string()
      .trim()
      .min(1, "must not be empty")
      .max(3000)
      .describe("site.yaml's company.description in this language: the business in structured data"),
    shareImageAlt: line.optional().describe("site.yaml's brand.shareImageAlt in this language"),
    licenseLabels: z
      .record(z.string(), line)
      .default({})
      .describe("The licences' names in this language, by their name in site.yaml; their numbers come from site.yaml"),
  });
}

/** language.yaml's schema without services, for its type. */
const languageSettingsSchema = languageSettingsSchemaFor([]);
export type LanguageSettings = Omit<z.output<typeof languageSettingsSchema>, "untranslated" | "slugs" | "names"> & {
  untranslated: string[];
  slugs: Record<string, string | undefined>;
  names: Record<string, string | undefined>;
};

/** The default language's settings: nothing left out, its own addresses and words, site.yaml's texts. */
export function defaultLanguageSettings(site: Site): LanguageSettings {
  return { untranslated: [], slugs: {}, names: {}, facts: {}, licenseLabels: {}, companyDescription: site.company.description, shareImageAlt: site.brand.shareImageAlt };
}

/** The ids language.yaml names pages by: the services', then the own pages'. */
export function pageIds(site: Site): string[] {
  return [...site.services.map((service) => service.id), ...site.pages.map((page) => page.id)];
}

/**
 * A translation's language.yaml and the facts its texts are filled with: site.yaml's, prices as its
 * locale writes them, its words for facts and its licences' labels. The editor's preview fills with these too.
 */
export async function translationFacts(
  site: Site,
  language: Site["languages"][number],
  sources: SourceFiles,
  contentDir: string,
  displayDir: string,
  figures = siteFacts(site, language.locale),
): Promise<{ settings: LanguageSettings; licenses: LicenseLine[]; facts: Facts; warnings: Problem[] }> {
  const folder = path.join(contentDir, language.code);
  const shown = `${displayDir}/${language.code}`;
  // Its own words for the review claim, read ahead of the copy that may name {reviewClaim}.
  const localeFacts = await factsWithClaim(site, figures, sources, path.join(folder, "chrome.yaml"), `${shown}/chrome.yaml`);
  const read = await readSettings(sources, path.join(folder, "language.yaml"), `${shown}/language.yaml`, localeFacts, site);
  const licenses = licenseLines(site, read.settings.licenseLabels);
  const facts: Facts = { ...read.facts, ...Object.fromEntries(licenses.map((line) => [licensePlaceholder(line.name), line.text])) };
  // site.yaml's worded facts this language gives no words for reach its pages in the default language's: said where
  // used. A fact of figures and signs alone ($20–$60) reads the same in every language.
  const unworded = Object.entries(site.facts)
    .filter(([name, value]) => /\p{L}/u.test(value) && !Object.hasOwn(read.settings.facts, name))
    .map(([name]) => name);
  return { settings: read.settings, licenses, facts: withDefaultWords(facts, unworded, `${shown}/language.yaml`), warnings: read.warnings };
}

/** Reads language.yaml; its words for facts must name known facts and carry their numbers. */
async function readSettings(sources: SourceFiles, absolute: string, file: string, facts: Facts, site: Site): Promise<{ settings: LanguageSettings; facts: Facts; warnings: Problem[] }> {
  let text: string;
  try {
    text = await sources.readText(absolute);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === "ENOENT" ? "file not found; every language but the first needs one (its addresses and what it leaves untranslated)" : `cannot read (${code})`;
    throw new SiteError([{ file, message: reason }]);
  }
  const problems: Problem[] = [];
  const read = readYaml(file, text, languageSettingsSchemaFor(pageIds(site), site.cities.map((city) => city.slug)), problems);
  if (!read) throw new SiteError(problems);
  for (const [name, words] of Object.entries(read.data.facts)) {
    // Located only for a problem: the careful parser that knows positions is loaded for nothing else.
    const at = () => ({ file, ...read.source().locate(["facts", name]), field: `facts.${name}` });
    if (name === "reviewClaim") {
      problems.push({ ...at(), message: "is worded in chrome.yaml's badge.claim now, with {reviewAverage} and {reviewCount}: move the words there" });
      continue;
    }
    if (!Object.hasOwn(facts, name)) {
      problems.push({ ...at(), message: `no such fact; known: ${Object.keys(facts).sort().join(", ")}` });
      continue;
    }
    const expected = numbersIn(facts[name]!);
    const found = numbersIn(words);
    if (expected.join(",") !== found.join(",")) {
      problems.push({ ...at(), message: `has the numbers (${found.join(", ") || "none"}), site.yaml's ${name} has (${expected.join(", ") || "none"}): "${facts[name]}"` });
    }
  }
  const licenseNames = new Set(site.licenses.map((license) => license.name));
  for (const name of Object.keys(read.data.licenseLabels)) {
    if (licenseNames.has(name)) continue;
    const known = [...licenseNames].join(", ") || "none";
    problems.push({ file, ...read.source().locate(["licenseLabels", name]), field: `licenseLabels.${name}`, message: `site.yaml has no licence named ${name}; its licences: ${known}` });
  }
  // What a reader of this language must be told, and site.yaml's texts it must have in its words.
  if (read.data.untranslated.length > 0 && !read.data.untranslatedNote) {
    problems.push({ file, ...read.source().locate(["untranslated"]), field: "untranslatedNote", message: "is required with untranslated: it tells readers which pages are in the default language only" });
  }
  // A name is for a page left in the default language; a translated one is named by its own copy.
  for (const id of Object.keys(read.data.names)) {
    if (read.data.untranslated.includes(id)) continue;
    problems.push({ file, ...read.source().locate(["names", id], { key: true }), field: `names.${id}`, message: `names only what untranslated lists: ${id}'s page is translated, and its copy file gives its name` });
  }
  if (site.brand.shareImageAlt && !read.data.shareImageAlt) {
    problems.push({ file, line: 1, field: "shareImageAlt", message: "missing: site.yaml has brand.shareImageAlt" });
  }
  if (problems.length > 0) throw new SiteError(problems);
  // A service or menu page left untranslated without a name here: the menu says it in the default language.
  const inMenu = [...site.services.map((service) => service.id), ...site.pages.filter((page) => page.menu === "main" || page.menu === "footer").map((page) => page.id)];
  const warnings = inMenu
    .filter((id) => read.data.untranslated.includes(id) && !read.data.names[id])
    .map((id) => ({
      file,
      ...read.source().locate(["untranslated"]),
      field: `names.${id}`,
      message: `the menu names ${id}, left untranslated, in the default language: give its name in this language under names (its page stays as it is)`,
    }));
  return { settings: read.data, facts: { ...facts, ...read.data.facts }, warnings };
}

/** The numbers in a text, without their thousands separators: "$1,500 and 24–48 hours" -> 1500, 24, 48. */
function numbersIn(text: string): string[] {
  return text.match(/\d+(?:[.,]\d+)*/g)?.map((number) => number.replace(/[.,]/g, "")) ?? [];
}
