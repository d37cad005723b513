import type { TemplateProps } from "../../src/routes/page-props.ts";
import { CallToAction, Faq, Hero, Section } from "../sections/blocks.tsx";
import { Icon } from "../sections/icon.tsx";
import { PlaceList } from "../sections/places.tsx";

export function ServiceAreasPage({ chrome, page }: TemplateProps<"service-areas">) {
  const { copy } = page;
  return (
    <>
      <Hero chrome={chrome} heading={copy.hero.heading} text={copy.hero.text}
        image={{ src: copy.hero.image ?? "/images/service-areas.svg", alt: copy.hero.imageAlt ?? "" }} />
      <Section id="map" heading={copy.map.heading} text={copy.map.text}>
        <div className="map-embed" data-lazy-embed="" data-src={page.mapUrl} data-title={copy.map.iframeTitle}>
          {/* Until the map loads (or when it cannot), its space says what it is and links to it. */}
          <div className="map-placeholder">
            <Icon name="map" />
            <p>{copy.map.iframeTitle}</p>
            <a className="button button-outline" href={page.mapLink} rel="noopener" target="_blank">
              {copy.map.openLink}
            </a>
          </div>
          <noscript>
            <iframe src={page.mapUrl} title={copy.map.iframeTitle} loading="lazy" height="500"></iframe>
          </noscript>
        </div>
      </Section>
      <Section id="cities" heading={copy.cities.heading} text={copy.cities.text} className="section-tint">
        <PlaceList places={page.cities} chrome={chrome} />
      </Section>
      <Faq heading={copy.faq.heading} items={page.faq} />
      <CallToAction chrome={chrome} cta={page.cta.city} variant="city" />
    </>
  );
}
