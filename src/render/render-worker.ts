import { parentPort } from "node:worker_threads";
import type { AssetsView, ChromeView, PageData } from "../routes/page-props.ts";
import { createLinkChecker, type LinkCheckerInit } from "./check-links.ts";
import { loadTemplatesModule } from "./load-templates.ts";
import { renderBatch, type LanguageRender, type RenderBatchContext } from "./render-batch.ts";
import { sendError, type SentError } from "./render-page.ts";

/** What a render worker is told first; it then receives batches of pages. */
export interface RenderWorkerInit {
  templatesFile: string;
  chrome: ChromeView;
  assets: AssetsView;
  languages?: Readonly<Record<string, LanguageRender>>;
  links: LinkCheckerInit;
  /** Send the rendered pages back to be written (the main thread writes; `check` writes nothing). */
  returnPages: boolean;
}

export type WorkerReply =
  | { id: number; bytes: number; problems: import("../errors.ts").Problem[]; pages?: Array<[file: string, html: string]> }
  | { id: number; error: SentError };

type Message = { init: RenderWorkerInit } | { id: number; pages: PageData[] };

const rendered: Array<[file: string, html: string]> = [];
let context: RenderBatchContext | undefined;

parentPort!.on("message", async (message: Message) => {
  if ("init" in message) {
    const { init } = message;
    // The main thread writes: "written" here is handed back with the batch's reply.
    const writer = init.returnPages
      ? { write: (file: string, html: string) => void rendered.push([file, html]), flush: async () => {}, unfinished: 0 }
      : undefined;
    context = { templates: loadTemplatesModule(init.templatesFile), chrome: init.chrome, assets: init.assets, languages: init.languages, links: createLinkChecker(init.links), writer };
    return;
  }
  const { id, pages } = message;
  try {
    const result = await renderBatch(context!, pages);
    parentPort!.postMessage({ id, ...result, pages: rendered.splice(0) } satisfies WorkerReply);
  } catch (error) {
    rendered.length = 0;
    parentPort!.postMessage({ id, error: sendError(error) } satisfies WorkerReply);
  }
});
