import type { ReviewsWidgetView, TestimonialView } from "../../src/routes/page-props.ts";
import { Stars } from "./icon.tsx";

/**
 * A review section's body: the owner's testimonials and the review links, in the HTML for every
 * visitor, then the reviews widget. Its script and iframe load only near the viewport (no
 * third-party request on arrival); without JavaScript the noscript iframe shows the same reviews.
 * When the widget cannot load, the quotes and links are still there: the section is never blank.
 */
export function Reviews({ widget }: { widget: ReviewsWidgetView }) {
  return (
    <div className="reviews">
      {widget.testimonials.length > 0 ? (
        <ul className="testimonials">
          {widget.testimonials.map((testimonial) => (
            <li key={testimonial.quote}>
              <Testimonial className="testimonial-card" {...testimonial} />
            </li>
          ))}
        </ul>
      ) : null}
      <div className="actions">
        <a className="button button-outline" href={widget.readAll.href} rel="noopener" target="_blank">
          {widget.readAll.label}
        </a>
        <a className="button button-outline" href={widget.writeReview.href} rel="noopener" target="_blank">
          {widget.writeReview.label}
        </a>
      </div>
      {/* The provider's script resizes iframes of class lc_reviews_widget to fit the reviews. */}
      <div className="reviews-widget" data-lazy-embed="" data-src={widget.iframeUrl} data-script={widget.scriptUrl} data-title={widget.title}
        data-frame-class="lc_reviews_widget">
        <noscript>
          <iframe src={widget.iframeUrl} title={widget.title} loading="lazy" height="300"></iframe>
        </noscript>
      </div>
    </div>
  );
}

/** A customer's quote with its stars, and who said it where. */
export function Testimonial({ className, quote, name, place, stars, lang }: TestimonialView & { className: string }) {
  return (
    <figure className={className} lang={lang}>
      <Stars count={stars} />
      <blockquote>
        <p>{quote}</p>
      </blockquote>
      <figcaption>
        {name}, {place}
      </figcaption>
    </figure>
  );
}
