import type { OWN_ICONS } from "../content/icon-names.ts";
import { FIXED_SLUGS, RESERVED_SERVICE_IDS } from "../page-kinds.ts";
import { slugify } from "../slug.ts";

/** 1 to 8 words of letters and digits, joined by ' - / or a lone &: "sewer line repair & replacement", "A/C repair", "24/7 plumbing". */
const WORD = "(?:&|[A-Za-z0-9][A-Za-z0-9'/&-]*)";
const WORDS = new RegExp(`^${WORD}( ${WORD}){0,7}$`);
const WORDS_PROBLEM = 'must be 1 to 8 words of letters and digits (& and / may join them), e.g. "pool cleaning" or "sewer line repair & replacement"';

/** Addresses the starter's own pages take, which a service's page cannot also have. */
const TAKEN = new Set([...RESERVED_SERVICE_IDS, ...FIXED_SLUGS, "privacy-policy", "terms-of-service", "404"]);

/**
 * The services answer: a list separated by commas, each 1 to 8 words and its own address (two
 * spellings of one slug would be one page). Lower case, but an acronym stays one: "AC repair".
 */
/** An answer checked: its value, or what is wrong with it. */
export type Checked = { value: string | string[] } | { problem: string };

export function checkServices(list: string): Checked {
  const named = list.split(",").map((words) => words.trim()).filter((words) => words !== "");
  if (named.length === 0) return { problem: 'name at least one service, e.g. "pool cleaning"' };
  const problems: string[] = [];
  const bySlug = new Map<string, string>();
  for (const words of named) {
    const slug = slugify(words);
    if (!WORDS.test(words) || words.startsWith("&") || !/[A-Za-z]/.test(words) || words.length > 40) problems.push(named.length === 1 ? WORDS_PROBLEM : `"${words}" ${WORDS_PROBLEM}`);
    else if (TAKEN.has(slug)) problems.push(`"${words}" would be at /${slug}, a page the site has anyway: name the service in other words`);
    else if (bySlug.has(slug)) {
      const first = bySlug.get(slug)!;
      problems.push(first === words ? `"${words}" is given twice: name each service once` : `"${first}" and "${words}" would both be at /${slug}: name each service once`);
    } else bySlug.set(slug, words);
  }
  if (problems.length > 0) return { problem: problems.join("\n") };
  return { value: named.map((words) => words.split(" ").map((word) => (/^[A-Z0-9/&]{2,}$/.test(word) && /[A-Z]/.test(word) ? word : word.toLowerCase())).join(" ")) };
}

/** Words with their first letters capitalised: "mole removal" -> Mole Removal. */
/**
 * With several services each town's page is at /{town}: a service named as one of the towns
 * init picked would take its address. One line naming both, or undefined.
 */
export function townClash(services: readonly string[], towns: readonly string[]): string | undefined {
  if (services.length < 2) return undefined;
  const bySlug = new Map(towns.map((town) => [slugify(town), town]));
  const clashes = services.flatMap((service) => {
    const town = bySlug.get(slugify(service));
    return town ? [`"${service}" would be at /${slugify(service)}, the address of ${town}'s page`] : [];
  });
  return clashes.length > 0 ? `--service  ${clashes.join("; ")}: name the service in other words` : undefined;
}

export function titleCase(words: string): string {
  return words.replace(/(^|[\s-])([a-z])/g, (_, space: string, letter: string) => space + letter.toUpperCase());
}

/** A sentence's first letter capitalised. */
export function capitalised(words: string): string {
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** "a", "a and b", "a, b and c". */
export function listed(items: readonly string[]): string {
  return items.length < 2 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/**
 * The longest of several services' names together that titles can take (fit-lengths.ts only
 * shortens the starter's own words): the article's short title, "{name}: Questions to Ask Before
 * You Hire", leaves 35 characters of its 70.
 */
const TOGETHER_MAX = 35;

/** Several services named together in a title and in a sentence: all of them, else the first ones "and more". */
export function servicesTogether(services: readonly string[]): { title: string; words: string } {
  const choices = [services, ...[2, 1].filter((count) => count < services.length).map((count) => [...services.slice(0, count), "more"])];
  for (const choice of choices) {
    const title = listed(choice.map(titleCase));
    if (title.length <= TOGETHER_MAX) return { title, words: listed(choice) };
  }
  return { title: "Our Services", words: "our services" };
}

/** Icons for services' pages in the order they are given, so that neighbours differ. */
export const SERVICE_ICONS: ReadonlyArray<(typeof OWN_ICONS)[number]> = ["home", "building", "shield", "leaf", "tree", "shed", "star", "badge", "check", "clock", "calendar", "family", "chart"];
