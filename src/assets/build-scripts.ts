import path from "node:path";
import { SiteError } from "../errors.ts";
import { displayPath } from "../paths.ts";
import { hashedName } from "./content-hash.ts";
import type { OutputFile } from "./output-file.ts";

export interface BuildScriptsResult {
  files: OutputFile[];
  /** Public URL of the one module every page loads. */
  src: string;
}

/** Bundles the client enhancements (templates/client/main.ts) into one small minified module. */
export async function buildScripts(templatesDir: string, projectRoot: string): Promise<BuildScriptsResult> {
  const entry = path.join(templatesDir, "client", "main.ts");
  try {
    // Loaded only when something must be compiled: cached builds never start esbuild.
    const { build } = await import("esbuild");
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      format: "esm",
      platform: "browser",
      target: ["chrome100", "firefox100", "safari15"],
      minify: true,
      write: false,
      logLevel: "silent",
      legalComments: "none",
    });
    const code = result.outputFiles[0]!.contents;
    const name = hashedName("site.js", code);
    return { files: [{ path: `assets/${name}`, data: code }], src: `/assets/${name}` };
  } catch (error) {
    const errors = (error as { errors?: Array<{ text: string; location?: { file: string; line: number; column: number } | null }> }).errors;
    if (!errors) throw error;
    throw new SiteError(
      errors.map((e) => ({
        file: displayPath(projectRoot, e.location ? path.resolve(e.location.file) : entry),
        line: e.location?.line,
        column: e.location ? e.location.column + 1 : undefined,
        message: e.text,
      })),
      { cause: error },
    );
  }
}
