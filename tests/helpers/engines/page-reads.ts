import type { EnginePage } from "./types.ts";

/** What the behaviour tests read from a page, the same in every engine. */

/** Uncaught errors and rejections of the page's scripts (recorded by ERROR_RECORDER). */
export const pageErrors = (page: EnginePage) => page.evaluate(() => (window as unknown as { __pageErrors?: string[] }).__pageErrors ?? ["the error recorder did not run"]);

/**
 * Waits until the page's scripts have run and what they start on arrival has answered: the main
 * script marks the dialog enhanced; the distance sort's permission query has its answer (ours,
 * asked after it, comes back after it); observers have had their first callbacks (after the next
 * rendering). A "nothing happened" check asserts after this, never after a fixed sleep.
 */
export const scriptsSettled = (page: Pick<EnginePage, "evaluate">) =>
  page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (let i = 0; !document.querySelector("[data-callback-modal][data-enhanced]"); i++) {
      if (i > 600) throw new Error("the page's scripts did not run (the dialog never became enhanced)");
      await frame();
    }
    await navigator.permissions?.query({ name: "geolocation" }).catch(() => undefined);
    await frame();
    await frame();
  });

/** Which FAQ items are open, in order. */
export const accordionStates = (page: EnginePage) =>
  page.evaluate(() => [...document.querySelectorAll<HTMLDetailsElement>("[data-accordion] details")].map((d) => d.open));

/** Numbers the FAQ's summaries (`[data-faq="0"]`, ...) so that a test can click them, and optionally strips `name`. */
export const markFaq = (page: EnginePage, withoutName: boolean) =>
  page.evaluate((withoutName) => {
    document.querySelectorAll("[data-accordion] details").forEach((details, index) => {
      if (withoutName) details.removeAttribute("name");
      details.querySelector("summary")!.setAttribute("data-faq", String(index));
    });
  }, withoutName);
