import type { Site } from "../config/schema.ts";
import { licensePlaceholder, pricePlaceholder } from "../config/fact-names.ts";
import { closestFirst, suggest } from "../config/zod-problems.ts";
import { formatPrice } from "./money.ts";
import { streetAddress } from "../config/town-place.ts";
import { formatNumber } from "./numbers.ts";

/** Named business facts that copy in content/ may reference as `{name}`. */
export type Facts = Readonly<Record<string, string>>;

/**
 * The facts copy may use, values from site.yaml only, prices and review figures written in
 * `locale`. A fact the site does not have (no warranty, no price named setup) is absent, so copy
 * naming it is refused. {reviewClaim} is worded in each language's copy: withReviewClaim adds it.
 */
export function siteFacts(site: Site, locale = site.languages[0]!.locale): Facts {
  const facts: Record<string, string> = {
    company: site.company.name,
    phone: site.phone.display,
    email: site.email,
    baseTown: `${site.base.town}, ${site.base.region}`,
    region: site.base.region,
    year: String(site.copyrightYear),
    legalUpdated: site.legal.updated,
  };
  const optional: Record<string, string | number | undefined> = {
    // The street address with its town, state and ZIP code, when base gives a street.
    address: streetAddress(site),
    callbackMinutes: site.callbackMinutes,
    // The average with one decimal at most (5 stays "5"), the count grouped as the locale does.
    reviewAverage: site.reviews?.stars === undefined ? undefined : formatNumber(site.reviews.stars, locale, 1),
    reviewCount: site.reviews ? formatNumber(site.reviews.count, locale) : undefined,
    warrantyDays: site.warranty?.days,
    noSetupChargeDays: site.warranty?.noSetupChargeDays,
    resultDays: site.results?.days,
    resultHours: site.results?.hours,
    emergencyPhone: site.emergency?.phone.display,
  };
  for (const [name, value] of Object.entries(optional)) if (value !== undefined) facts[name] = String(value);
  for (const [name, amount] of Object.entries(site.prices.items)) facts[pricePlaceholder(name)] = formatPrice(amount, site.prices.currency, locale);
  for (const license of site.licenses) facts[licensePlaceholder(license.name)] = licenseText(license);
  return { ...facts, ...site.facts };
}

/** A licence as pages show it: "Label #number". */
export function licenseText(license: { label: string; number: string }): string {
  return `${license.label} #${license.number}`;
}

/** Copies a value, passing every string through `fn` with its key path. */
export function mapStrings(value: unknown, at: PropertyKey[], fn: (text: string, at: PropertyKey[]) => string): unknown {
  if (typeof value === "string") return fn(value, at);
  if (Array.isArray(value)) return value.map((item, index) => mapStrings(item, [...at, index], fn));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, [...at, key], fn)]));
  }
  return value;
}

const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9]*)\}/g;

/** Names of `{placeholders}` in `text` that `facts` does not know, with their offsets. */
export function unknownPlaceholders(text: string, known: ReadonlySet<string>): Array<{ name: string; offset: number }> {
  const unknown: Array<{ name: string; offset: number }> = [];
  for (const match of text.matchAll(PLACEHOLDER)) {
    const name = match[1]!;
    if (!known.has(name)) unknown.push({ name, offset: match.index });
  }
  return unknown;
}

/** How many known names an unknown placeholder's message lists: enough for a typo's neighbours, one line. */
const LISTED = 8;

/**
 * `unknown placeholder {diagnostcPrice}; did you mean {diagnosticPrice}? Known: {diagnosticPrice}, {phone}, ...`:
 * the known names closest first (by edit distance), at most LISTED of them.
 */
export function unknownPlaceholderMessage(name: string, known: Iterable<string>): string {
  const names = closestFirst(name, known);
  const listed = names.slice(0, LISTED).map((other) => `{${other}}`).join(", ");
  const more = names.length > LISTED ? ` and ${names.length - LISTED} more` : "";
  const hint = suggest(name, names);
  return `unknown placeholder {${name}}; ${hint ? `did you mean {${hint}}? Known: ` : "known: "}${listed || "none"}${more}`;
}

const WORD_BEFORE = /([\p{L}\p{N}'’-]*\p{L}[\p{L}\p{N}'’-]*)\s+$/u;
const WORD_AFTER = /^\s+([\p{L}\p{N}'’-]*\p{L}[\p{L}\p{N}'’-]*)/u;
const FIRST_WORD = /^([\p{L}\p{N}'’-]*\p{L}[\p{L}\p{N}'’-]*)/u;
/** How far a word next to a placeholder is looked for, in characters. */
const NEAR = 64;
const LAST_WORD = /([\p{L}\p{N}'’-]*\p{L}[\p{L}\p{N}'’-]*)$/u;

