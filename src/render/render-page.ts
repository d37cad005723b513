import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { AssetsView, ChromeView, PageData } from "../routes/page-props.ts";
import type { Templates } from "./load-templates.ts";
import type { ReuseStore } from "./reuse.ts";
import type { Localize } from "../routes/languages.ts";
import { PAGE_KINDS } from "../page-kinds.ts";
import { RenderError } from "../errors.ts";

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
