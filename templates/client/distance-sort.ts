/**
 * Orders `[data-distance-sort]` lists by the visitor's position. Never prompts on load: when
 * permission is already granted it sorts at once; when undecided it shows the sort control,
 * which asks. Denial, failure or a missing API keep the rendered (default) order, silently. The
 * sorting itself (client/distance.ts, `sorting`: main.ts's import()) is imported on use, as the position is asked for: both are
 * awaited together, and a page whose visitor never shares a position never loads it.
 */
export function initDistanceSort(sorting: () => Promise<typeof import("./distance.ts")>): void {
  const lists = document.querySelectorAll<HTMLElement>("[data-distance-sort]");
  const geo = navigator.geolocation;
  if (lists.length === 0 || !geo || !navigator.permissions) return;
  const controls = [...document.querySelectorAll<HTMLButtonElement>("[data-sort-control]")];

  const failed = () => {
    for (const control of controls) control.hidden = true;
  };
  const locate = () => {
    const sorted = sorting();
    sorted.catch(failed);
    geo.getCurrentPosition(
      ({ coords }) =>
        sorted.then(({ sortLists }) => {
          sortLists(lists, { lat: coords.latitude, lng: coords.longitude });
          for (const control of controls) {
            control.textContent = control.dataset.sortedLabel ?? control.textContent;
            control.disabled = true;
          }
        }, failed),
      failed,
      { maximumAge: 600_000, timeout: 15_000 },
    );
  };

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
