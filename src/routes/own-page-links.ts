import type { Locator } from "../config/yaml-source.ts";
import { dotted } from "../config/zod-problems.ts";
import type { Problem } from "../errors.ts";
import { ownPageFile } from "../page-kinds.ts";
import type { PlannedPage } from "./page-props.ts";

/** Where an own page's copy is read, to name a link where it is written. */
export interface OwnLinkSources {
  /** A language's content folder as messages name it. */
  contentDir: (lang: string) => string;
  /** Where each loaded file's keys are, by the file's name in messages. */
  positions: ReadonlyMap<string, Locator>;
}

/**
 * Every link an own page's copy writes (a card's href, a step's link) leads to a page of the site,
 * by its default-language address as copy writes it: checked with the plan, before anything is
 * rendered, and named at the copy's line rather than in the output.
 */
export function ownPageLinkProblems(pages: readonly PlannedPage[], sources: OwnLinkSources): Problem[] {
  const known = new Set(pages.filter((page) => page.template !== "not-found").map((page) => page.key));
  const problems: Problem[] = [];
  for (const page of pages) {
    if (page.template !== "own") continue;
    const file = `${sources.contentDir(page.lang)}/${ownPageFile(page.page.id)}`;
    for (const { at, href } of linksOf(page.page.copy.sections)) {
      if (known.has(href)) continue;
      const position = sources.positions.get(file)?.(at);
      problems.push({ file, ...position, field: dotted(at), message: `${href} is no page of this site; link to one of its addresses, e.g. ${[...known].slice(0, 3).join(", ")}` });
    }
  }
  return problems;
}

type Sections = Extract<PlannedPage, { template: "own" }>["page"]["copy"]["sections"];

/** Each link of the sections with its key path in the copy file. */
function linksOf(sections: Sections): Array<{ at: PropertyKey[]; href: string }> {
  return sections.flatMap((section, index) => {
    if (section.type === "cards") return section.cards.flatMap((card, at) => (card.href ? [{ at: ["sections", index, "cards", at, "href"], href: card.href }] : []));
    if (section.type === "steps") return section.steps.flatMap((step, at) => (step.link ? [{ at: ["sections", index, "steps", at, "link", "href"], href: step.link.href }] : []));
    return [];
  });
}
