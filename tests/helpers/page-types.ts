/** One page of each type of the sample site: what the axe, layout and screenshot passes visit. */
export const PAGE_TYPES: Readonly<Record<string, string>> = {
  home: "/",
  residential: "/residential-gopher-control",
  commercial: "/commercial-gopher-control",
  "service-areas": "/service-areas",
  about: "/about",
  city: "/temecula-gopher-control",
  blog: "/blog",
  article: "/blog/60-day-warranty-explained",
  legal: "/privacy-policy",
  "404": "/no-such-page",
  // The Spanish edition: its longer words and the language switcher in the header.
  "es-home": "/es",
  "es-city": "/es/control-de-tuzas-temecula",
  "es-article": "/es/blog/garantia-de-60-dias-explicada",
  "es-404": "/es/no-existe",
};

/** A built page, as much of it as naming its type needs. */
interface BuiltPage {
  path: string;
  lang: string;
  template: string;
  page?: object;
}

/**
 * One page of each type of another project, by its build's pages: the first page of each template
 * in each language (es-city), and each own page apart (own-financing), as each is made of different
 * sections; the 404 type visits an address that is not a page.
 */
export function pageTypesOf(pages: readonly BuiltPage[], firstLanguage: string): Record<string, string> {
  const types: Record<string, string> = {};
  for (const page of pages) {
    const kind = page.template === "not-found" ? "404" : page.template === "own" ? `own-${(page.page as { id: string }).id}` : page.template;
    const type = `${page.lang === firstLanguage ? "" : `${page.lang}-`}${kind}`;
    types[type] ??= page.template === "not-found" ? `${page.path.replace(/404$/, "")}no-such-page` : page.path;
  }
  return types;
}
