import { factsInDefaultWords, type Facts } from "./placeholders.ts";

/** A fact written by hand in copy where site.yaml's placeholder belongs: where, and what to do. */
export interface HandWrittenFact {
  offset: number;
  message: string;
}

// A North American number as people write it: (503) 555-0100, 503-555-0100, 503.555.0100, +1 503 555 0100.
const PHONE = /(?<![\d\w])(?:\+?1[\s.-]?)?(?:\(\d{3}\)\s?|\d{3}[\s.-])\d{3}[\s.-]\d{4}(?![\d\w])/g;
// A street address: a house number, one to four capitalised words, and a street type.
const STREET = /\b\d{1,6}\s+(?:[A-Z0-9][\w'.-]*\s+){1,4}(?:(?:St|Ave|Rd|Blvd|Dr|Ln|Ct|Pl|Hwy|Pkwy|Cir|Ter)\b\.?|(?:Street|Avenue|Road|Boulevard|Drive|Lane|Way|Court|Place|Highway|Parkway|Circle|Terrace)\b)/g;

/** Words of a heading or a sentence, never of a street's name: "25 Years On The Road" is no address. */
const NOT_A_STREET = new Set(["the", "to", "on", "of", "and", "for", "in", "at", "our", "your", "a", "an", "with", "by", "from", "years", "steps", "ways"]);
/** A street's type in full, as its short form: "Main Street" and "Main St" are one address. */
const SHORT_TYPES: Readonly<Record<string, string>> = { street: "st", avenue: "ave", road: "rd", boulevard: "blvd", drive: "dr", lane: "ln", court: "ct", place: "pl", highway: "hwy", parkway: "pkwy", circle: "cir", terrace: "ter" };

const digits = (text: string) => text.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "");
const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .split(" ")
    .map((word) => SHORT_TYPES[word] ?? word)
    .join(" ");

/**
 * Phone numbers and street addresses written by hand in a text: one that is site.yaml's should be
 * its placeholder ({phone}, {emergencyPhone}, {address}), so a change there reaches it; one that is
 * not is a second, different statement of the company's facts, which local search holds against it.
 */
export function handWrittenFacts(text: string, facts: Facts): HandWrittenFact[] {
  const found: HandWrittenFact[] = [];
  const phones = (["phone", "emergencyPhone"] as const).filter((name) => facts[name] !== undefined);
  for (const match of text.matchAll(PHONE)) {
    const same = phones.find((name) => digits(facts[name]!) === digits(match[0]));
    found.push({
      offset: match.index,
      message: same
        ? `${match[0]} is site.yaml's ${same === "phone" ? "phone" : "emergency number"} written by hand: write {${same}}, so a change of number reaches it`
        : `${match[0]} is not site.yaml's phone (${facts.phone}): write {phone}; a number of yours that is not there belongs in site.yaml (emergency.phone)`,
    });
  }
  for (const match of text.matchAll(STREET)) {
    if (match[0].split(/\s+/).slice(1, -1).some((word) => NOT_A_STREET.has(word.toLowerCase()))) continue;
    const address = facts.address;
    const message =
      address === undefined
        ? `${match[0]} is a street address written by hand: give it as site.yaml's base.street and write {address}`
        : words(address).startsWith(words(match[0]))
          ? `${match[0]} is site.yaml's address written by hand: write {address}, so a move reaches it`
          : `${match[0]} is not site.yaml's address (${address}): write {address}`;
    found.push({ offset: match.index, message });
  }
  return found.sort((a, b) => a.offset - b.offset);
}

/** What copy says of the site's facts that a warning names: a fact written by hand, a translation's fact still in the default language's words. */
export function factWarnings(text: string, facts: Facts): Array<{ offset: number; message: string }> {
  return [...handWrittenFacts(text, facts), ...factsInDefaultWords(text, facts)];
}
