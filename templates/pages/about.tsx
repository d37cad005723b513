import type { TemplateProps } from "../../src/routes/page-props.ts";
import { FeatureCards, Hero, Prose, Section } from "../sections/blocks.tsx";
import { Icon } from "../sections/icon.tsx";
import { useLocalize } from "../sections/localize.tsx";

export function AboutPage({ chrome, page }: TemplateProps<"about">) {
  const { copy } = page;
  const localize = useLocalize();
  return (
    <>
      <Hero chrome={chrome} heading={copy.hero.heading} text={copy.hero.text}
        image={{ src: copy.hero.image ?? "/images/about.svg", alt: copy.hero.imageAlt ?? "" }} />
      <Section id="story" heading={copy.story.heading}>
        <Prose paragraphs={copy.story.paragraphs} />
      </Section>
      <Section id="values" heading={copy.values.heading} text={copy.values.text} className="section-tint">
        <FeatureCards cards={copy.values.cards} />
        {page.licenses.map((license) => (
          <p className="license-line" key={license}>
            <Icon name="badge" />
            {license}
          </p>
        ))}
      </Section>
      <Section id="mission" heading={copy.mission.heading}>
        <Prose paragraphs={copy.mission.paragraphs} />
      </Section>
      <Section id="commitment" heading={copy.commitment.heading} className="section-tint">
        <Prose paragraphs={copy.commitment.paragraphs} />
      </Section>
      <Section id="explore" heading={copy.explore.heading} text={copy.explore.text}>
        <ul className="city-grid">
          {page.cities.map((city) => (
            <li key={city.href}>
              <a href={localize(city.href)}>{city.label}</a>
            </li>
          ))}
        </ul>
        <p>
          <a className="text-link" href={localize(copy.explore.warrantyLink.href)}>
            {copy.explore.warrantyLink.label}
          </a>
        </p>
      </Section>
    </>
  );
}
