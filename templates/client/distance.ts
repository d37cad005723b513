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

/**
 * Reorders each list's items nearest first from `from`; `data-sort-fixed` items stay last. A list
 * with `data-show="N"` shows only its N nearest (the others stay in the HTML, hidden). Imported on
 * use by client/distance-sort.ts, when the visitor's position is asked for.
 */
export function sortLists(lists: Iterable<HTMLElement>, from: LatLng): void {
  for (const list of lists) {
    const show = list.dataset.show ? Number(list.dataset.show) : Infinity;
    for (const ul of list.querySelectorAll("ul")) {
      const items = [...ul.children].filter((li): li is HTMLElement => li instanceof HTMLElement && li.hasAttribute("data-lat"));
      const places = items.map((el) => ({ el, lat: Number(el.dataset.lat), lng: Number(el.dataset.lng) }));
      const fixed = [...ul.querySelectorAll(":scope > [data-sort-fixed]")];
      const sorted = nearestFirst(places, from).map((place) => place.el);
      sorted.forEach((el, index) => (el.hidden = index >= show));
      ul.append(...sorted, ...fixed);
    }
  }
}
