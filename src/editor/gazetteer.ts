import { createRequire } from "node:module";
import type { ZipRecord } from "zipcodes";
import { slugify } from "../slug.ts";

type Zipcodes = Pick<typeof import("zipcodes"), "lookup" | "lookupByName" | "lookupByState">;

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

function match(record: ZipRecord): TownMatch {
  const name = record.city.replace(/\b([a-z])/g, (letter) => letter.toUpperCase());
  return { name, slug: slugify(name), state: record.state, zip: record.zip, lat: round(record.latitude), lng: round(record.longitude) };
}

/**
 * Towns for what the owner typed: a five-digit ZIP code, or a town's name with an optional state
 * (`Sun City`, `Sun City, CA`; `region` is the default state). One match per town: its first ZIP code.
 */
export function findTowns(query: string, region: string): TownMatch[] {
  const text = query.trim();
  if (/^\d{5}$/.test(text)) {
    const record = gazetteer().lookup(text);
    return record ? [match(record)] : [];
  }
  const [name, state] = text.split(",").map((part) => part.trim());
  if (!name) return [];
  const records = gazetteer().lookupByName(name, (state || region).toUpperCase());
  const seen = new Set<string>();
  return records
    .map(match)
    .filter((town) => (seen.has(town.slug) ? false : (seen.add(town.slug), true)))
    .slice(0, 10);
}
