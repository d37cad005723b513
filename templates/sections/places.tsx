import type { ChromeView, Link, PlaceLink, ReviewsWidgetView } from "../../src/routes/page-props.ts";

/**
 * Links to places, in the default order (nearest the default point first). The distance-sort
 * script reorders them by the visitor's position once geolocation is allowed. With `show`, only
 * the first `show` are visible: the rest are in the HTML, hidden, so that the script can show the
 * places nearest the visitor among all of them.
 */
export function PlaceList({ places, className, extra, chrome, show }: { places: PlaceLink[]; className?: string; extra?: Link; chrome: ChromeView; show?: number }) {
  return (
    <div className="place-list" data-distance-sort="" data-show={show}>
      <ul className={className ?? "city-grid"}>
        {places.map((place, index) => (
          <li key={place.href + place.label} data-lat={place.lat} data-lng={place.lng} hidden={show !== undefined && index >= show}>
            <a href={place.href}>{place.label}</a>
          </li>
        ))}
        {extra ? (
          <li data-sort-fixed="">
            <a href={extra.href}>{extra.label}</a>
          </li>
        ) : null}
      </ul>
      <button type="button" className="sort-control" data-sort-control="" data-sorted-label={chrome.copy.sort.sorted} hidden>
        {chrome.copy.sort.button}
      </button>
    </div>
  );
}

/**
 * The reviews widget: script and iframe load only near the viewport (no third-party request on
 * arrival). Without JavaScript the noscript iframe shows the same reviews.
 */
export function ReviewsWidget({ widget }: { widget: ReviewsWidgetView }) {
  return (
    <div className="reviews">
      {/* The provider's script resizes iframes of class lc_reviews_widget to fit the reviews. */}
      <div className="reviews-widget" data-lazy-embed="" data-src={widget.iframeUrl} data-script={widget.scriptUrl} data-title={widget.title}
        data-frame-class="lc_reviews_widget">
        <p className="reviews-loading">{widget.loading}</p>
        <noscript>
          <iframe src={widget.iframeUrl} title={widget.title} loading="lazy" height="300"></iframe>
        </noscript>
      </div>
      <p>
        <a className="button button-outline" href={widget.writeReview.href} rel="noopener" target="_blank">
          {widget.writeReview.label}
        </a>
      </p>
    </div>
  );
}
