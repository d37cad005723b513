import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { BuildOptions } from "esbuild";
import { esbuildOutput } from "./compile-cache.ts";
import { hashedName } from "./content-hash.ts";
import type { OutputFile } from "./output-file.ts";

export interface BuildScriptsResult {
  files: OutputFile[];
  /** Public URL of the one module every page loads. */
  src: string;
}

/** How esbuild bundles the client scripts: one small minified module for the browsers we support. */
const SCRIPT_OPTIONS = {
  bundle: true,
  format: "esm",
  platform: "browser",
  target: ["chrome100", "firefox100", "safari15"],
  minify: true,
  legalComments: "none",
} satisfies BuildOptions;

/**
 * Bundles the client enhancements (templates/client/main.ts), once per change of the folder
 * (compile-cache.ts). A site with its own call-back form gets client/lead-main.ts instead (main.ts
 * and the form's script), so every other site's bundle stays as it was; a project's own templates
 * without that file keep main.ts, and the form posts as a plain page.
 */
export async function buildScripts(templatesDir: string, projectRoot: string, options: { ownForm?: boolean } = {}): Promise<BuildScriptsResult> {
  const leadMain = path.join(templatesDir, "client", "lead-main.ts");
  const [kind, entry] = options.ownForm && existsSync(leadMain) ? ["scripts-lead-form", leadMain] : ["scripts", path.join(templatesDir, "client", "main.ts")];
  const file = await esbuildOutput(kind, ".js", templatesDir, entry, projectRoot, SCRIPT_OPTIONS);
  const code = await readFile(file);
  const name = hashedName("site.js", code);
  return { files: [{ path: `assets/${name}`, data: code }], src: `/assets/${name}` };
}
