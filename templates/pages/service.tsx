import type { TemplateProps } from "../../src/routes/page-props.ts";
import { CallButton } from "../sections/buttons.tsx";
import { CallToAction, Hero } from "../sections/blocks.tsx";
import { Icon } from "../sections/icon.tsx";
import { PageSections } from "../sections/page-sections.tsx";

/** Every service's page: its hero, its sections in its copy's order, its call to action. */
export function ServicePage({ chrome, page }: TemplateProps<"service">) {
  const { copy } = page;
  const mailButton = (className: string) =>
    page.mailto && copy.emailQuote ? (
      <a className={className} href={page.mailto}>
        <Icon name="mail" />
        <span>{copy.emailQuote.label}</span>
      </a>
    ) : null;
  const withMail = mailButton("button button-secondary");
  return (
    <>
      <Hero chrome={chrome} heading={copy.hero.heading} text={copy.hero.text} badge={page.badge}
        image={{ src: copy.hero.image, alt: copy.hero.imageAlt ?? "" }}
        actions={withMail ? <><CallButton chrome={chrome} />{withMail}</> : undefined} />
      <PageSections sections={copy.sections} data={{ chrome, prices: page.prices, licenses: page.licenses, services: page.services, reviews: page.reviews }} />
      {/* With an e-mail button the call to action is the service's own (its heading id names the service). */}
      <CallToAction chrome={chrome} cta={page.cta} {...(withMail ? { headingId: `cta-${page.id}-heading`, quote: mailButton("button button-outline-light") } : {})} />
    </>
  );
}
