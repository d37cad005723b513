import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";

/**
 * Blocks the same on many pages (the header, the footer with the modal, and the steps, reviews and
 * call to action of 10,000 city pages) are rendered once per build and thread: templates wrap them
 * in <Reuse> (templates/sections/reuse.tsx), which asks this registry for a slot to put in the page
 * and tells it how to render the block. After the page, each new block is rendered on its own and
 * kept, and every slot gets its block's HTML. Rendered on its own, a block never adds preload links
 * to the page's head, whether or not it is the first: every page comes out the same however the
 * pages are shared among threads.
 */
export interface ReuseRegistry {
  /** The element that stands for the block with this key in the page; `render` is called if the block is not kept yet. */
  use(key: string, render: () => ReactElement): ReactElement;
}

export interface ReuseStore {
  /** Given to the templates' Document, which makes it available to every <Reuse> of the page. */
  registry: ReuseRegistry;
  /**
   * The page with every slot filled; `own` has only the blocks first rendered for this page
   * (the others' links were checked with the page they were first rendered for).
   */
  fill(html: string): { html: string; own: string };
}

/** The element that stands where a kept block goes; only this module writes and replaces it. */
const SLOT = "gopher-site-reused";
/** The wrapper that separates a block from what React hoists before it (preload links). */
const BLOCK = "gopher-site-block";
const HOISTED_IMAGE_PRELOADS = /^(?:<link rel="preload" as="image"[^>]*\/>)*$/;

export function createReuseStore(): ReuseStore {
  const ids = new Map<string, string>();
  const kept = new Map<string, string>();
  const pending = new Map<string, () => ReactElement>();
  return {
    registry: {
      use(key, render) {
        let id = ids.get(key);
        if (id === undefined) {
          id = String(ids.size + 1);
          ids.set(key, id);
        }
        if (!kept.has(id)) pending.set(id, render);
        return createElement(SLOT, { "data-id": id });
      },
    },
    fill(html) {
      const fresh = new Set<string>();
      for (const [id, render] of pending) {
        const rendered = renderToStaticMarkup(createElement(BLOCK, null, render()));
        const start = rendered.indexOf(`<${BLOCK}>`);
        // React puts what a block hoists to the head before it: image preloads are dropped (the
        // same on every page); anything else (a title, a script) would be lost, so it is refused.
        if (!HOISTED_IMAGE_PRELOADS.test(rendered.slice(0, start))) {
          throw new Error(`a block inside <Reuse> puts elements into the page's head (${rendered.slice(0, Math.min(start, 80))}); render it without <Reuse>`);
        }
        kept.set(id, rendered.slice(start + BLOCK.length + 2, rendered.lastIndexOf(`</${BLOCK}>`)));
        fresh.add(id);
      }
      pending.clear();
      const open = `<${SLOT} data-id="`;
      const close = `</${SLOT}>`;
      if (!html.includes(open)) return { html, own: html };
      const out: string[] = [];
      const own: string[] = [];
      let at = 0;
      for (let next = html.indexOf(open); next >= 0; next = html.indexOf(open, at)) {
        out.push(html.slice(at, next));
        own.push(html.slice(at, next));
        const idStart = next + open.length;
        const id = html.slice(idStart, html.indexOf('"', idStart));
        const block = kept.get(id) ?? "";
        out.push(block);
        if (fresh.has(id)) own.push(block);
        at = html.indexOf(close, idStart) + close.length;
      }
      out.push(html.slice(at));
      own.push(html.slice(at));
      return { html: out.join(""), own: own.join("") };
    },
  };
}
