import path from "node:path";
import { SiteError } from "../errors.ts";
import { displayPath } from "../paths.ts";
import { hashedName } from "./content-hash.ts";
import type { OutputFile } from "./output-file.ts";

/** Browsers we style for: the last few years of evergreen browsers, iOS Safari included. */
const TARGETS = { chrome: 100 << 16, firefox: 100 << 16, safari: 15 << 16, ios_saf: 15 << 16, edge: 100 << 16 };

export interface BuildStylesResult {
  file: OutputFile;
  /** Public URL of the stylesheet, e.g. `/assets/site.Ab12Cd34Ef.css`. */
  href: string;
}

/** Bundles and minifies templates/styles/site.css with lightningcss under a content-hashed name. */
export async function buildStyles(templatesDir: string, projectRoot: string): Promise<BuildStylesResult> {
  const entry = path.join(templatesDir, "styles", "site.css");
  let code: Uint8Array;
  try {
    const { bundle } = await import("lightningcss");
    ({ code } = bundle({ filename: entry, minify: true, targets: TARGETS }));
  } catch (error) {
    const e = error as { message?: string; fileName?: string; loc?: { line: number; column: number } };
    throw new SiteError(
      [{ file: displayPath(projectRoot, e.fileName ?? entry), line: e.loc?.line, column: e.loc?.column, message: `CSS: ${e.message ?? String(error)}` }],
      { cause: error },
    );
  }
  const name = hashedName("site.css", code);
  return { file: { path: `assets/${name}`, data: code }, href: `/assets/${name}` };
}
