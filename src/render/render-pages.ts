import type { Problem } from "../errors.ts";
import type { AssetsView, ChromeView, PageData } from "../routes/page-props.ts";
import { createLinkChecker, type LinkCheckerInit } from "./check-links.ts";
import type { Templates } from "./load-templates.ts";
import { renderBatch, type BatchResult, type LanguageRender } from "./render-batch.ts";
import { backgroundPageWriter } from "./page-writer.ts";
import { killPoint } from "../test-hooks.ts";

export interface RenderPagesOptions {
  pages: readonly PageData[];
  templates: Templates;
  chrome: ChromeView;
  assets: AssetsView;
  /** The languages other than the default, by code. */
  languages?: Readonly<Record<string, LanguageRender>>;
  links: LinkCheckerInit;
  /** Where to write the pages; undefined renders and checks only. */
  outDir?: string;
  /** The current output folder, whose unchanged pages are linked instead of written again. */
  reuseFrom?: string;
}

const BATCH = 100;

/**
 * Renders every page, checks its links and writes it as soon as it is rendered, so a site of any
 * size never holds all its HTML in memory. One thread: render threads were measured (docs/speed.md)
 * and gave a 10,000-town build no wall time on two cores, for 20% more CPU and twice the memory.
 */
export async function renderPages(options: RenderPagesOptions): Promise<BatchResult> {
  const writer = options.outDir === undefined ? undefined : backgroundPageWriter({ dir: options.outDir, reuseFrom: options.reuseFrom });
  const context = { templates: options.templates, chrome: options.chrome, assets: options.assets, languages: options.languages, links: createLinkChecker(options.links), writer };
  let bytes = 0;
  const problems: Problem[] = [];
  try {
    for (let i = 0; i < options.pages.length; i += BATCH) {
      const result = await renderBatch(context, options.pages.slice(i, i + BATCH));
      bytes += result.bytes;
      problems.push(...result.problems);
      // A batch's writes finish before the next batch renders: at most one batch of pages is
      // held in memory or open, whatever the size of the site.
      await writer?.flush();
      if (i === 0) killPoint("render");
    }
  } catch (error) {
    // Pages still being written land before the caller deletes their folder.
    await writer?.flush().catch(() => undefined);
    throw error;
  }
  await writer?.flush();
  return { bytes, problems };
}
