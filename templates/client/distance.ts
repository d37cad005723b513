/** Mean Earth radius of the spec's haversine distance. */
const EARTH_RADIUS_KM = 6371;

export interface LatLng {
  lat: number;
  lng: number;
}

// Same formula as src/routes/distance.ts; the client bundle cannot import src/ (a site project
// has only templates/), so this tiny copy lives here.

/** Great-circle distance in km between two points (haversine, R = 6371 km). */
export function haversineKm(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A copy of `items` nearest first from `from`; ties keep their order. */
export function nearestFirst<T extends LatLng>(items: readonly T[], from: LatLng): T[] {
  return items
    .map((item, index) => ({ item, index, km: haversineKm(from, item) }))
    .sort((a, b) => a.km - b.km || a.index - b.index)
    .map(({ item }) => item);
}
