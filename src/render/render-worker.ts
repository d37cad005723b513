import { parentPort, workerData } from "node:worker_threads";
import type { AssetsView, ChromeView, PageData } from "../routes/page-props.ts";
import { createLinkChecker, type LinkCheckerInit } from "./check-links.ts";
import { importTemplates } from "./load-templates.ts";
import { renderBatch } from "./render-batch.ts";

/** What a render worker is started with; it then receives batches of pages. */
export interface RenderWorkerData {
  templatesFile: string;
  chrome: ChromeView;
  assets: AssetsView;
  links: LinkCheckerInit;
  /** Send the rendered pages back to be written (the main thread writes; `check` writes nothing). */
  returnPages: boolean;
}

export type WorkerReply =
  | { id: number; bytes: number; problems: import("../errors.ts").Problem[]; pages?: Array<[file: string, html: string]> }
  | { id: number; error: string; name: string };

const data = workerData as RenderWorkerData;
const templates = importTemplates(data.templatesFile);
const rendered: Array<[file: string, html: string]> = [];
const writer = data.returnPages ? { write: (file: string, html: string) => void rendered.push([file, html]), flush: async () => {} } : undefined;
const context = { templates, chrome: data.chrome, assets: data.assets, links: createLinkChecker(data.links), writer };

parentPort!.on("message", async ({ id, pages }: { id: number; pages: PageData[] }) => {
  try {
    const result = await renderBatch(context, pages);
    parentPort!.postMessage({ id, ...result, pages: rendered.splice(0) } satisfies WorkerReply);
  } catch (error) {
    rendered.length = 0;
    const failure = error instanceof Error ? error : new Error(String(error));
    parentPort!.postMessage({ id, error: failure.message, name: failure.name } satisfies WorkerReply);
  }
});
