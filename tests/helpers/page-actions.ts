import type { Page } from "playwright-core";
import { expect } from "vitest";
import { scriptsSettled } from "./engines/page-reads.ts";

/** What the browser tests do and read on a page, shared by the English and Spanish suites. */

export { RIVERSIDE } from "./engines/types.ts";

export const dialogOpen = (page: Page) => page.evaluate(() => document.querySelector<HTMLDialogElement>("[data-callback-modal]")!.open);

/** Clicks the first opener of the page (the hero's quote button) and waits for the dialog. */
export async function openFromHero(page: Page) {
  await page.locator("main [data-callback-open]").first().click();
  await expect.poll(() => dialogOpen(page)).toBe(true);
}

/** Dispatches a `message` event on window, as a cross-origin frame's postMessage arrives. */
export function postMessage(page: Page, origin: string, data: unknown) {
  return page.evaluate(([origin, data]) => window.dispatchEvent(new MessageEvent("message", { origin: origin as string, data })), [origin, data] as const);
}

/** Waits until the page's scripts ran and what they start on arrival answered (see scriptsSettled): then "nothing happened" can be asserted. */
export const settled = (page: Page) => scriptsSettled({ evaluate: (fn, arg) => page.evaluate(fn as never, arg) as never });
