/**
 * The kinds of page, one closed list (as Hugo's page kinds): the route planner, the SEO stage, the
 * translations' lists, the licences' places and the templates' map are all derived from it.
 */
export interface PageKind {
  /** Where its template lives, for error messages (templates/index.tsx maps the kind to it). */
  template: string;
  /**
   * The copy files under content/ its pages need. A service's own file (services/<id>.yaml) is
   * per service: see serviceFile.
   */
  copy: readonly string[];
  /**
   * A language may leave this kind in the default language (language.yaml's `untranslated`), by
   * this name; home, the 404 page and the chrome are always translated. A service is left out by
   * its id, each on its own.
   */
  untranslatedAs?: string;
  /** site.yaml's licences may name it in `shownOn` (a service is named by its id). */
  licensePlace?: boolean;
  /**
   * Its address after a language's prefix, when a language.yaml's `slugs` may change it (the
   * city's is a pattern: site.yaml's cityPath, `{slug}` standing for each town's).
   */
  slug?: string;
  /**
   * A page of its own at its slug, one per language, made from its one copy file and the site's
   * common views (FixedPageView in routes/page-props.ts): planned from this entry alone, with no
   * code of its own in routes/ (plan-routes.ts' fixedPage). The about, service areas and thank-you pages.
   * It needs a `slug` and one copy file.
   */
  fixed?: {
    /** Its JSON-LD besides none: the business, the FAQ of faq.yaml (src/seo/page-seo.ts). */
    structuredData?: ReadonlyArray<"business" | "faq">;
    /** Not for search engines: noindex, and not in the sitemap. */
    noindex?: true;
    /** Built only when the site takes its own requests (site.yaml's leads, the own form) and its copy file exists. */
    withOwnForm?: true;
  };
}

export const PAGE_KINDS = {
  home: { template: "templates/pages/home.tsx", copy: ["pages/home.yaml"] },
  service: { template: "templates/pages/service.tsx", copy: [] },
  "service-areas": { template: "templates/pages/service-areas.tsx", copy: ["pages/service-areas.yaml"], untranslatedAs: "service-areas", slug: "service-areas", fixed: { structuredData: ["business", "faq"] } },
  about: { template: "templates/pages/about.tsx", copy: ["pages/about.yaml"], untranslatedAs: "about", licensePlace: true, slug: "about", fixed: {} },
  city: { template: "templates/pages/city.tsx", copy: ["pages/city.yaml"], untranslatedAs: "city", slug: "{slug}" },
  blog: { template: "templates/pages/blog.tsx", copy: ["pages/blog.yaml", "pages/article.yaml"], untranslatedAs: "blog", slug: "blog" },
  article: { template: "templates/pages/article.tsx", copy: [], untranslatedAs: "blog" },
  legal: { template: "templates/pages/legal.tsx", copy: [], untranslatedAs: "legal", licensePlace: true },
  own: { template: "templates/pages/own.tsx", copy: [] },
  "not-found": { template: "templates/pages/not-found.tsx", copy: ["pages/not-found.yaml"] },
  // Only with site.yaml's leads (its copy file is needed only then): where a request sent without
  // JavaScript ends. A language without its words sends its visitors to the default language's.
  "thank-you": { template: "templates/pages/thank-you.tsx", copy: ["pages/thank-you.yaml"], untranslatedAs: "thank-you", slug: "thank-you", fixed: { noindex: true, withOwnForm: true } },
} as const satisfies Record<string, PageKind>;

export type PageKindName = keyof typeof PAGE_KINDS;
export const PAGE_KIND_NAMES = Object.keys(PAGE_KINDS) as PageKindName[];

/** The kinds of page planned from their registry entry alone (`fixed`), in the registry's order. */
export type FixedKind = { [K in PageKindName]: (typeof PAGE_KINDS)[K] extends { fixed: object; slug: string } ? K : never }[PageKindName];
export const FIXED_KINDS = PAGE_KIND_NAMES.filter((name) => {
  const kind = PAGE_KINDS[name] as PageKind;
  return kind.fixed !== undefined && kind.slug !== undefined;
}) as FixedKind[];

/** A fixed kind's copy file under content/ (its one file). */
export type FixedCopyFile<K extends FixedKind> = (typeof PAGE_KINDS)[K]["copy"][0];

