import type { TemplateProps } from "../../src/routes/page-props.ts";
import { CallButton } from "../sections/buttons.tsx";
import { FeatureCards, Hero, LicenseList, ProcessSteps, Prose, Section } from "../sections/blocks.tsx";
import { Icon } from "../sections/icon.tsx";
import { Reviews } from "../sections/reviews.tsx";

export function CommercialPage({ chrome, page }: TemplateProps<"commercial">) {
  const { copy } = page;
  const mailButton = (className: string) => (
    <a className={className} href={page.mailto}>
      <Icon name="mail" />
      <span>{copy.quoteLinkLabel}</span>
    </a>
  );
  return (
    <>
      <Hero chrome={chrome} heading={copy.hero.heading} text={copy.hero.text} badge={page.badge}
        image={{ src: copy.hero.image ?? "/images/commercial.svg", alt: copy.hero.imageAlt ?? "" }}
        actions={<><CallButton chrome={chrome} />{mailButton("button button-secondary")}</>} />
      <Section id="benefits" heading={copy.benefits.heading} text={copy.benefits.text}>
        <FeatureCards cards={copy.benefits.cards} />
        <LicenseList licenses={page.licenses} />
      </Section>
      <Section id="ideal-for" heading={copy.idealFor.heading} className="section-tint">
        <ul className="check-list">
          {copy.idealFor.items.map((item) => (
            <li key={item}>
              <Icon name="check" />
              {item}
            </li>
          ))}
        </ul>
      </Section>
      <ProcessSteps id="process" process={copy.process} />
      <Section id="savings" heading={copy.savings.heading}>
        <Prose paragraphs={copy.savings.paragraphs} />
      </Section>
      {page.reviews ? (
        <Section id="reviews" heading={copy.reviews.heading} text={copy.reviews.text} className="section-tint">
          <Reviews widget={page.reviews} />
        </Section>
      ) : null}
      <section className="cta cta-default" aria-labelledby="cta-commercial-heading">
        <div className="container cta-inner">
          <h2 id="cta-commercial-heading">{page.cta.heading}</h2>
          <p>{page.cta.text}</p>
          <div className="actions">
            <CallButton chrome={chrome} withNumber className="button button-light" />
            {mailButton("button button-outline-light")}
          </div>
        </div>
      </section>
    </>
  );
}

