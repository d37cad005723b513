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
 * without that file keep main.ts, and the form posts as a plain page. With Cloudflare Turnstile on
 * the form, client/lead-turnstile-main.ts adds its widget.
 */
export async function buildScripts(templatesDir: string, projectRoot: string, options: { ownForm?: boolean; turnstile?: boolean } = {}): Promise<BuildScriptsResult> {
  const [kind, entry] = scriptEntry(templatesDir, options);
  const file = await esbuildOutput(kind, ".js", templatesDir, entry, projectRoot, SCRIPT_OPTIONS);
  const code = await readFile(file);
  const name = hashedName("site.js", code);
  return { files: [{ path: `assets/${name}`, data: code }], src: `/assets/${name}` };
}

/** The bundle's entry, and its name in the compile cache: the fullest one the site needs and its templates have. */
function scriptEntry(templatesDir: string, options: { ownForm?: boolean; turnstile?: boolean }): [kind: string, entry: string] {
  const client = (file: string) => path.join(templatesDir, "client", file);
  if (options.ownForm && options.turnstile && existsSync(client("lead-turnstile-main.ts"))) return ["scripts-lead-turnstile", client("lead-turnstile-main.ts")];
  if (options.ownForm && existsSync(client("lead-main.ts"))) return ["scripts-lead-form", client("lead-main.ts")];
  return ["scripts", client("main.ts")];
}
