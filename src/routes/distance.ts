/** Mean Earth radius used by the spec's haversine distance. */
export const EARTH_RADIUS_KM = 6371;

export interface LatLng {
  lat: number;
  lng: number;
}

/** Great-circle distance in km between two points (haversine, R = 6371 km). */
export function haversineKm(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A copy of `items` ordered nearest first from `from`; ties keep their input order. */
export function sortByDistance<T extends LatLng>(items: readonly T[], from: LatLng): Array<T & { distanceKm: number }> {
  return items
    .map((item, index) => ({ item: { ...item, distanceKm: haversineKm(from, item) }, index }))
    .sort((a, b) => a.item.distanceKm - b.item.distanceKm || a.index - b.index)
    .map(({ item }) => item);
}
