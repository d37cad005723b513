import { beforeAll, describe, expect, it } from "vitest";
import type { Copy, ServiceSection } from "../../src/content/copy-schema.ts";
import { usesSectionStyles } from "../../src/content/section-styles.ts";
import { loadSample } from "../helpers/sample-data.ts";

// templates/styles/page-sections.css joins the stylesheet only for a site whose pages have what it styles.
let copy: Copy;
beforeAll(async () => {
  ({ copy } = await loadSample());
});

/** The sample's copy with one more section on its first service. */
const withSection = (section: ServiceSection): Copy => {
  const [id, first] = Object.entries(copy.services)[0]!;
  return { ...copy, services: { ...copy.services, [id]: { ...first, sections: [...first.sections, section] } } };
};

describe("the sections' stylesheet", () => {
  it("is left out for the sample, whose services have none of its sections, and for questions alone", () => {
    expect(usesSectionStyles([copy])).toBe(false);
    expect(usesSectionStyles([withSection({ type: "faq", id: "faq", heading: "Questions", items: [{ question: "Why?", answer: "Because." }] })])).toBe(false);
  });

  it("is added for a service's price table, team or gallery, or a card that links, in any language", () => {
    const card = { icon: "home" as const, title: "Warranty", text: "Ours.", featured: false };
    expect(usesSectionStyles([copy, withSection({ type: "prices", id: "prices", heading: "Prices", rows: [{ label: "Setup", price: "setup" }] })])).toBe(true);
    expect(usesSectionStyles([withSection({ type: "team", id: "team", heading: "Team", members: [{ photo: "/images/a.png", name: "A", role: "B" }] })])).toBe(true);
    expect(usesSectionStyles([withSection({ type: "cards", id: "more", heading: "More", licenses: false, cards: [card] })])).toBe(false);
    expect(usesSectionStyles([withSection({ type: "cards", id: "more", heading: "More", licenses: false, cards: [{ ...card, href: "/about" }] })])).toBe(true);
    // The services' cards link to their pages.
    expect(usesSectionStyles([withSection({ type: "services", id: "other-services", heading: "Our Other Services" })])).toBe(true);
  });
});
