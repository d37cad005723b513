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
      {widget.readAll || widget.writeReview ? (
        <div className="actions">
          {[widget.readAll, widget.writeReview].map((link) =>
            link ? (
              <a key={link.href} className="button button-outline" href={link.href} rel="noopener" target="_blank">
                {link.label}
              </a>
            ) : null,
          )}
        </div>
      ) : null}
      {widget.widget ? <ReviewsEmbed {...widget.widget} /> : null}
    </div>
  );
}

/** The review provider's widget; its script resizes iframes of class lc_reviews_widget to fit the reviews. */
function ReviewsEmbed({ iframeUrl, scriptUrl, title }: { iframeUrl: string; scriptUrl: string; title: string }) {
  return (
    <div className="reviews-widget" data-lazy-embed="" data-src={iframeUrl} data-script={scriptUrl} data-title={title} data-frame-class="lc_reviews_widget">
      <noscript>
        <iframe src={iframeUrl} title={title} loading="lazy" height="300"></iframe>
      </noscript>
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