/** A copy file's key in the loaded copy: `pages/service-areas.yaml` -> `serviceAreas`. */
export function copyKey(file: string): string {
  const base = file.slice(file.lastIndexOf("/") + 1).replace(/\.yaml$/, "");
  return base.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}
/** copyKey, as a type. */
export type CopyKey<K extends string> = K extends `${string}/${infer Name}.yaml` ? Camel<Name> : K extends `${infer Name}.yaml` ? Camel<Name> : never;
type Camel<S extends string> = S extends `${infer A}-${infer B}` ? `${A}${Capitalize<Camel<B>>}` : S;

/** The kinds a language.yaml's `slugs` may address, in the registry's order (the city's by a pattern). */
export const ADDRESSED_KINDS: readonly PageKindName[] = PAGE_KIND_NAMES.filter((name) => (PAGE_KINDS[name] as PageKind).slug !== undefined);

/** The default language's fixed addresses of those kinds (the towns' are site.yaml's): `service-areas`, `about`, `blog`, `thank-you`. */
export const FIXED_SLUGS: readonly string[] = ADDRESSED_KINDS.filter((kind) => kind !== "city").map((kind) => (PAGE_KINDS[kind] as PageKind).slug!);

/**
 * The pages named by a site.yaml id (a service, an own page) and the folder under content/ (and
 * content/<code>/) of their copy files, `<folder>/<id>.yaml`: the one place the format is written.
 */
export const PAGES_BY_ID = { services: "service", own: "own" } as const;
export type IdFolder = keyof typeof PAGES_BY_ID;

/** A copy file's path of a page named by an id, as a pattern's source: `(services|own)/<id>.yaml`, folder and id captured. */
export const ID_COPY_FILE = `(${Object.keys(PAGES_BY_ID).join("|")})\\/([a-z0-9]+(?:-[a-z0-9]+)*)\\.yaml`;

/** `services/lawn.yaml` -> services, lawn (with its kind); undefined for any other copy file. */
export function idCopyFile(name: string): { folder: IdFolder; kind: (typeof PAGES_BY_ID)[IdFolder]; id: string } | undefined {
  const match = new RegExp(`^${ID_COPY_FILE}$`).exec(name);
  if (!match) return undefined;
  const folder = match[1] as IdFolder;
  return { folder, kind: PAGES_BY_ID[folder], id: match[2]! };
}

/** A service's copy file under content/ (and content/<code>/). */
export function serviceFile(id: string): string {
  return `services/${id}.yaml`;
}

/** A page of the owner's own: its copy file under content/ (and content/<code>/), by its site.yaml id. */
export function ownPageFile(id: string): string {
  return `own/${id}.yaml`;
}

/** What language.yaml's `untranslated` may name besides the site's service ids. */
export const UNTRANSLATABLE_KINDS: readonly string[] = [...new Set(Object.values(PAGE_KINDS).flatMap((kind: PageKind) => (kind.untranslatedAs ? [kind.untranslatedAs] : [])))];

/** The places a licence can be listed besides the service pages (named by their ids); the footer is on every page. */
export const LICENSE_KINDS: readonly string[] = ["footer", ...PAGE_KIND_NAMES.filter((name) => (PAGE_KINDS[name] as PageKind).licensePlace)];

/** Names a service id may not take: they name a kind of page in language.yaml and shownOn. */
export const RESERVED_SERVICE_IDS: ReadonlySet<string> = new Set([...PAGE_KIND_NAMES, ...UNTRANSLATABLE_KINDS, ...LICENSE_KINDS]);

/**
 * The copy files of one translation unit (what language.yaml's `untranslated` names and a pending
 * translation is counted by): a kind's files, an own page's file for one of `ownPages`' ids, or a
 * service's own file for a service id.
 */
export function filesOf(unit: string, ownPages: readonly string[] = []): string[] {
  const kinds = PAGE_KIND_NAMES.filter((name) => (PAGE_KINDS[name] as PageKind).untranslatedAs === unit);
  if (kinds.length > 0) return [...new Set(kinds.flatMap((name) => PAGE_KINDS[name].copy))];
  return [ownPages.includes(unit) ? ownPageFile(unit) : serviceFile(unit)];
}

/** The translation unit a page belongs to: its service's or own page's id, its kind's untranslatedAs; none when always translated. */
export function translationUnit(kind: PageKindName, id?: string): string | undefined {
  if (kind === "service" || kind === "own") return id;
  return (PAGE_KINDS[kind] as PageKind).untranslatedAs;
}
