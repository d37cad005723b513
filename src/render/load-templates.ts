import { readFileSync } from "node:fs";
import { createRequire, SourceMap } from "node:module";
import path from "node:path";
import type { BuildOptions } from "esbuild";
import React, { type ComponentType, type ReactNode } from "react";
import * as jsxRuntime from "react/jsx-runtime";
import { esbuildOutput, folderFingerprint } from "../assets/compile-cache.ts";
import { runCommonJs } from "../code-cache.js";
import type { AssetsView, ChromeView, HeadView, IconSymbolView, TemplateName } from "../routes/page-props.ts";
import { RenderError } from "../errors.ts";
import type { ReuseRegistry } from "./reuse.ts";
import type { Localize } from "../routes/languages.ts";

/** The compiled templates module (templates/index.tsx). */
export interface Templates {
  /** Every page template by kind (where each lives: src/page-kinds.ts). */
  pages: Record<TemplateName, ComponentType<any>>;
  /** The document around every page; it gives `reuse` to the page's <Reuse> blocks (src/render/reuse.ts). */
  Document: ComponentType<{ head: HeadView; chrome: ChromeView; assets: AssetsView; reuse?: ReuseRegistry; localize?: Localize; children: ReactNode }>;
  /** The icon sprite, written once as a file that pages refer to: the templates' icons and `symbols` (the content's Lucide ones). */
  IconSprite?: ComponentType<{ symbols?: readonly IconSymbolView[] }>;
}

/** How esbuild compiles the templates: one CommonJS module (React is CommonJS too), packages left to require(). */
export const TEMPLATE_OPTIONS = {
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node20",
  jsx: "automatic",
  packages: "external",
  sourcemap: "inline",
} satisfies BuildOptions;

/**
 * Compiles the TSX templates with esbuild and loads them. The compiled module is cached by the
 * folder's contents and these options (src/assets/compile-cache.ts): an edited template is a new
 * module, which dev picks up without a restart, and an unchanged one is compiled and loaded once.
 */
export async function loadTemplates(templatesDir: string, projectRoot: string): Promise<Templates & { file: string; fingerprint: string }> {
  // The same reading of the folder the compile is keyed on (compile-cache.ts): what these templates were made from.
  const [fingerprint, file] = await Promise.all([
    folderFingerprint(templatesDir),
    esbuildOutput("templates", ".cjs", templatesDir, path.join(templatesDir, "index.tsx"), projectRoot, TEMPLATE_OPTIONS),
  ]);
  return { ...loadTemplatesModule(file), fingerprint };
}

/**
 * The templates get the React the renderer uses (the compiled CLI has its own copy inside): with
 * two copies, hooks and context would not work.
 */
const SHARED_MODULES: Readonly<Record<string, unknown>> = { react: React, "react/jsx-runtime": jsxRuntime };

const loaded = new Map<string, Templates & { file: string }>();

/** Loads a compiled templates module (once per file: its name changes with its content), from V8's code cache when it has one. */
export function loadTemplatesModule(file: string): Templates & { file: string } {
  let templates = loaded.get(file);
  if (!templates) {
    const nodeRequire = createRequire(file);
    let module: Templates;
    try {
      module = runCommonJs(file, {
        cacheFile: file.replace(/\.cjs$/, ".v8cache"),
        require: (id) => SHARED_MODULES[id] ?? nodeRequire(id),
      }) as Templates;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new RenderError(`could not load ${whereThrown(error, file) ?? "templates/index.tsx"}: ${reason}`, { cause: error });
    }
    const { pages, Document, IconSprite } = module;
    templates = { pages, Document, IconSprite, file };
    loaded.set(file, templates);
  }
  return templates;
}

/**
 * The template file, line and column where loading the compiled module threw (code that runs when a
 * template is loaded, outside any component), found through the module's inline source map.
 */
function whereThrown(error: unknown, file: string): string | undefined {
  const frame = error instanceof Error ? error.stack?.split("\n").find((line) => line.includes(file)) : undefined;
  const position = frame ? /:(\d+):(\d+)\)?$/.exec(frame) : null;
  const inline = /\/\/# sourceMappingURL=data:application\/json;base64,(\S+)\s*$/.exec(readFileSync(file, "utf8"));
  if (!position || !inline) return undefined;
  const map = new SourceMap(JSON.parse(Buffer.from(inline[1]!, "base64").toString("utf8")));
  const entry = map.findEntry(Number(position[1]) - 1, Number(position[2]) - 1);
  if (!("originalSource" in entry)) return undefined;
  return `${entry.originalSource}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
}
