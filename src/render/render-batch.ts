import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Problem } from "../errors.ts";
import type { AssetsView, ChromeView, PageData } from "../routes/page-props.ts";
import type { LinkChecker } from "./check-links.ts";
import type { Templates } from "./load-templates.ts";
import { renderPageParts } from "./render-page.ts";

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
  outDir?: string;
  /** Shared chrome whose links this context already checked. */
  checkedChrome?: Set<string>;
}

/** Renders, checks and writes some pages; the same code runs in the main thread and in workers. */
export async function renderBatch(context: RenderBatchContext, pages: readonly PageData[]): Promise<BatchResult> {
  let bytes = 0;
  const problems: Problem[] = [];
  const checkedChrome = (context.checkedChrome ??= new Set());
  for (const page of pages) {
    const { html, own, shared } = renderPageParts(context.templates, page, context.chrome, context.assets);
    // The shared chrome is the same on every page: its links are checked once, with the first page.
    problems.push(...context.links.check({ path: page.path, outFile: page.outFile, html: shared && checkedChrome.has(shared) ? own : html }));
    if (shared) checkedChrome.add(shared);
    bytes += Buffer.byteLength(html);
    if (context.outDir) writeInto(context.outDir, page.outFile, html);
  }
  return { bytes, problems };
}

/** Folders already created, so a folder is made once and not once per page. */
const madeFolders = new Set<string>();

/**
 * Writes synchronously: a render thread has nothing else to do meanwhile, and 10,000 small
 * writes go faster without a promise and a thread-pool round trip each.
 */
function writeInto(outDir: string, file: string, html: string): void {
  const target = path.join(outDir, file);
  const folder = path.dirname(target);
  if (!madeFolders.has(folder)) {
    mkdirSync(folder, { recursive: true });
    madeFolders.add(folder);
  }
  writeFileSync(target, html);
}
