import type { Problem } from "../errors.ts";
import type { AssetsView, ChromeView, PageData } from "../routes/page-props.ts";
import type { LinkChecker } from "./check-links.ts";
import type { Templates } from "./load-templates.ts";
import type { PageWriter } from "./page-writer.ts";
import { fillSwitcher, localizeLinks } from "../routes/languages.ts";
import { renderPage } from "./render-page.ts";
import { fillPagePath } from "../routes/lead-form.ts";
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
}

/** Renders, checks and writes some pages; the same code runs in the main thread and in workers. */
export async function renderBatch(context: RenderBatchContext, pages: readonly PageData[]): Promise<BatchResult> {
  let bytes = 0;
  const problems: Problem[] = [];
  const reuse = (context.reuse ??= createReuseStore());
  for (const page of pages) {
    const language = context.languages?.[page.lang];
    let { html, own } = renderPage(context.templates, page, language?.chrome ?? context.chrome, language?.assets ?? context.assets, reuse);
    if (language) {
      // Links written in the default language's paths lead to this language's pages.
      html = localizeLinks(html, language.paths);
      own = localizeLinks(own, language.paths);
    }
    // The modal's form says which page it was sent from.
    html = fillPagePath(html, page.path);
    own = fillPagePath(own, page.path);
    const switcher = page.head.languages?.switcher;
    if (switcher) {
      html = fillSwitcher(html, switcher);
      own = fillSwitcher(own, switcher);
    }
    // A reused block is the same on every page: its links are checked once, with the first page that has it.
    problems.push(...context.links.check({ path: page.path, outFile: page.outFile, html: own }));
    bytes += Buffer.byteLength(html);
    context.writer?.write(page.outFile, html);
  }
  return { bytes, problems };
}
