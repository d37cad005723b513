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
};
