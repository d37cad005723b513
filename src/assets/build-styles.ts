import { readFile } from "node:fs/promises";
import path from "node:path";
import { SiteError } from "../errors.ts";
import { displayPath, packageVersion } from "../paths.ts";
import { brandPaletteCss } from "./brand-palette.ts";
import { compiledFile } from "./compile-cache.ts";
import { hashedName } from "./content-hash.ts";
import type { OutputFile } from "./output-file.ts";

/** Minified, for the last few years of evergreen browsers, iOS Safari included. */
const STYLE_OPTIONS = {
  minify: true,
  targets: { chrome: 100 << 16, firefox: 100 << 16, safari: 15 << 16, ios_saf: 15 << 16, edge: 100 << 16 },
};

export interface BuildStylesResult {
  file: OutputFile;
  /** Public URL of the stylesheet, e.g. `/assets/site.Ab12Cd34Ef.css`. */
  href: string;
}

/**
 * Bundles templates/styles/site.css with lightningcss under a content-hashed name, compiled once per
 * change of the folder (compile-cache.ts). A site with more than one language gets
 * templates/styles/languages.css (the language switcher) after it; a one-language site's
 * stylesheet is site.css alone, exactly as before languages existed; likewise a menu that groups
 * many services gets templates/styles/nav-group.css, a site showing a notice
 * templates/styles/notice.css, and a site whose services or own pages have price tables, a team,
 * a gallery or cards that link templates/styles/page-sections.css, a site with its own call-back form
 * templates/styles/lead-form.css. A brand colour other than the
 * stylesheet's own redraws its palette (brand-palette.ts).
 */
export async function buildStyles(
  templatesDir: string,
  projectRoot: string,
  options: { languages?: boolean; menuGroup?: boolean; notice?: boolean; pageSections?: boolean; ownForm?: boolean; themeColor?: string } = {},
): Promise<BuildStylesResult> {
  const entries = [
    "site.css",
    ...(options.languages ? ["languages.css"] : []),
    ...(options.menuGroup ? ["nav-group.css"] : []),
    ...(options.notice ? ["notice.css"] : []),
    ...(options.pageSections ? ["page-sections.css"] : []),
    ...(options.ownForm ? ["lead-form.css"] : []),
  ];
  const parts = await Promise.all(entries.map((name) => compileStylesheet(templatesDir, projectRoot, name)));
  const palette = options.themeColor ? brandPaletteCss(options.themeColor) : "";
  const code = Buffer.concat([...parts.map((part) => Buffer.from(part)), ...(palette ? [Buffer.from(palette)] : [])]);
  const name = hashedName("site.css", code);
  return { file: { path: `assets/${name}`, data: code }, href: `/assets/${name}` };
}

async function compileStylesheet(templatesDir: string, projectRoot: string, name: string): Promise<Uint8Array> {
  const entry = path.join(templatesDir, "styles", name);
  const file = await compiledFile({
    kind: name === "site.css" ? "styles" : `styles-${path.basename(name, ".css")}`,
    extension: ".css",
    dir: templatesDir,
    settings: { lightningcss: packageVersion("lightningcss"), ...STYLE_OPTIONS },
    compile: async () => {
      try {
        const { bundle } = await import("lightningcss");
        return bundle({ filename: entry, ...STYLE_OPTIONS }).code;
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
