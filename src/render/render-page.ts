import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { AssetsView, ChromeView, PageData } from "../routes/page-props.ts";
import type { Templates } from "./load-templates.ts";
import type { ReuseStore } from "./reuse.ts";

export class RenderError extends Error {
  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
    this.name = "RenderError";
  }
}

/** The shared chrome rendered once per templates, chrome and assets (one build, or one worker). */
const sharedChromeCache = new WeakMap<ChromeView, { templates: Templates; assets: AssetsView; html: string }>();

function sharedChromeHtml(templates: Templates, chrome: ChromeView, assets: AssetsView, head: PageData["head"]): string | undefined {
  if (!templates.SharedChrome || !templates.SHARED_CHROME_SLOT) return undefined;
  const cached = sharedChromeCache.get(chrome);
  if (cached && cached.templates === templates && cached.assets === assets) return cached.html;
  // Rendered inside a whole Document, so it sees the same context (icon sprite) as the pages do,
  // then cut out of it: everything between the end of <main> and the end of <body>.
  const probe = renderToStaticMarkup(createElement(templates.Document, { head, chrome, assets, children: null, sharedChromeSlot: false }));
  const start = probe.indexOf("</main>");
  const end = probe.lastIndexOf("</body>");
  if (start < 0 || end < start) return undefined;
  const html = probe.slice(start + "</main>".length, end);
  sharedChromeCache.set(chrome, { templates, assets, html });
  return html;
}

/** A rendered page: its document, and the parts of it that are its own (without the shared chrome). */
export interface PageParts {
  html: string;
  /** The page's own markup, for checks that need not see the shared chrome again on every page. */
  own: string;
  /** The shared chrome spliced into it, if any. */
  shared?: string;
}

/** Renders one page to a complete HTML document. Errors name the route and the template. */
export function renderPage(templates: Templates, page: PageData, chrome: ChromeView, assets: AssetsView): string {
  return renderPageParts(templates, page, chrome, assets).html;
}

/**
 * Renders one page, splicing in the shared chrome rendered once per build and, given a reuse
 * store, the blocks kept from earlier pages (src/render/reuse.ts).
 */
export function renderPageParts(templates: Templates, page: PageData, chrome: ChromeView, assets: AssetsView, reuse?: ReuseStore): PageParts {
  const Page = templates.pages[page.template];
  try {
    const shared = sharedChromeHtml(templates, chrome, assets, page.head);
    const body = createElement(Page, { ...page, chrome, assets });
    let document: ReactElement = createElement(templates.Document, { head: page.head, chrome, assets, children: body, sharedChromeSlot: shared !== undefined });
    if (reuse && templates.ReuseContext) document = createElement(templates.ReuseContext.Provider, { value: reuse.registry }, document);
    const rendered = `<!DOCTYPE html>${renderToStaticMarkup(document)}`;
    const { html, own } = reuse && templates.REUSE_SLOT ? reuse.fill(rendered, templates.REUSE_SLOT) : { html: rendered, own: rendered };
    if (shared === undefined) return { html, own };
    const slot = `<${templates.SHARED_CHROME_SLOT}></${templates.SHARED_CHROME_SLOT}>`;
    const at = html.indexOf(slot);
    if (at < 0) return { html, own };
    const ownAt = own.indexOf(slot);
    return { html: html.slice(0, at) + shared + html.slice(at + slot.length), own: own.slice(0, ownAt) + own.slice(ownAt + slot.length), shared };
  } catch (error) {
    const file = templates.templateFiles[page.template];
    const reason = error instanceof Error ? error.message : String(error);
    throw new RenderError(`could not render ${page.path} with ${file}: ${reason}`, { cause: error });
  }
}
