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

/** Bundles the client enhancements (templates/client/main.ts), once per change of the folder (compile-cache.ts). */
export async function buildScripts(templatesDir: string, projectRoot: string): Promise<BuildScriptsResult> {
  const file = await esbuildOutput("scripts", ".js", templatesDir, path.join(templatesDir, "client", "main.ts"), projectRoot, SCRIPT_OPTIONS);
  const code = await readFile(file);
  const name = hashedName("site.js", code);
  return { files: [{ path: `assets/${name}`, data: code }], src: `/assets/${name}` };
}
