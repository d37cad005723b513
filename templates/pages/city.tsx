import type { TemplateProps } from "../../src/routes/page-props.ts";
import { CallButton, QuoteButton } from "../sections/buttons.tsx";
import { CallToAction, ProcessSteps, ReviewBadge, Section } from "../sections/blocks.tsx";
import { Icon } from "../sections/icon.tsx";
import { PlaceList } from "../sections/places.tsx";
import { Reviews } from "../sections/reviews.tsx";
import { Picture } from "../sections/picture.tsx";
import { Reuse } from "../sections/reuse.tsx";

function ReviewsSection({ copy, widget }: { copy: { heading: string; text?: string }; widget: NonNullable<TemplateProps<"city">["page"]["reviews"]> }) {
  return (
    <Section id="reviews" heading={copy.heading} text={copy.text} className="section-tint">
      <Reviews widget={widget} />
    </Section>
  );
}

export function CityPage({ chrome, page }: TemplateProps<"city">) {
  const { copy } = page;
  return (
    <>
      <section className="city-hero">
        <Picture className="city-hero-image" src={page.heroImage} alt={copy.heroImageAlt} width={1600} height={900} priority />
        <div className="container city-hero-inner">
          <h1>{copy.hero.heading}</h1>
          <p className="hero-text">{copy.hero.text}</p>
          {page.badge ? <ReviewBadge badge={page.badge} /> : null}
          <div className="actions">
            <CallButton chrome={chrome} withNumber className="button button-light" />
            <QuoteButton chrome={chrome} className="button button-outline-light" />
          </div>
        </div>
      </section>
      <Section id="trust" heading={`${copy.trust.heading} ${chrome.company}`}>
        <div className="prose">
          <p>{copy.trust.text}</p>
          <p>{page.intro}</p>
        </div>
      </Section>
      {page.neighborhoods.length > 0 ? (
        <Section id="neighborhoods" heading={copy.neighborhoods.heading} text={copy.neighborhoods.text} className="section-tint">
          <ul className="neighborhoods">
            {page.neighborhoods.map((name) => (
              <li key={name} className="neighborhood">
                <Icon name="map" />
                <span>{name}</span>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      {/* The same on every city page: rendered once per build (sections/reuse.tsx). */}
      <Reuse component={ProcessSteps} props={{ id: "process", process: copy.process }} />
      {page.reviews ? <Reuse component={ReviewsSection} props={{ copy: copy.reviews, widget: page.reviews }} /> : null}
      <Section id="nearby" heading={copy.nearby.heading}>
        <PlaceList places={page.nearby} extra={page.allAreas} chrome={chrome} className="nearby-links" />
      </Section>
      <Reuse component={CallToAction} props={{ chrome, cta: page.cta, variant: "city" }} />
    </>
  );
}
