import type { ServiceSection } from "../../src/content/copy-schema.ts";
import type { ReviewsWidgetView } from "../../src/routes/page-props.ts";
import { FeatureCards, LicenseList, ProcessSteps, Prose, Section } from "./blocks.tsx";
import { Icon } from "./icon.tsx";
import { Reviews } from "./reviews.tsx";

/** What a service page's sections show besides their copy. */
export interface SectionData {
  licenses: string[];
  reviews?: ReviewsWidgetView;
}

/** A service page's sections, in its copy's order: one block per section type. */
export function ServiceSections({ sections, data }: { sections: ServiceSection[]; data: SectionData }) {
  return <>{sections.map((section) => <ServiceSectionBlock key={section.id} section={section} data={data} />)}</>;
}

function ServiceSectionBlock({ section, data }: { section: ServiceSection; data: SectionData }) {
  switch (section.type) {
    case "cards":
      return (
        <Section id={section.id} heading={section.heading} text={section.text}>
          <FeatureCards cards={section.cards} />
          {section.licenses ? <LicenseList licenses={data.licenses} /> : null}
        </Section>
      );
    case "checklist":
      return (
        <Section id={section.id} heading={section.heading} className="section-tint">
          <ul className="check-list">
            {section.items.map((item) => (
              <li key={item}>
                <Icon name="check" />
                {item}
              </li>
            ))}
          </ul>
        </Section>
      );
    case "steps":
      return <ProcessSteps id={section.id} process={section} />;
    case "prose":
      return (
        <Section id={section.id} heading={section.heading}>
          <Prose paragraphs={section.paragraphs} />
        </Section>
      );
    case "reviews":
      // A site with no testimonials, review links or widget has no review section.
      return data.reviews ? (
        <Section id={section.id} heading={section.heading} text={section.text} className="section-tint">
          <Reviews widget={data.reviews} />
        </Section>
      ) : null;
  }
}
