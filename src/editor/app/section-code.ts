/**
 * The editor's sections and the code each needs. Each section's code is a chunk of its own
 * (esbuild's splitting, src/editor/editor-app.ts), fetched when the section is first opened: the
 * page's first load is the header and one section, and the form library comes with the first
 * section that has a form. No components here: main.tsx asks for the first section's code before
 * the header's chunk (React's renderer) has arrived.
 */

/** The editor's sections, in the header's order. */
export const SECTIONS = ["Business", "Requests", "Towns", "Services", "Own pages", "Testimonials", "FAQ", "Page texts", "Articles", "Legal pages", "Languages", "Translations", "History"] as const;
export type Section = (typeof SECTIONS)[number];

/** The sections that need only the state's first part (site.yaml and its schema: api.ts, loadState("site")): shown before the rest has come. */
export const SITE_PART_SECTIONS: readonly Section[] = ["Business", "Requests", "History"];

/** The section the address names (`#Towns`), else the first. */
export function sectionOf(hash: string): Section {
  const name = decodeURIComponent(hash.replace(/^#/, ""));
  return (SECTIONS as readonly string[]).includes(name) ? (name as Section) : SECTIONS[0];
}

/** The modules loaded on demand, each by its name in the page's list of chunks. */
export const code = {
  business: chunk("business-form", () => import("./business-form.tsx")),
  requests: chunk("requests", () => import("./requests.tsx")),
  towns: chunk("towns", () => import("./towns.tsx")),
  pageList: chunk("page-list", () => import("./page-list.tsx")),
  copyForms: chunk("copy-forms", () => import("./copy-forms.tsx")),
  articles: chunk("articles", () => import("./articles.tsx")),
  languages: chunk("language-settings", () => import("./language-settings.tsx")),
  history: chunk("history", () => import("./history.tsx")),
  settle: chunk("settle-files", () => import("./settle-files.tsx")),
};

const SECTION_CODE: Record<Section, Array<Chunk<unknown>>> = {
  Business: [code.business],
  Requests: [code.requests],
  Towns: [code.towns],
  Services: [code.pageList, code.copyForms],
  "Own pages": [code.pageList, code.copyForms],
  Testimonials: [code.copyForms],
  FAQ: [code.copyForms],
  "Page texts": [code.copyForms],
  Articles: [code.articles],
  "Legal pages": [code.articles],
  Languages: [code.languages],
  Translations: [],
  History: [code.history],
};

/**
 * Starts fetching a section's code (the first section's while the state is read, another's when the
 * pointer or focus reaches its button): a failure is shown by the section when it renders.
 */
export function loadSectionCode(section: Section): void {
  for (const each of SECTION_CODE[section]) each.load().catch(() => {});
}

export interface Chunk<M> {
  load(): Promise<M>;
  /** The module, once it has arrived. */
  loaded(): M | undefined;
}

/**
 * The chunks each module loaded on demand needs, as the page lists them (src/editor/editor-app.ts):
 * asked for all at once, not each after the one that imports it has arrived.
 */
let chunkFiles: Record<string, string[]> | undefined;

function preloadChunks(module: string): void {
  chunkFiles ??= JSON.parse(document.querySelector<HTMLMetaElement>('meta[name="editor-chunks"]')?.content || "{}") as Record<string, string[]>;
  for (const file of chunkFiles[module] ?? []) {
    if (document.querySelector(`link[rel="modulepreload"][href="${file}"]`)) continue;
    const link = Object.assign(document.createElement("link"), { rel: "modulepreload", href: file });
    document.head.append(link);
  }
}

/** A module (`module` names it in the page's list of chunks) fetched once, when first asked for (again after a failure). */
export function chunk<M>(module: string, load: () => Promise<M>): Chunk<M> {
  let arrived: M | undefined;
  let pending: Promise<M> | undefined;
  return {
    load: () => {
      if (!pending) preloadChunks(module);
      return (pending ??= load().then(
        (loaded) => (arrived = loaded),
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      ));
    },
    loaded: () => arrived,
  };
}