/** A word written twice once a placeholder is filled: where, and how the filled text reads there. */
export interface RepeatedWord {
  name: string;
  word: string;
  offset: number;
  /** The words around the seam once filled, e.g. "Family Trapping trapping job". */
  reads: string;
}

/**
 * Words repeated across a placeholder's edge once it is filled ("every {company} trapping job"
 * with a company named "… Family Trapping"): the text reads clumsily, so `check` warns.
 */
export function repeatedWords(text: string, facts: Facts): RepeatedWord[] {
  const found: RepeatedWord[] = [];
  for (const match of text.matchAll(PLACEHOLDER)) {
    const name = match[1]!;
    if (!Object.hasOwn(facts, name)) continue;
    const value = facts[name]!;
    // A word is short: look at a few dozen characters each side, never the whole text (a long
    // markdown body has many placeholders, and an anchored search over all before each is slow).
    const before = WORD_BEFORE.exec(text.slice(Math.max(0, match.index - NEAR), match.index))?.[1];
    const after = WORD_AFTER.exec(text.slice(match.index + match[0].length, match.index + match[0].length + NEAR))?.[1];
    const first = FIRST_WORD.exec(value)?.[1];
    const last = LAST_WORD.exec(value)?.[1];
    const same = (a?: string, b?: string) => a !== undefined && b !== undefined && a.toLocaleLowerCase() === b.toLocaleLowerCase();
    if (same(before, first)) found.push({ name, word: first!, offset: match.index, reads: `${before} ${lastWords(value, 2, "start")}` });
    if (same(last, after)) found.push({ name, word: last!, offset: match.index, reads: `${lastWords(value, 2, "end")} ${after}` });
  }
  return found;
}

function lastWords(value: string, count: number, side: "start" | "end"): string {
  const words = value.trim().split(/\s+/);
  return (side === "start" ? words.slice(0, count) : words.slice(-count)).join(" ");
}

/** A translation's facts that are still site.yaml's words, in the default language: its language.yaml has none of its own. */
const inDefaultWords = new WeakMap<Facts, { names: ReadonlySet<string>; file: string }>();

/**
 * `facts` with `names` marked as still in the default language's words: a translation's worded facts
 * its language.yaml (`file`) does not give.
 */
export function withDefaultWords(facts: Facts, names: readonly string[], file: string): Facts {
  const marked = { ...facts };
  if (names.length > 0) inDefaultWords.set(marked, { names: new Set(names), file });
  return marked;
}

/**
 * Worded facts a translation's text names that are still site.yaml's words ({arrivalWindow}: "2–4
 * hours" on a Spanish page): each with its offset and what to do.
 */
export function factsInDefaultWords(text: string, facts: Facts): Array<{ offset: number; message: string }> {
  const marked = inDefaultWords.get(facts);
  if (!marked) return [];
  return [...text.matchAll(PLACEHOLDER)]
    .filter((match) => marked.names.has(match[1]!))
    .map((match) => ({ offset: match.index, message: `{${match[1]}} is site.yaml's words, "${facts[match[1]!]}", in the default language: give this language's words in ${marked.file}'s facts` }));
}

/** How `check` words a repeated word: the same line in the CLI and the editor. */
export function repeatedWordMessage(repeat: RepeatedWord): string {
  return `"${repeat.word}" twice once {${repeat.name}} is filled ("${repeat.reads}"); reword the sentence`;
}

/** Replaces every `{name}` whose name is a known fact; leaves other text alone. */
export function fillPlaceholders(text: string, facts: Facts): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => (Object.hasOwn(facts, name) ? facts[name]! : whole));
}

/**
 * Prepares `value` (copy: strings, arrays, objects) for filling one placeholder many times, as
 * city pages fill `{city}`: each call builds only the parts that contain `{name}` and shares the
 * rest, instead of copying the whole tree once per city.
 */
export function placeholderFiller<T>(value: T, name: string): (replacement: string) => T {
  const token = `{${name}}`;
  const compile = (item: unknown): ((replacement: string) => unknown) | undefined => {
    if (typeof item === "string") {
      if (!item.includes(token)) return undefined;
      const parts = item.split(token);
      return (replacement) => parts.join(replacement);
    }
    if (Array.isArray(item)) {
      const fills = item.map(compile);
      if (fills.every((fill) => fill === undefined)) return undefined;
      return (replacement) => item.map((child, i) => (fills[i] ? fills[i](replacement) : child));
    }
    if (item && typeof item === "object") {
      const fills = Object.entries(item).map(([key, child]) => [key, child, compile(child)] as const);
      if (fills.every(([, , fill]) => fill === undefined)) return undefined;
      return (replacement) => Object.fromEntries(fills.map(([key, child, fill]) => [key, fill ? fill(replacement) : child]));
    }
    return undefined;
  };
  const fill = compile(value);
  return fill ? (replacement) => fill(replacement) as T : () => value;
}
