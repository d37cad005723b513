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
