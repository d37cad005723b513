import type { EnginePage } from "./types.ts";

/** What the behaviour tests read from a page, the same in every engine. */

/** Uncaught errors and rejections of the page's scripts (recorded by ERROR_RECORDER). */
export const pageErrors = (page: EnginePage) => page.evaluate(() => (window as unknown as { __pageErrors?: string[] }).__pageErrors ?? ["the error recorder did not run"]);
