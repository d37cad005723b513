import { createRequire } from "node:module";
import type { ZipRecord } from "zipcodes";
import { slugify } from "../slug.ts";
import { townName, townNameKey } from "../town-names.ts";

type Zipcodes = Pick<typeof import("zipcodes"), "lookup" | "codes" | "lookupByState">;

let zipcodes: Zipcodes | undefined;
/** The offline US gazetteer (the `zipcodes` package), loaded on first use: it is a large table. */
function gazetteer(): Zipcodes {
  return (zipcodes ??= createRequire(import.meta.url)("zipcodes") as Zipcodes);
}

export interface TownMatch {
  name: string;
  slug: string;
  state: string;
  zip: string;
  lat: number;
  lng: number;
}


const round = (value: number) => Math.round(value * 10_000) / 10_000;

function match(record: ZipRecord, typed?: string): TownMatch {
  const name = typed ?? townName(record.city);
  return { name, slug: slugify(name), state: record.state, zip: record.zip, lat: round(record.latitude), lng: round(record.longitude) };
}

/**
 * The owner's spelling of a town, unless typed all in one case ("coeur d alene") or with more than
 * a name's letters and marks: then as people write it.
 */
function ownersSpelling(typed: string): string | undefined {
  const mixedCase = typed !== typed.toLowerCase() && typed !== typed.toUpperCase();
  return mixedCase && /^[\p{L} .'’-]+$/u.test(typed) ? typed.replace(/\s+/g, " ") : undefined;
}

/**
 * Towns for what the owner typed: a five-digit ZIP code, or a town's name with an optional state
 * (`Sun City`, `Sun City, CA`), however spelled ("St. Maries", "Coeur d'Alene"). Without a state,
 * `region`'s towns come first, then those of other states: a town across the line is found too.
 * One match per town and state: its first ZIP code.
 */
export function findTowns(query: string, region: string): TownMatch[] {
  const text = query.trim();
  if (/^\d{5}$/.test(text)) {
    const record = gazetteer().lookup(text);
    return record ? [match(record)] : [];
  }
  const [name, state] = text.split(",").map((part) => part.trim());
  if (!name) return [];
  const key = townNameKey(name);
  const first = region.toUpperCase();
  const records = (state ? gazetteer().lookupByState(state.toUpperCase()) : Object.values(gazetteer().codes))
    .filter((record) => record.country === "US" && townNameKey(record.city) === key)
    .sort((a, b) => Number(b.state === first) - Number(a.state === first));
  const seen = new Set<string>();
  return records
    .map((record) => match(record, ownersSpelling(name)))
    .filter((town) => (seen.has(`${town.slug}|${town.state}`) ? false : (seen.add(`${town.slug}|${town.state}`), true)))
    .slice(0, 10);
}
