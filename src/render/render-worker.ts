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
  | { id: number; bytes: number; problems: import("../errors.ts").Problem[]; pages?: EncodedPages }
  | { id: number; error: SentError };

/**
 * A batch's pages encoded here, in UTF-8, into one buffer that is handed over, not copied: the
 * thread that writes them neither encodes nor copies 15 KB of text per page.
 */
export interface EncodedPages {
  files: string[];
  /** Where each page ends in `data`; the first starts at 0, each next one where the last ended. */
  ends: number[];
  data: Uint8Array;
}

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
    const encoded = encodePages(rendered.splice(0));
    parentPort!.postMessage({ id, ...result, pages: encoded } satisfies WorkerReply, [encoded.data.buffer]);
  } catch (error) {
    rendered.length = 0;
    parentPort!.postMessage({ id, error: sendError(error) } satisfies WorkerReply);
  }
});

const encoder = new TextEncoder();

function encodePages(pages: Array<[file: string, html: string]>): EncodedPages & { data: Uint8Array<ArrayBuffer> } {
  const data = new Uint8Array(pages.reduce((sum, [, html]) => sum + Buffer.byteLength(html), 0));
  const ends: number[] = [];
  let end = 0;
  for (const [, html] of pages) {
    end += encoder.encodeInto(html, data.subarray(end)).written;
    ends.push(end);
  }
  return { files: pages.map(([file]) => file), ends, data };
}
