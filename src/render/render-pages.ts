import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { Problem } from "../errors.ts";
import type { AssetsView, ChromeView, PageData } from "../routes/page-props.ts";
import { createLinkChecker, type LinkCheckerInit } from "./check-links.ts";
import type { Templates } from "./load-templates.ts";
import { renderBatch, type BatchResult } from "./render-batch.ts";
import { backgroundPageWriter } from "./page-writer.ts";
import { RenderError } from "./render-page.ts";
import type { RenderWorkerData, WorkerReply } from "./render-worker.ts";

export interface RenderPagesOptions {
  pages: readonly PageData[];
  templates: Templates;
  /** The compiled templates module on disk, for workers to import. */
  templatesFile: string;
  chrome: ChromeView;
  assets: AssetsView;
  links: LinkCheckerInit;
  /** Where to write the pages; undefined renders and checks only. */
  outDir?: string;
}

/** Below this many pages, starting workers costs more than it saves. */
export const WORKER_THRESHOLD = 400;
const BATCH = 100;

/**
 * Renders every page, checks its links and writes it as soon as it is rendered, so a site of any
 * size never holds all its HTML in memory. Large sites are rendered by worker threads, one per
 * core, when running from the compiled CLI (workers need JavaScript, not TypeScript, files).
 */
export async function renderPages(options: RenderPagesOptions): Promise<BatchResult> {
  const workerFile = new URL("./render-worker.cjs", import.meta.url);
  const canUseWorkers = !import.meta.url.endsWith(".ts") && options.pages.length >= WORKER_THRESHOLD;
  const workers = Math.min(availableParallelism(), 4);
  if (!canUseWorkers || workers < 2) {
    const writer = options.outDir === undefined ? undefined : backgroundPageWriter(options.outDir);
    const context = { templates: options.templates, chrome: options.chrome, assets: options.assets, links: createLinkChecker(options.links), writer };
    let bytes = 0;
    const problems: Problem[] = [];
    try {
      for (let i = 0; i < options.pages.length; i += BATCH) {
        const result = await renderBatch(context, options.pages.slice(i, i + BATCH));
        bytes += result.bytes;
        problems.push(...result.problems);
      }
    } catch (error) {
      // Pages still being written land before the caller deletes their folder.
      await writer?.flush().catch(() => undefined);
      throw error;
    }
    await writer?.flush();
    return { bytes, problems };
  }
  return renderInWorkers(options, workerFile, workers);
}

async function renderInWorkers(options: RenderPagesOptions, workerFile: URL, count: number): Promise<BatchResult> {
  const data: RenderWorkerData = {
    templatesFile: options.templatesFile,
    chrome: options.chrome,
    assets: options.assets,
    links: options.links,
    outDir: options.outDir,
  };
  const batches: PageData[][] = [];
  for (let i = 0; i < options.pages.length; i += BATCH) batches.push(options.pages.slice(i, i + BATCH));
  const total: BatchResult = { bytes: 0, problems: [] };
  let next = 0;
  let failure: Error | undefined;

  const run = (worker: Worker) =>
    new Promise<void>((resolve, reject) => {
      const send = () => {
        if (failure || next >= batches.length) return resolve();
        const id = next++;
        worker.postMessage({ id, pages: batches[id] });
      };
      worker.on("message", (reply: WorkerReply) => {
        if ("error" in reply) {
          failure ??= reply.name === "RenderError" ? new RenderError(reply.error, { cause: undefined }) : new Error(reply.error);
          return resolve();
        }
        total.bytes += reply.bytes;
        total.problems.push(...reply.problems);
        send();
      });
      worker.once("error", reject);
      worker.once("online", send);
    });

  const workers = Array.from({ length: count }, () => new Worker(workerFile, { workerData: data }));
  try {
    await Promise.all(workers.map(run));
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  if (failure) throw failure;
  return total;
}
