import type { Problem } from "../errors.ts";
import type { AssetsView, ChromeView, PageData } from "../routes/page-props.ts";
import type { LinkChecker } from "./check-links.ts";
import type { Templates } from "./load-templates.ts";
import type { PageWriter } from "./page-writer.ts";
import { renderPage } from "./render-page.ts";
import { createReuseStore, type ReuseStore } from "./reuse.ts";

export interface BatchResult {
  bytes: number;
  problems: Problem[];
}

export interface RenderBatchContext {
  templates: Templates;
  chrome: ChromeView;
  assets: AssetsView;
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
    const { html, own } = renderPage(context.templates, page, context.chrome, context.assets, reuse);
    // A reused block is the same on every page: its links are checked once, with the first page that has it.
    problems.push(...context.links.check({ path: page.path, outFile: page.outFile, html: own }));
    bytes += Buffer.byteLength(html);
    context.writer?.write(page.outFile, html);
  }
  return { bytes, problems };
}
