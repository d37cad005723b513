import axe from "axe-core";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newIsolatedContext } from "../helpers/browser.ts";
import { startBuiltSite, type BuiltSite } from "../helpers/built-site.ts";
import { PAGE_TYPES } from "../helpers/page-types.ts";

let site: BuiltSite;
beforeAll(async () => {
  site = await startBuiltSite();
});
afterAll(() => site?.close());

/** axe-core's findings on one page, one line per rule and the elements it failed on. */
async function violations(browser: Browser, url: string, width: number): Promise<string[]> {
  // Reduced motion: no section is faded out waiting for a scroll, so axe checks all of them.
  const { context } = await newIsolatedContext(browser, { viewport: { width, height: 800 }, reducedMotion: "reduce" });
  try {
    const page = await context.newPage();
    await page.goto(url);
    // axe-core injected as it is: its own playwright wrapper requires Node 22.
    await page.addScriptTag({ content: axe.source });
    const results = await page.evaluate(() => (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ["violations"] }));
    return results.violations.map(
      (violation) => `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    );
  } finally {
    await context.close();
  }
}

describe("axe-core finds no accessibility violation", () => {
  for (const width of [375, 1280]) {
    for (const [type, path] of Object.entries(PAGE_TYPES)) {
      it(`on the ${type} page at ${width} px`, async () => {
        expect(await violations(site.browser, site.url + path, width)).toEqual([]);
      });
    }
  }
});
