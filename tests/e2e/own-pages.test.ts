import axe from "axe-core";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { servedScenario } from "../helpers/served-scenario.ts";

// Pages of the owner's own in Chromium: a financing page (price table, cards with a link, FAQ, call
// to action) in the menu and a team page (members, a before/after gallery) in the footer.
const site = servedScenario({ fixture: "own-pages" });

// Reduced motion: no section is faded out waiting for a scroll, so axe checks all of them.
const open = (address: string, width: number): Promise<Page> => site.open(address, { viewport: { width, height: 800 }, reducedMotion: "reduce" });

describe("own pages in a browser", { timeout: 60_000 }, () => {
  for (const width of [375, 1280]) {
    for (const address of ["/financing", "/our-team"]) {
      it(`${address} at ${width} px: nothing wider than the screen, no accessibility violation (axe-core)`, async () => {
        const page = await open(address, width);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.addScriptTag({ content: axe.source });
        const results = await page.evaluate(() => (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ["violations"] }));
        expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
        await page.context().close();
      });
    }
  }

  it("at 1280 px the menu with its own page stays one header row", async () => {
    const page = await open("/our-team", 1280);
    expect(await page.locator('.site-nav a[href="/financing"]').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.querySelector(".site-header")!.getBoundingClientRect().height)).toBeLessThan(80);
    await page.context().close();
  });
});
