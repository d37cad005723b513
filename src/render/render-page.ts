import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { AssetsView, ChromeView, PageData } from "../routes/page-props.ts";
import type { Templates } from "./load-templates.ts";
import type { ReuseStore } from "./reuse.ts";
import type { Localize } from "../routes/languages.ts";
import { PAGE_KINDS } from "../page-kinds.ts";
import { RenderError } from "../errors.ts";

/** An error as a render thread sends it to the main thread: what reportFailure prints, stacks included. */
export interface SentError {
  name: string;
  message: string;
  stack?: string;
  cause?: SentError;
}

/** An error thrown in a render thread, for postMessage. */
export function sendError(error: unknown): SentError {
  if (!(error instanceof Error)) return { name: "Error", message: String(error) };
  return { name: error.name, message: error.message, stack: error.stack, cause: error.cause === undefined ? undefined : sendError(error.cause) };
}

/** The error a render thread sent, as it was thrown there: a RenderError stays one, and every stack is the thread's. */
export function receiveError(sent: SentError): Error {
  const cause = sent.cause === undefined ? undefined : receiveError(sent.cause);
  const error = sent.name === "RenderError" ? new RenderError(sent.message, { cause }) : new Error(sent.message, { cause });
  error.name = sent.name;
  if (sent.stack !== undefined) error.stack = sent.stack;
  return error;
}

/**
 * Renders one page to a complete HTML document; given a reuse store, the blocks in <Reuse> come
 * from it (src/render/reuse.ts), and `own` leaves out those first rendered for an earlier page.
 * `localize` is given to the templates (a page of another language than the default), which call
 * it on every link to a page of the site. Errors name the route and the template.
 */
export function renderPage(templates: Templates, page: PageData, chrome: ChromeView, assets: AssetsView, reuse?: ReuseStore, localize?: Localize): { html: string; own: string } {
  const Page = templates.pages[page.template];
  try {
    const body = createElement(Page, { ...page, chrome, assets });
    const html = `<!DOCTYPE html>${renderToStaticMarkup(createElement(templates.Document, { head: page.head, chrome, assets, reuse: reuse?.registry, localize, children: body }))}`;
    return reuse ? reuse.fill(html) : { html, own: html };
  } catch (error) {
    const file = PAGE_KINDS[page.template].template;
    const reason = error instanceof Error ? error.message : String(error);
    throw new RenderError(`could not render ${page.path} with ${file}: ${reason}`, { cause: error });
  }
}
