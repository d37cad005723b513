import type { ChromeView, Link, PlaceLink } from "../../src/routes/page-props.ts";
import { useLocalize } from "./localize.tsx";

/**
 * Links to places, in the default order (nearest the default point first). The distance-sort
 * script reorders them by the visitor's position once geolocation is allowed. With `show`, only
 * the first `show` are visible: the rest are in the HTML, hidden, so that the script can show the
 * places nearest the visitor among all of them.
 */
export function PlaceList({ places, className, extra, chrome, show }: { places: PlaceLink[]; className?: string; extra?: Link; chrome: ChromeView; show?: number }) {
  const localize = useLocalize();
  return (
    <div className="place-list" data-distance-sort="" data-show={show}>
      <ul className={className ?? "city-grid"}>
        {places.map((place, index) => (
          <li key={place.href + place.label} data-lat={place.lat} data-lng={place.lng} hidden={show !== undefined && index >= show}>
            <a href={localize(place.href)}>{place.label}</a>
          </li>
        ))}
        {extra ? (
          <li data-sort-fixed="">
            <a href={localize(extra.href)}>{extra.label}</a>
          </li>
        ) : null}
      </ul>
      <button type="button" className="sort-control" data-sort-control="" data-sorted-label={chrome.copy.sort.sorted} hidden>
        {chrome.copy.sort.button}
      </button>
    </div>
  );
}
