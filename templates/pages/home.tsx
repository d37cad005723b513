import type { TemplateProps } from "../../src/routes/page-props.ts";
import { BeforeAfter, CallToAction, Faq, FeatureCards, Hero, ProcessSteps, Section } from "../sections/blocks.tsx";
import { PlaceList } from "../sections/places.tsx";
import { Reviews, Testimonial } from "../sections/reviews.tsx";

export function HomePage({ chrome, page }: TemplateProps<"home">) {
  const { copy } = page;
  const testimonial = copy.features.testimonial;
  return (
    <>
      <Hero chrome={chrome} heading={copy.hero.heading} text={copy.hero.text} badge={page.badge}
        image={{ src: copy.hero.image ?? "/images/hero-home.svg", alt: copy.hero.imageAlt ?? "" }} />
      <Section id="why-us" heading={copy.features.heading} text={copy.features.text}>
        <FeatureCards cards={copy.features.cards} />
        {testimonial ? (
          <Testimonial className="testimonial" quote={testimonial.quote} name={testimonial.author} place={testimonial.place} stars={page.badge?.stars ?? 5} lang={testimonial.lang} />
        ) : null}
      </Section>
      <ProcessSteps id="process" process={copy.process} />
      {copy.beforeAfter ? (
        <Section id="before-after" heading={copy.beforeAfter.heading} text={copy.beforeAfter.text}>
          <BeforeAfter pictures={[copy.beforeAfter.before, copy.beforeAfter.after]} />
        </Section>
      ) : null}
      {page.reviews ? (
        <Section id="reviews" heading={copy.reviews.heading} text={copy.reviews.text} className="section-tint">
          <Reviews widget={page.reviews} />
        </Section>
      ) : null}
      <Section id="cities" heading={copy.cities.heading} text={copy.cities.text}>
        <PlaceList places={page.cities} show={page.nearestCount} chrome={chrome} />
      </Section>
      <Faq heading={copy.faq.heading} items={page.faq} />
      <CallToAction chrome={chrome} cta={page.cta} />
    </>
  );
}
