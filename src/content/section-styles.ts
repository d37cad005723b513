import type { Copy, PageSection } from "./copy-schema.ts";

/**
 * Whether a site's pages have a section a project's own templates/styles/page-sections.css styles
 * (a price table, a team, a gallery, a card that links: the services' cards do), on a service or an
 * own page of any language: only such a site gets those rules. The tool's own templates style each
 * section in styles/parts/, in the stylesheet of the pages that have it (src/assets/build-styles.ts).
 */
export function usesSectionStyles(copies: readonly Copy[]): boolean {
  return copies.some((copy) => [...Object.values(copy.services), ...Object.values(copy.own)].some((page) => page.sections.some(styled)));
}

function styled(section: PageSection): boolean {
  if (section.type === "cards") return section.cards.some((card) => card.href);
  return section.type === "prices" || section.type === "team" || section.type === "gallery" || section.type === "services";
}
