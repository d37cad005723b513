import type { TemplateProps } from "../../src/routes/page-props.ts";
import { CallToAction, FeatureCards, Hero, LicenseList, ProcessSteps, Prose, Section } from "../sections/blocks.tsx";
import { Reviews } from "../sections/reviews.tsx";

export function ResidentialPage({ chrome, page }: TemplateProps<"residential">) {
  const { copy } = page;
  return (
    <>
      <Hero chrome={chrome} heading={copy.hero.heading} text={copy.hero.text} badge={page.badge}
        image={{ src: copy.hero.image ?? "/images/residential.svg", alt: copy.hero.imageAlt ?? "" }} />
      <Section id="benefits" heading={copy.benefits.heading} text={copy.benefits.text}>
        <FeatureCards cards={copy.benefits.cards} />
        <LicenseList licenses={page.licenses} />
      </Section>
      <ProcessSteps id="process" process={copy.process} />
      <Section id="peace-of-mind" heading={copy.peaceOfMind.heading}>
        <Prose paragraphs={copy.peaceOfMind.paragraphs} />
      </Section>
      {page.reviews ? (
        <Section id="reviews" heading={copy.reviews.heading} text={copy.reviews.text} className="section-tint">
          <Reviews widget={page.reviews} />
        </Section>
      ) : null}
      <CallToAction chrome={chrome} cta={page.cta} />
    </>
  );
}
