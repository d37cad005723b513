import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Problem } from "../errors.ts";
import type { AssetsView, ChromeView, PageData } from "../routes/page-props.ts";
import type { LinkChecker } from "./check-links.ts";
import type { Templates } from "./load-templates.ts";
import { renderPage } from "./render-page.ts";

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
}

/** Renders, checks and writes some pages; the same code runs in the main thread and in workers. */
export async function renderBatch(context: RenderBatchContext, pages: readonly PageData[]): Promise<BatchResult> {
  let bytes = 0;
  const problems: Problem[] = [];
  const writes: Array<Promise<void>> = [];
  for (const page of pages) {
    const html = renderPage(context.templates, page, context.chrome, context.assets);
    problems.push(...context.links.check({ path: page.path, outFile: page.outFile, html }));
    bytes += Buffer.byteLength(html);
    if (context.outDir) writes.push(writeInto(context.outDir, page.outFile, html));
  }
  await Promise.all(writes);
  return { bytes, problems };
}

/** Folders already created, so a folder is made once and not once per page. */
const madeFolders = new Set<string>();

async function writeInto(outDir: string, file: string, html: string): Promise<void> {
  const target = path.join(outDir, file);
  const folder = path.dirname(target);
  if (!madeFolders.has(folder)) {
    await mkdir(folder, { recursive: true });
    madeFolders.add(folder);
  }
  await writeFile(target, html);
}
