import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import React, { type ComponentType, type ReactNode } from "react";
import * as jsxRuntime from "react/jsx-runtime";
import { runCommonJs } from "../code-cache.js";
import { writeFileAtomically } from "../write-atomically.js";
import { SiteError } from "../errors.ts";
import type { ReuseRegistry } from "./reuse.ts";
import { CACHE_DIR, displayPath } from "../paths.ts";
import type { AssetsView, ChromeView, HeadView, TemplateName } from "../routes/page-props.ts";

/** The compiled templates module (templates/index.tsx). */
export interface Templates {
  pages: Record<TemplateName, ComponentType<any>>;
  templateFiles: Record<TemplateName, string>;
  /** The document around every page; it gives `reuse` to the page's <Reuse> blocks (src/render/reuse.ts). */
  Document: ComponentType<{ head: HeadView; chrome: ChromeView; assets: AssetsView; reuse?: ReuseRegistry; children: ReactNode }>;
  /** The icon sprite, written once as a file that pages refer to. */
  IconSprite?: ComponentType;
}

/**
 * Compiles the TSX templates with esbuild into one CommonJS module (React is CommonJS too) and
 * loads it. The module's name is its content hash, so an edited template is a new module (dev
 * picks it up without a restart) and an unchanged one is loaded once.
 */
export async function loadTemplates(templatesDir: string, projectRoot: string): Promise<Templates & { file: string }> {
  const entry = path.join(templatesDir, "index.tsx");
  let code: string;
  try {
    // Loaded only when something must be compiled: cached builds never start esbuild.
    const { build } = await import("esbuild");
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      format: "cjs",
      platform: "node",
      target: "node20",
      jsx: "automatic",
      packages: "external",
      write: false,
      logLevel: "silent",
      sourcemap: "inline",
    });
    code = result.outputFiles[0]!.text;
  } catch (error) {
    const errors = (error as { errors?: Array<{ text: string; location?: { file: string; line: number; column: number } | null }> }).errors;
    if (!errors) throw error;
    throw new SiteError(
      errors.map((e) => ({
        file: e.location ? displayPath(projectRoot, path.resolve(e.location.file)) : displayPath(projectRoot, entry),
        line: e.location?.line,
        column: e.location ? e.location.column + 1 : undefined,
        message: e.text,
      })),
      { cause: error },
    );
  }
  const hash = createHash("sha256").update(code).digest("hex").slice(0, 16);
  const file = path.join(CACHE_DIR, `templates-${hash}.cjs`);
  // Another process loading the same module never reads half of it.
  mkdirSync(CACHE_DIR, { recursive: true });
  if (!writeFileAtomically(file, code)) throw new Error(`could not write the compiled templates to ${file}`);
  return loadTemplatesModule(file);
}

/**
 * The templates get the React the renderer uses (the compiled CLI has its own copy inside): with
 * two copies, hooks and context would not work.
 */
const SHARED_MODULES: Readonly<Record<string, unknown>> = { react: React, "react/jsx-runtime": jsxRuntime };

/** Loads a compiled templates module, from V8's code cache when it has one. */
export function loadTemplatesModule(file: string): Templates & { file: string } {
  const nodeRequire = createRequire(file);
  const module = runCommonJs(file, {
    cacheFile: file.replace(/\.cjs$/, ".v8cache"),
    require: (id) => SHARED_MODULES[id] ?? nodeRequire(id),
  }) as Templates;
  const { pages, templateFiles, Document, IconSprite } = module;
  return { pages, templateFiles, Document, IconSprite, file };
}
