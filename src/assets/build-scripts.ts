import { readFile } from "node:fs/promises";
import path from "node:path";
import type { BuildOptions } from "esbuild";
import { packageVersion } from "../paths.ts";
import { compiledFile, esbuildFailure } from "./compile-cache.ts";
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

/** Bundles the client enhancements (templates/client/main.ts), compiled once per change of the folder (compile-cache.ts). */
export async function buildScripts(templatesDir: string, projectRoot: string): Promise<BuildScriptsResult> {
  const entry = path.join(templatesDir, "client", "main.ts");
  const file = await compiledFile({
    kind: "scripts",
    extension: ".js",
    dir: templatesDir,
    settings: { esbuild: packageVersion("esbuild"), ...SCRIPT_OPTIONS },
    compile: async () => {
      try {
        // Loaded only when something must be compiled: cached builds never start esbuild.
        const { build } = await import("esbuild");
        const result = await build({ entryPoints: [entry], ...SCRIPT_OPTIONS, write: false, logLevel: "silent" });
        return result.outputFiles[0]!.contents;
      } catch (error) {
        throw esbuildFailure(error, projectRoot, entry);
      }
    },
  });
  const code = await readFile(file);
  const name = hashedName("site.js", code);
  return { files: [{ path: `assets/${name}`, data: code }], src: `/assets/${name}` };
}
