import { FIRM_NAME, placeOfZip, populatedPlaces, zipOf, zipPlace, zipRecords, type Place } from "../init/gazetteer.ts";
import { slugify } from "../slug.ts";
import { townNameKey } from "../config/town-names.ts";

export interface TownMatch {
  name: string;
  slug: string;
  state: string;
  zip: string;
  lat: number;
  lng: number;
}

/**
 * The owner's spelling of a town, unless typed all in one case ("coeur d alene") or with more than
 * a name's letters and marks: then as people write it.
 */
function ownersSpelling(typed: string): string | undefined {
  const mixedCase = typed !== typed.toLowerCase() && typed !== typed.toUpperCase();
  return mixedCase && /^[\p{L} .'’-]+$/u.test(typed) ? typed.replace(/\s+/g, " ") : undefined;
}

function match(place: Place, zip: string, typed?: string): TownMatch {
  const name = typed ?? place.name;
  return { name, slug: slugify(name), state: place.state, zip, lat: place.lat, lng: place.lng };
}

/**
 * Towns for what the owner typed: a five-digit ZIP code (the place it is in: 97223 is Tigard, not
 * the post office's Portland), or a town's name with an optional state (`Sun City`, `Sun City, CA`),
 * however spelled ("St. Maries", "Coeur d'Alene"). Populated places (src/init/gazetteer.ts) are offered;
 * a hamlet under 1,000 people only the ZIP list knows, when no populated place has the name. Without
 * a state, `region`'s towns come first, then the others, the most populous first. One match per
 * town and state, with its ZIP code.
 */
export function findTowns(query: string, region: string): TownMatch[] {
  const text = query.trim();
  if (/^\d{5}$/.test(text)) {
    const place = placeOfZip(text);
    return place ? [match(place, text)] : [];
  }
  const [name, state] = text.split(",").map((part) => part.trim());
  if (!name) return [];
  const key = townNameKey(name);
  const inState = (placeState: string) => !state || placeState === state.toUpperCase();
  const first = region.toUpperCase();
  const byRegion = <T extends { state: string }>(a: T, b: T) => Number(b.state === first) - Number(a.state === first);
  const places = populatedPlaces().filter((place) => inState(place.state) && townNameKey(place.name) === key);
  const seen = new Set<string>();
  const once = (place: Place) => !seen.has(`${place.name}|${place.state}`) && Boolean(seen.add(`${place.name}|${place.state}`));
  // The ten to show first; each one's ZIP code then (a look through the ZIP list each).
  const found =
    places.length > 0
      ? places.sort(byRegion).filter(once).slice(0, 10).map((place) => ({ place, zip: zipOf(place) ?? "" }))
      : hamlets(key, inState).sort((a, b) => byRegion(a.place, b.place)).filter(({ place }) => once(place)).slice(0, 10);
  return found.map(({ place, zip }) => match(place, zip, ownersSpelling(name)));
}

/** Towns of the ZIP list alone (under 1,000 people), by the name typed; never a firm's code. */
function hamlets(key: string, inState: (state: string) => boolean): Array<{ place: Place; zip: string }> {
  return zipRecords()
    .filter((record) => inState(record.state) && !FIRM_NAME.test(record.city) && townNameKey(record.city) === key)
    .map((record) => ({ place: zipPlace(record), zip: record.zip }));
}
