import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { Problem } from "../errors.ts";
import type { AssetsView, ChromeView, PageData } from "../routes/page-props.ts";
import { createLinkChecker, type LinkCheckerInit } from "./check-links.ts";
import type { Templates } from "./load-templates.ts";
import { renderBatch, type BatchResult } from "./render-batch.ts";
import { backgroundPageWriter, syncPageWriter } from "./page-writer.ts";
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
  /** The current output folder, whose unchanged pages are linked instead of written again. */
  reuseFrom?: string;
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
    const writer = options.outDir === undefined ? undefined : backgroundPageWriter({ dir: options.outDir, reuseFrom: options.reuseFrom });
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

/**
 * Workers render and check; this thread writes what they send back. Creating a file is the costly
 * part of writing one, and two threads creating files in one folder slow each other down: one
 * writer, running while the workers render the next batches, is faster.
 */
async function renderInWorkers(options: RenderPagesOptions, workerFile: URL, count: number): Promise<BatchResult> {
  const data: RenderWorkerData = {
    templatesFile: options.templatesFile,
    chrome: options.chrome,
    assets: options.assets,
    links: options.links,
    returnPages: options.outDir !== undefined,
  };
  const writer = options.outDir === undefined ? undefined : syncPageWriter({ dir: options.outDir, reuseFrom: options.reuseFrom });
  const batches: PageData[][] = [];
  for (let i = 0; i < options.pages.length; i += BATCH) batches.push(options.pages.slice(i, i + BATCH));
  const total: BatchResult = { bytes: 0, problems: [] };
  let next = 0;
  let failure: unknown;

  const run = (worker: Worker) =>
    new Promise<void>((resolve, reject) => {
      let outstanding = 0;
      const send = () => {
        if (failure !== undefined || next >= batches.length) return;
        const id = next++;
        outstanding++;
        worker.postMessage({ id, pages: batches[id] });
      };
      worker.on("message", (reply: WorkerReply) => {
        outstanding--;
        if ("error" in reply) {
          failure ??= reply.name === "RenderError" ? new RenderError(reply.error, { cause: undefined }) : new Error(reply.error);
          return resolve();
        }
        // The next batch first, so the worker renders while this thread writes.
        send();
        total.bytes += reply.bytes;
        total.problems.push(...reply.problems);
        try {
          if (failure === undefined) for (const [file, html] of reply.pages ?? []) writer!.write(file, html);
        } catch (error) {
          failure ??= error;
        }
        if (outstanding === 0) resolve();
      });
      worker.once("error", reject);
      // Two batches each: one to render, one waiting, so a worker never waits for this thread.
      worker.once("online", () => {
        send();
        send();
        if (outstanding === 0) resolve();
      });
    });

  const workers = Array.from({ length: count }, () => new Worker(workerFile, { workerData: data }));
  try {
    await Promise.all(workers.map(run));
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  if (failure !== undefined) throw failure;
  return total;
}
