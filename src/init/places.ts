import { sortByDistance } from "../routes/distance.ts";
import { placeOfZip, populatedPlaces, zipRecord } from "./gazetteer.ts";

/** A town as site.yaml lists it: its name as people write it, its own state and coordinates. */
export interface Town {
  name: string;
  region: string;
  lat: number;
  lng: number;
}

/** The base town of a ZIP code and the towns nearest to it, for a new site's city list. */
export interface ZipPlaces {
  zip: string;
  base: Town;
  nearby: Town[];
}

/** How many towns besides the base a new site starts with: enough to show the city pages, few enough to write about each. */
export const NEARBY_COUNT = 7;

/**
 * The `count` towns nearest to `base`, nearest first, the base itself left out, and a town named
 * like a nearer one (across a state line) too: each town's name makes its page's address.
 */
export function nearestTowns(base: Town, towns: readonly Town[], count = NEARBY_COUNT): Town[] {
  const names = new Set([base.name.toLowerCase()]);
  return sortByDistance(towns, base)
    .filter((town) => !names.has(town.name.toLowerCase()) && Boolean(names.add(town.name.toLowerCase())))
    .slice(0, count)
    .map(({ name, region, lat, lng }) => ({ name, region, lat, lng }));
}

/** Whether `zip` is a US ZIP code the offline list knows. */
export async function knownZip(zip: string): Promise<boolean> {
  return zipRecord(zip) !== undefined;
}

/**
 * The place a US ZIP code is in and the populated places nearest to it, offline (src/init/gazetteer.ts:
 * places of 1,000 people or more, never a firm's own ZIP code or a part of a town). Undefined for a
 * code the list does not know.
 */
export async function placesOfZip(zip: string): Promise<ZipPlaces | undefined> {
  const place = placeOfZip(zip);
  if (!place) return undefined;
  // At the ZIP code's own point: nearer the business than the town's centre.
  const base: Town = { name: place.name, region: place.state, lat: place.lat, lng: place.lng };
  const towns = populatedPlaces().map((other) => ({ name: other.name, region: other.state, lat: other.lat, lng: other.lng }));
  return { zip, base, nearby: nearestTowns(base, towns) };
}
