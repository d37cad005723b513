import type { ZipRecord } from "zipcodes";
import { sortByDistance } from "../routes/distance.ts";
import { townName } from "../town-names.ts";

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
 * Names the ZIP list gives to a firm's own ZIP code ("State Farm Ins", "Allstate Insurance Co",
 * "Contest Mail"): not towns. Words of real town names (Center, Station, University) are not here.
 */
const FIRM_NAME = /\b(ins|insurance|inc|co|corp|corporation|company|services?|mail|irs|bank|lottery|bureau)\b/i;

/** Coordinates given to 2 decimals only: the list's mark of a firm's or an office's own code ("Census Bureau", 33.44, -112.09). */
const coarse = (record: ZipRecord) => Number.isInteger(Math.round(record.latitude * 1e6) / 1e4) && Number.isInteger(Math.round(record.longitude * 1e6) / 1e4);

/**
 * One entry per town (name and state) of the ZIP records (firms' own codes left out: a name
 * of a firm, or a single code with coarse coordinates; this also drops a few hamlets), at the mean of its ZIP codes'
 * coordinates, rounded to 4 decimals (about 10 m) as site.yaml writes them.
 */
export function townsOf(records: Iterable<ZipRecord>): Town[] {
  const sums = new Map<string, { name: string; region: string; lat: number; lng: number; count: number; coarse: number }>();
  for (const record of records) {
    if (record.country !== "US" || FIRM_NAME.test(record.city) || !Number.isFinite(record.latitude) || !Number.isFinite(record.longitude)) continue;
    const key = `${record.city}|${record.state}`;
    const sum = sums.get(key) ?? { name: townName(record.city), region: record.state, lat: 0, lng: 0, count: 0, coarse: 0 };
    sum.lat += record.latitude;
    sum.lng += record.longitude;
    sum.count += 1;
    if (coarse(record)) sum.coarse += 1;
    sums.set(key, sum);
  }
  return [...sums.values()]
    .filter((sum) => !(sum.count === 1 && sum.coarse === 1))
    .map(({ name, region, lat, lng, count }) => ({ name, region, lat: round(lat / count), lng: round(lng / count) }));
}

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

/** Whether the package knows `zip` as a US ZIP code. */
export async function knownZip(zip: string): Promise<boolean> {
  return (await zipcodes()).lookup(zip)?.country === "US";
}

/**
 * The base town of a US ZIP code and its nearest towns, from the `zipcodes` package's own data
 * (offline; loaded only here: it is 5 MB). Undefined for a code it does not know.
 */
export async function placesOfZip(zip: string): Promise<ZipPlaces | undefined> {
  const data = await zipcodes();
  const record = data.lookup(zip);
  if (!record || record.country !== "US") return undefined;
  const base: Town = { name: townName(record.city), region: record.state, lat: round(record.latitude), lng: round(record.longitude) };
  return { zip, base, nearby: nearestTowns(base, townsOf(Object.values(data.codes))) };
}

type ZipData = Pick<typeof import("zipcodes"), "lookup" | "codes">;

/** The package, loaded on first use (CommonJS: its exports are the module's default under ES modules). */
async function zipcodes(): Promise<ZipData> {
  const module = (await import("zipcodes")) as ZipData & { default?: ZipData };
  return module.default ?? module;
}

function round(value: number): number {
  return Math.round(value * 1e4) / 1e4;
}
