import type { Problem } from "../errors.ts";
import type { AssetsView, ChromeView, PageData } from "../routes/page-props.ts";
import type { LinkChecker } from "./check-links.ts";
import type { Templates } from "./load-templates.ts";
import type { PageWriter } from "./page-writer.ts";
import { localizer, type Localize } from "../routes/languages.ts";
import { renderPage } from "./render-page.ts";
import { createReuseStore, type ReuseStore } from "./reuse.ts";

export interface BatchResult {
  bytes: number;
  problems: Problem[];
}

/** A language other than the default: its chrome, its scripts, and its addresses for the default's paths. */
export interface LanguageRender {
  chrome: ChromeView;
  assets: AssetsView;
  paths: ReadonlyMap<string, string>;
}

export interface RenderBatchContext {
  templates: Templates;
  /** The default language's. */
  chrome: ChromeView;
  assets: AssetsView;
  /** The other languages, by code; pages of the default language need none. */
  languages?: Readonly<Record<string, LanguageRender>>;
  links: LinkChecker;
  /** Where pages are written; undefined renders and checks only (`check`). */
  writer?: PageWriter;
  /** Blocks the same on many pages, rendered once by this context (made on first use). */
  reuse?: ReuseStore;
  /** Each language's links, by code (made on first use). */
  localizers?: Map<string, Localize>;
}

/** Renders, checks and writes some pages; the same code runs in the main thread and in workers. */
export async function renderBatch(context: RenderBatchContext, pages: readonly PageData[]): Promise<BatchResult> {
  let bytes = 0;
  const problems: Problem[] = [];
  const reuse = (context.reuse ??= createReuseStore());
  for (const page of pages) {
    const language = context.languages?.[page.lang];
    const localize = language && localizeOf(context, page.lang, language);
    const { html, own } = renderPage(context.templates, page, language?.chrome ?? context.chrome, language?.assets ?? context.assets, reuse, localize);
    // A reused block is the same on every page: its links are checked once, with the first page that has it.
    problems.push(...context.links.check({ path: page.path, outFile: page.outFile, html: own }));
    bytes += Buffer.byteLength(html);
    context.writer?.write(page.outFile, html);
  }
  return { bytes, problems };
}

/** A language's links, made once per context: <Reuse> keys its blocks on the function, so each language has one. */
function localizeOf(context: RenderBatchContext, code: string, language: LanguageRender): Localize {
  const localizers = (context.localizers ??= new Map());
  let localize = localizers.get(code);
  if (!localize) localizers.set(code, (localize = localizer(language.paths)));
  return localize;
}
