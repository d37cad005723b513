import { parentPort, workerData } from "node:worker_threads";
import type { AssetsView, ChromeView, PageData } from "../routes/page-props.ts";
import { createLinkChecker, type LinkCheckerInit } from "./check-links.ts";
import { importTemplates } from "./load-templates.ts";
import { renderBatch } from "./render-batch.ts";
import { syncPageWriter } from "./page-writer.ts";

/** What a render worker is started with; it then receives batches of pages. */
export interface RenderWorkerData {
  templatesFile: string;
  chrome: ChromeView;
  assets: AssetsView;
  links: LinkCheckerInit;
  outDir?: string;
}

export type WorkerReply = { id: number; bytes: number; problems: import("../errors.ts").Problem[] } | { id: number; error: string; name: string };

const data = workerData as RenderWorkerData;
const templates = importTemplates(data.templatesFile);
const writer = data.outDir === undefined ? undefined : syncPageWriter(data.outDir);
const context = { templates, chrome: data.chrome, assets: data.assets, links: createLinkChecker(data.links), writer };

parentPort!.on("message", async ({ id, pages }: { id: number; pages: PageData[] }) => {
  try {
    const result = await renderBatch(context, pages);
    parentPort!.postMessage({ id, ...result } satisfies WorkerReply);
  } catch (error) {
    const failure = error instanceof Error ? error : new Error(String(error));
    parentPort!.postMessage({ id, error: failure.message, name: failure.name } satisfies WorkerReply);
  }
});
