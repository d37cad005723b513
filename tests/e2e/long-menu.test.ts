import { describe, expect, it } from "vitest";
import { servedScenario } from "../helpers/served-scenario.ts";

// A main menu longer than the header row (tests/fixtures/local-facts: two pages of the owner's own
// in it, named in Spanish too) wraps to a second line; the page is never wider than the screen.
const site = servedScenario({ fixture: "local-facts", build: { today: "2026-12-01" } });

describe("a long main menu (Chromium)", { timeout: 60_000 }, () => {
  for (const width of [1024, 1280, 1440, 1920]) {
    for (const address of ["/", "/es"]) {
      it(`${address} at ${width} px: nothing wider than the screen, every link of the menu shown`, async () => {
        const page = await site.open(address, { viewport: { width, height: 800 } });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        const links = page.locator(".site-nav > ul > li > a");
        expect(await links.count()).toBe(8);
        for (const link of await links.all()) {
          const box = (await link.boundingBox())!;
          expect(box.x + box.width, await link.textContent() ?? "").toBeLessThanOrEqual(width);
        }
        await page.context().close();
      });
    }
  }
});
