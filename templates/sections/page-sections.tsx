import type { PageSection } from "../../src/content/copy-schema.ts";
import type { ChromeView, ReviewsWidgetView, ServiceCardView } from "../../src/routes/page-props.ts";
import { BeforeAfter, CallToAction, Faq, FeatureCards, LicenseList, ProcessSteps, Prose, Section } from "./blocks.tsx";
import { Icon } from "./icon.tsx";
import { Picture } from "./picture.tsx";
import { Reviews } from "./reviews.tsx";

/** What a page's sections show besides their copy. */
export interface SectionData {
  chrome: ChromeView;
  /** site.yaml's prices in the page's locale, by name. */
  prices: Record<string, string>;
  /** The licences shown on a service; none on an own page. */
  licenses: string[];
  /** The services a `services` section lists: on a service's page, the others. */
  services: ServiceCardView[];
  reviews?: ReviewsWidgetView;
}

/** A service's or an own page's sections, in its copy's order: one block per section type. */
export function PageSections({ sections, data }: { sections: PageSection[]; data: SectionData }) {
  return <>{sections.map((section) => <SectionBlock key={section.id} section={section} data={data} />)}</>;
}

function SectionBlock({ section, data }: { section: PageSection; data: SectionData }) {
  switch (section.type) {
    case "cards":
      return (
        <Section id={section.id} heading={section.heading} text={section.text}>
          <FeatureCards cards={section.cards} />
          {/* An own page's cards have no licences to list. */}
          {"licenses" in section && section.licenses ? <LicenseList licenses={data.licenses} /> : null}
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
    case "prices":
      return (
        <Section id={section.id} heading={section.heading} text={section.text}>
          <table className="price-table">
            <tbody>
              {section.rows.map((row) => (
                <tr key={row.label}>
                  <th scope="row">
                    {row.label}
                    {row.note ? <span className="price-note">{row.note}</span> : null}
                  </th>
                  <td>{data.prices[row.price]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Section>
      );
    case "services":
      return data.services.length > 0 ? (
        <Section id={section.id} heading={section.heading} text={section.text}>
          <FeatureCards cards={data.services.map((service) => ({ icon: service.icon, title: service.name, text: service.summary, href: service.href, featured: false, titleLang: service.nameLang, textLang: service.hreflang, hreflang: service.hreflang }))} />
        </Section>
      ) : null;
    case "faq":
      return <Faq id={section.id} heading={section.heading} items={section.items} />;
    case "team":
      return (
        <Section id={section.id} heading={section.heading} text={section.text}>
          <ul className="team">
            {section.members.map((member) => (
              <li key={member.name} className="team-member">
                <Picture src={member.photo} alt={member.name} width={400} height={400} sizes="(min-width: 768px) 16rem, 50vw" />
                <h3>{member.name}</h3>
                <p className="team-role">{member.role}</p>
                {member.text ? <p>{member.text}</p> : null}
              </li>
            ))}
          </ul>
        </Section>
      );
    case "gallery":
      return (
        <Section id={section.id} heading={section.heading} text={section.text} className="section-tint">
          {section.pairs.map((pair) => (
            <BeforeAfter key={pair.before.image} pictures={[pair.before, pair.after]} />
          ))}
        </Section>
      );
    case "cta":
      return <CallToAction chrome={data.chrome} cta={section} headingId={`${section.id}-heading`} />;
  }
}
