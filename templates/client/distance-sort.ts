import { nearestFirst, type LatLng } from "./distance.ts";

/**
 * Reorders one list's items nearest first from `from`; `data-sort-fixed` items stay last. A list
 * with `data-show="N"` shows only its N nearest (the others stay in the HTML, hidden).
 */
function sortList(list: HTMLElement, from: LatLng): void {
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

/**
 * Orders `[data-distance-sort]` lists by the visitor's position. Never prompts on load: when
 * permission is already granted it sorts at once; when undecided it shows the sort control,
 * which asks. Denial, failure or a missing API keep the rendered (default) order, silently.
 */
export function initDistanceSort(): void {
  const lists = document.querySelectorAll<HTMLElement>("[data-distance-sort]");
  const geo = navigator.geolocation;
  if (lists.length === 0 || !geo || !navigator.permissions) return;
  const controls = [...document.querySelectorAll<HTMLButtonElement>("[data-sort-control]")];

  const locate = () =>
    geo.getCurrentPosition(
      ({ coords }) => {
        for (const list of lists) sortList(list, { lat: coords.latitude, lng: coords.longitude });
        for (const control of controls) {
          control.textContent = control.dataset.sortedLabel ?? control.textContent;
          control.disabled = true;
        }
      },
      () => {
        for (const control of controls) control.hidden = true;
      },
      { maximumAge: 600_000, timeout: 15_000 },
    );

  // Wrapped so that a synchronous throw (an unknown permission name in older browsers) is caught too.
  Promise.resolve().then(() => navigator.permissions.query({ name: "geolocation" })).then(
    (status) => {
      if (status.state === "granted") locate();
      else if (status.state === "prompt") {
        for (const control of controls) {
          control.hidden = false;
          control.addEventListener("click", locate);
        }
      }
    },
    () => {},
  );
}
