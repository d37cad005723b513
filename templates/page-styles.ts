import { isValidElement, type ReactNode } from "react";
import type { TemplateProps } from "../src/routes/page-props.ts";

/**
 * The stylesheet of the page in `page` (the page template's element the renderer gives the
 * document), by src/assets/build-styles.ts's keys: a service's or an own page's by its kind and
 * the types of its sections ("own cta faq prices": its kind, then each type once, sorted, as
 * build-styles.ts's sectionsKey makes it), else its kind's ("city"). Undefined when none is known:
 * the document then links the whole stylesheet.
 */
export function pageStylesheet(page: ReactNode, sheets: Partial<Record<string, string>> | undefined): string | undefined {
  if (!sheets || !isValidElement<TemplateProps>(page) || !page.props.template) return undefined;
  const props = page.props;
  if (props.template === "service" || props.template === "own") {
    const sections = (props as TemplateProps<"service" | "own">).page.copy.sections;
    const key = [props.template, ...[...new Set(sections.map((section) => section.type))].sort()].join(" ");
    if (sheets[key]) return sheets[key];
  }
  return sheets[props.template];
}
