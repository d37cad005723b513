import { existsSync, readdirSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { SiteError } from "../errors.ts";
import { displayPath, packageVersion } from "../paths.ts";
import type { Copy, PageSection } from "../content/copy-schema.ts";
import type { TemplateName } from "../routes/page-props.ts";
import { brandPalette, recolour } from "./brand-palette.ts";
import { compiledFile } from "./compile-cache.ts";
import { hashedName } from "./content-hash.ts";
import type { OutputFile } from "./output-file.ts";

/** Minified, for the last few years of evergreen browsers, iOS Safari included. */
const STYLE_OPTIONS = {
  minify: true,
  targets: { chrome: 100 << 16, firefox: 100 << 16, safari: 15 << 16, ios_saf: 15 << 16, edge: 100 << 16 },
};

/**
 * templates/styles/parts/, in the order they cascade: each page kind's stylesheet is the parts its
 * template can show, so a page downloads only the rules it may use. Page kinds with the same parts
 * share one file.
 */
const PART_ORDER = ["city-hero", "badge", "prose", "markdown", "cards", "linked-cards", "testimonial", "reviews", "steps", "gallery", "gallery-pairs", "places", "town", "checks", "faq", "prices", "team", "cta-city", "map", "blog", "category", "article", "legal", "not-found"] as const;
type Part = (typeof PART_ORDER)[number];
/** A service's and an own page's sections (copy-schema.ts's types): the parts each shows. */
const SECTION_TYPE_PARTS: Record<PageSection["type"], Part[]> = {
  cards: ["cards", "linked-cards"],
  checklist: ["checks"],
  steps: ["steps"],
  prose: ["prose"],
  // A testimonial's stars are the badge's.
  reviews: ["reviews", "badge"],
  prices: ["prices"],
  services: ["cards", "linked-cards"],
  faq: ["faq"],
  team: ["team"],
  gallery: ["gallery", "gallery-pairs"],
  cta: [],
};
type SectionKind = "service" | "own";
/** What a service's or an own page shows besides its sections: a service's hero has the review badge, its cards the licences. */
const SECTION_KIND_PARTS: Record<SectionKind, { always: Part[]; cards: Part[] }> = {
  service: { always: ["badge"], cards: ["checks"] },
  own: { always: [], cards: [] },
};
const sectionPartsOf = (kind: SectionKind, types: readonly string[]): Part[] => [
  ...SECTION_KIND_PARTS[kind].always,
  ...types.flatMap((type) => [...(SECTION_TYPE_PARTS[type as PageSection["type"]] ?? []), ...(type === "cards" ? SECTION_KIND_PARTS[kind].cards : [])]),
];
const ALL_SECTION_TYPES = Object.keys(SECTION_TYPE_PARTS);
// A kind of page not listed here (a new one, until its parts are named) loads the whole stylesheet.
const PAGE_PARTS: Partial<Record<TemplateName, Part[]>> = {
  home: ["badge", "cards", "testimonial", "reviews", "steps", "gallery", "places", "faq"],
  // A page of these kinds whose sections were not told (sectionsKey) loads every section type's.
  service: sectionPartsOf("service", ALL_SECTION_TYPES),
  own: sectionPartsOf("own", ALL_SECTION_TYPES),
  city: ["city-hero", "badge", "prose", "reviews", "steps", "places", "town", "cta-city"],
  "service-areas": ["places", "faq", "cta-city", "map"],
  about: ["prose", "cards", "places", "checks"],
  blog: ["blog", "category"],
  article: ["prose", "markdown", "category", "article"],
  legal: ["prose", "markdown", "checks", "legal"],
  "not-found": ["not-found"],
  "thank-you": ["not-found"],
};

/**
 * The key of the stylesheet of a service's or an own page made of sections of these types:
 * "service cards faq prices" (its kind, then its section types, each once, sorted).
 * templates/page-styles.ts makes the same key from the page's props.
 */
export function sectionsKey(kind: string, types: readonly string[]): string {
  return [kind, ...[...new Set(types)].sort()].join(" ");
}

export interface BuildStylesResult {
  /** Every stylesheet: the whole one, then one per distinct page kind's, then one per distinct set of sections. */
  files: OutputFile[];
  /** Public URL of the whole stylesheet (every rule), e.g. `/assets/site.Ab12Cd34Ef.css`: for a page of no known kind. */
  href: string;
  /**
   * Each page kind's stylesheet, e.g. `/assets/city.Ab12Cd34Ef.css`, and each service's or own
   * page's by its sections (sectionsKey: "own faq prices"): none when the templates have no styles/parts/.
   */
  pages: Record<string, string>;
}

/**
 * The stylesheets, compiled with lightningcss under content-hashed names, each source once per change
 * of the folder (compile-cache.ts). A page loads one: its kind's, which is templates/styles/site.css
 * (header, footer, dialog, buttons, hero, call to action), the parts of templates/styles/parts/ its
 * template shows (PAGE_PARTS; a service's or an own page's, those of the sections its copy has,
 * from `copies`), then, for a site that has them, languages.css (the language switcher),
 * nav-group.css (a menu grouping many services), notice.css (a notice above the header) and
 * lead-form.css (the own call-back form), all in the brand's colours when they are not the
 * stylesheet's own (brand-palette.ts). One stylesheet a page, not a shared one and a page kind's:
 * gzip compresses the rules of one file together, and a page waits for one file. The whole
 * stylesheet (every part) is for a page of a kind the document does not know, and is the only one
 * for a project's own templates from before the parts (with their page-sections.css when a page
 * has a section it styles: `pageSections`).
 */
export async function buildStyles(
  templatesDir: string,
  projectRoot: string,
  options: { languages?: boolean; menuGroup?: boolean; notice?: boolean; pageSections?: boolean; ownForm?: boolean; themeColor?: string; copies?: readonly Copy[] } = {},
): Promise<BuildStylesResult> {
  const withParts = existsSync(path.join(templatesDir, "styles", "parts"));
  const sourcesOf = (parts: readonly Part[]) => [
    "site.css",
    ...(withParts ? PART_ORDER.filter((part) => parts.includes(part)).map((part) => `parts/${part}.css`) : []),
    ...(options.languages ? ["languages.css"] : []),
    ...(options.menuGroup ? ["nav-group.css"] : []),
    ...(options.notice ? ["notice.css"] : []),
    ...(options.pageSections && !withParts ? ["page-sections.css"] : []),
    ...(options.ownForm ? ["lead-form.css"] : []),
  ];
  const whole = sourcesOf(PART_ORDER);
  // light-dark() only where the stylesheets use it (a project's own may): lightningcss's fallback for it costs variables.
  const styles = path.join(templatesDir, "styles");
  const lightDark = readdirSync(styles, { recursive: true, encoding: "utf8" }).some((name) => name.endsWith(".css") && readFileSync(path.join(styles, name), "utf8").includes("light-dark("));
  const compiled = new Map(await Promise.all(whole.map(async (name) => [name, await compileStylesheet(templatesDir, projectRoot, name, lightDark)] as const)));
  const palette = options.themeColor ? brandPalette(options.themeColor) : undefined;
  const files: Array<OutputFile & { data: Buffer }> = [];
  // Stylesheets of the same parts share one file, named after the first of them.
  const stylesheet = (parts: readonly Part[], name: string) => {
    const css = Buffer.concat(sourcesOf(parts).map((source) => Buffer.from(compiled.get(source)!)));
    const code = palette ? Buffer.from(recolour(css.toString("utf8"), palette)) : css;
    let file = files.find((made) => made.data.equals(code));
    if (!file) files.push((file = { path: `assets/${hashedName(`${name}.css`, code)}`, data: code }));
    return `/${file.path}`;
  };
  const href = stylesheet(PART_ORDER, "site");
  const pages: Record<string, string> = {};
  if (!withParts) return { files, href, pages };
  for (const [kind, parts] of Object.entries(PAGE_PARTS)) pages[kind] = stylesheet(parts, kind);
  for (const copy of options.copies ?? []) {
    const sectioned: Array<[SectionKind, Array<{ sections: readonly PageSection[] }>]> = [["service", Object.values(copy.services)], ["own", Object.values(copy.own)]];
    for (const [kind, copies] of sectioned) {
      for (const { sections } of copies) {
        const types = sections.map((section) => section.type);
        const key = sectionsKey(kind, types);
        // Named after its kind and sections, which a change of the stylesheets leaves as it is (dev's stylesheet swap finds a page's new one by it).
        pages[key] ??= stylesheet(sectionPartsOf(kind, types), key.replace(/ /g, "-"));
      }
    }
  }
  return { files, href, pages };
}

async function compileStylesheet(templatesDir: string, projectRoot: string, name: string, lightDark: boolean): Promise<Uint8Array> {
  const entry = path.join(templatesDir, "styles", name);
  const file = await compiledFile({
    kind: name === "site.css" ? "styles" : `styles-${name.replace(/\.css$/, "").replace(/\//g, "-")}`,
    extension: ".css",
    dir: templatesDir,
    // Without light-dark() in the stylesheets, nor its fallback: `color-scheme` then costs no variables of lightningcss's own.
    settings: { lightningcss: packageVersion("lightningcss"), ...STYLE_OPTIONS, exclude: lightDark ? "" : "light-dark" },
    compile: async () => {
      try {
        const { bundle, Features } = await import("lightningcss");
        return bundle({ filename: entry, ...STYLE_OPTIONS, exclude: lightDark ? 0 : Features.LightDark }).code;
      } catch (error) {
        const e = error as { message?: string; fileName?: string; loc?: { line: number; column: number } };
        throw new SiteError(
          [{ file: displayPath(projectRoot, e.fileName ?? entry), line: e.loc?.line, column: e.loc?.column, message: `CSS: ${e.message ?? String(error)}` }],
          { cause: error },
        );
      }
    },
  });
  return readFile(file);
}
