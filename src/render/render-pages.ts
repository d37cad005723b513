import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { MessageChannel, Worker, type MessagePort } from "node:worker_threads";
import { TOOL_ROOT } from "../paths.ts";
import type { Problem } from "../errors.ts";
import type { AssetsView, ChromeView, PageData } from "../routes/page-props.ts";
import { createLinkChecker, type LinkCheckerInit } from "./check-links.ts";
import type { Templates } from "./load-templates.ts";
import { renderBatch, type BatchResult, type LanguageRender } from "./render-batch.ts";
import { backgroundPageWriter, syncPageWriter } from "./page-writer.ts";
import { receiveError } from "./render-page.ts";
import { killPoint, testRenderThreads } from "../test-hooks.ts";
import type { RenderWorkerInit, WorkerReply } from "./render-worker.ts";

export interface RenderPagesOptions {
  pages: readonly PageData[];
  templates: Templates;
  /** The compiled templates module on disk, for workers to import. */
  templatesFile: string;
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

export interface RenderPagesResult extends BatchResult {
  /** Render threads that rendered the pages; 0 when the main thread did. */
  threads: number;
}

/** Below this many pages, starting workers costs more than it saves. */
export const WORKER_THRESHOLD = 400;
const BATCH = 100;

/**
 * One render thread per core, at most 4, for a site of WORKER_THRESHOLD pages or more when the CLI
 * runs compiled (threads need JavaScript, not TypeScript, files); otherwise 0: the main thread renders.
 */
function renderThreadCount(pageCount: number): number {
  const count = testRenderThreads() ?? Math.min(availableParallelism(), 4);
  return import.meta.url.endsWith(".ts") || pageCount < WORKER_THRESHOLD || count < 2 ? 0 : count;
}

/**
 * Renders every page, checks its links and writes it as soon as it is rendered, so a site of any
 * size never holds all its HTML in memory. Large sites are rendered by worker threads.
 */
export async function renderPages(options: RenderPagesOptions): Promise<RenderPagesResult> {
  const threads = renderThreadCount(options.pages.length);
  if (threads > 0) return { ...(await renderInWorkers(options, threads)), threads };
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
  return { bytes, problems, threads: 0 };
}

/**
 * Workers render and check; this thread writes what they send back. Creating a file is the costly
 * part of writing one, and two threads creating files in one folder slow each other down: one
 * writer, running while the workers render the next batches, is faster.
 */
async function renderInWorkers(options: RenderPagesOptions, threads: number): Promise<BatchResult> {
  const init: RenderWorkerInit = {
    templatesFile: options.templatesFile,
    chrome: options.chrome,
    assets: options.assets,
    languages: options.languages,
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
          failure ??= receiveError(reply.error);
          return resolve();
        }
        // The next batch first, so the worker renders while this thread writes.
        send();
        total.bytes += reply.bytes;
        total.problems.push(...reply.problems);
        try {
          if (failure === undefined && reply.pages) {
            const { files, ends, data } = reply.pages;
            files.forEach((file, i) => writer!.write(file, data.subarray(i === 0 ? 0 : ends[i - 1], ends[i])));
          }
          if (reply.id === 0) killPoint("render");
        } catch (error) {
          failure ??= error;
        }
        if (outstanding === 0) resolve();
      });
      worker.once("error", reject);
      worker.once("exit", (code) => reject(new Error(`a render thread stopped unexpectedly (exit code ${code})`)));
      worker.postMessage({ init });
      // Two batches each: one to render, one waiting, so a worker never waits for this thread.
      send();
      send();
      if (outstanding === 0) resolve();
    });

  // Until a thread has started (loaded its code and templates) this one would wait: it renders
  // batches itself meanwhile, writing them as it goes, and only writes once a thread answers.
  let started = false;
  const helpMeanwhile = async () => {
    const context = { templates: options.templates, chrome: options.chrome, assets: options.assets, languages: options.languages, links: createLinkChecker(options.links), writer };
    while (!started && failure === undefined && next < batches.length) {
      const result = await renderBatch(context, batches[next++]!);
      total.bytes += result.bytes;
      total.problems.push(...result.problems);
      // The threads' answers are taken between two batches.
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  const threadsCode = fileURLToPath(new URL("./render-worker.cjs", import.meta.url));
  const caches = Array.from({ length: threads }, () => new MessageChannel());
  const workers = caches.map(({ port2 }) => {
    // Run from V8's code cache, as the CLI is (src/code-cache-thread.js).
    const workerData = { file: threadsCode, cacheFile: threadsCode.replace(/\.cjs$/, ".v8cache"), requireFrom: path.join(TOOL_ROOT, "src", "cli.ts"), cachePort: port2 };
    return new Worker(path.join(TOOL_ROOT, "src", "code-cache-thread.js"), { workerData, transferList: [port2] });
  });
  for (const worker of workers) worker.once("message", () => (started = true));
  try {
    // A thread that fails stops the others' next batches and this thread's help too (failure).
    const failed = (error: unknown) => void (failure ??= error);
    await Promise.all([...workers.map((worker) => run(worker).catch(failed)), helpMeanwhile().catch(failed)]);
    // One thread writes the code cache it ran without (the first build, or another Node.js), now that it has compiled what rendering runs.
    if (failure === undefined) await savedCodeCache(workers[0]!, caches[0]!.port1);
  } finally {
    for (const { port1 } of caches) port1.close();
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  if (failure !== undefined) throw failure;
  return total;
}

/** Asks a render thread to write its code cache (nothing when it ran from one), and waits until it has, or has ended. */
function savedCodeCache(worker: Worker, port: MessagePort): Promise<void> {
  // A thread that has ended (its threadId is then -1) answers nothing, nor does its side of the port.
  if (worker.threadId === -1) return Promise.resolve();
  return new Promise((resolve) => {
    port.once("message", () => resolve());
    port.once("close", () => resolve());
    worker.once("exit", () => resolve());
    port.postMessage("save");
  });
}
