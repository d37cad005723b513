import { createContext, useContext } from "react";
import type { LinkedHtml } from "../../src/content/markdown.ts";
import type { Localize } from "../../src/routes/languages.ts";

const asWritten: Localize = (href) => href;

/**
 * The page's language's links (src/routes/languages.ts localizer), which Document provides: links
 * are written in the default language's paths and every template passes each one through it. A
 * page of the default language, or a template rendered alone, keeps them as written.
 */
export const LocalizeContext = createContext<Localize>(asWritten);

/** The function that turns a link to a page of the site into the same page in this page's language. */
export function useLocalize(): Localize {
  return useContext(LocalizeContext);
}

/** A markdown body's HTML, its links to the site's pages leading to this page's language. */
export function MarkdownBody({ html, className }: { html: LinkedHtml; className: string }) {
  const localize = useLocalize();
  let joined = "";
  for (let i = 0; i < html.length; i++) joined += i % 2 === 1 ? localize(html[i]!) : html[i]!;
  return <div className={className} dangerouslySetInnerHTML={{ __html: joined }} />;
}
