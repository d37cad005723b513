import type { OwnSection } from "../../src/content/copy-schema.ts";
import type { ChromeView, ReviewsWidgetView } from "../../src/routes/page-props.ts";
import { BeforeAfter, CallToAction, Faq, Section } from "./blocks.tsx";
import { Picture } from "./picture.tsx";
import { ServiceSections } from "./service-sections.tsx";

/** What an own page's sections show besides their copy. */
export interface OwnSectionData {
  chrome: ChromeView;
  /** site.yaml's prices in the page's locale, by name. */
  prices: Record<string, string>;
  reviews?: ReviewsWidgetView;
}

/** An own page's sections, in its copy's order: a service's blocks, and prices, FAQ, team, gallery, call to action. */
export function OwnSections({ sections, data }: { sections: OwnSection[]; data: OwnSectionData }) {
  return <>{sections.map((section) => <OwnSectionBlock key={section.id} section={section} data={data} />)}</>;
}

function OwnSectionBlock({ section, data }: { section: OwnSection; data: OwnSectionData }) {
  switch (section.type) {
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
    default:
      // A service's vocabulary, drawn by the same blocks (an own page's cards list no licences).
      return <ServiceSections sections={[section.type === "cards" ? { ...section, licenses: false } : section]} data={{ licenses: [], reviews: data.reviews }} />;
  }
}
