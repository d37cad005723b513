import { isValidElement, type ReactNode } from "react";
import type { PageBundle } from "../src/assets/build-scripts.ts";
import type { TemplateName, TemplateProps } from "../src/routes/page-props.ts";

/**
 * Which script bundle each page template's page loads (templates/client/main.ts): `sections`
 * where its content sections may hold a list of places, an embed or questions, `privacy` for the
 * privacy choices, `not-found` for the 404, `plain` for the pages without any. A kind not listed
 * loads `sections`, the fullest.
 */
const BUNDLES: { [T in TemplateName]?: (props: TemplateProps<T>) => PageBundle } = {
  home: () => "sections",
  service: () => "sections",
  "service-areas": () => "sections",
  city: () => "sections",
  own: () => "sections",
  about: () => "plain",
  blog: () => "plain",
  article: () => "plain",
  "thank-you": () => "plain",
  legal: ({ page }) => (page.privacyChoices ? "privacy" : "plain"),
  "not-found": () => "not-found",
};

/** The script of the page in `page` (the page template's element the renderer gives the document), or undefined for none known. */
export function pageScript(page: ReactNode, scripts: Record<string, string> | undefined): string | undefined {
  if (!scripts || !isValidElement<TemplateProps>(page)) return undefined;
  const props = page.props;
  const bundle = (BUNDLES[props.template] as ((props: TemplateProps) => PageBundle) | undefined)?.(props) ?? "sections";
  return scripts[bundle];
}
