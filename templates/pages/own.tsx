import type { TemplateProps } from "../../src/routes/page-props.ts";
import { Hero } from "../sections/blocks.tsx";
import { PageSections } from "../sections/page-sections.tsx";

/** Every page of the owner's own: its hero, then its sections in its copy's order. */
export function OwnPage({ chrome, page }: TemplateProps<"own">) {
  const { copy } = page;
  const image = copy.hero.image ? { src: copy.hero.image, alt: copy.hero.imageAlt ?? "" } : undefined;
  return (
    <>
      <Hero chrome={chrome} heading={copy.hero.heading} text={copy.hero.text} image={image} />
      <PageSections sections={copy.sections} data={{ chrome, prices: page.prices, licenses: [], services: page.services, reviews: page.reviews }} />
    </>
  );
}
