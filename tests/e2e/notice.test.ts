import axe from "axe-core";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addHoursAndNotice } from "../helpers/hours-site.ts";
import { servedScenario } from "../helpers/served-scenario.ts";

// A notice above the header, an emergency line and "Open 24/7" in the footer, as a phone and a
// desktop show them: nothing wider than the screen, the header still at the top once scrolled, no
// accessibility violation. On the small fixture (English and Spanish), open 24/7 with a notice.
const site = servedScenario({ fixture: "small", prepare: addHoursAndNotice, build: { today: "2026-12-01" } });

// Reduced motion: no section is faded out waiting for a scroll, so axe checks all of them.
const open = (pagePath: string, width: number): Promise<Page> => site.open(pagePath, { viewport: { width, height: 800 }, reducedMotion: "reduce" });

describe("a page with a notice, an emergency line and 24/7 hours", () => {
  for (const width of [375, 1280]) {
    for (const pagePath of ["/", "/es/control-de-tuzas-residencial"]) {
      it(`at ${width} px (${pagePath}): the notice first and whole, the footer's lines, nothing overflowing, no axe violation`, async () => {
        const page = await open(pagePath, width);
        try {
          const layout = await page.evaluate(() => {
            const notice = document.querySelector(".site-notice")!.getBoundingClientRect();
            const header = document.querySelector(".site-header")!.getBoundingClientRect();
            return { scrollWidth: document.documentElement.scrollWidth, noticeTop: notice.top, noticeBottom: notice.bottom, headerTop: header.top };
          });
          expect(layout.scrollWidth).toBeLessThanOrEqual(width);
          expect(layout.noticeTop).toBe(0);
          expect(layout.headerTop).toBe(layout.noticeBottom);
          expect(await page.getByRole("region", { name: pagePath === "/" ? "Announcement" : "Aviso" }).isVisible()).toBe(true);
          await expect(page.locator(".site-footer").getByRole("link", { name: "(951) 555-0199" }).getAttribute("href")).resolves.toBe("tel:+19515550199");
          // Scrolled down, the notice has gone up with the page and the header is at the top.
          await page.mouse.wheel(0, 1200);
          await page.waitForFunction(() => window.scrollY > 0);
          expect(await page.evaluate(() => document.querySelector(".site-header")!.getBoundingClientRect().top)).toBe(0);
          await page.addScriptTag({ content: axe.source });
          const results = await page.evaluate(() => (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ["violations"] }));
          expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
        } finally {
          await page.context().close();
        }
      }, 60_000);
    }
  }
});
