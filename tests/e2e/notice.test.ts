import axe from "axe-core";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, newIsolatedContext } from "../helpers/browser.ts";
import { addHoursAndNotice } from "../helpers/hours-site.ts";
import { buildProject, copySample, removeDir, serveFolder } from "../helpers/sample-site.ts";

// A notice above the header, an emergency line and "Open 24/7" in the footer, as a phone and a
// desktop show them: nothing wider than the screen, the header still at the top once scrolled, no
// accessibility violation.
let dir: string;
let server: Awaited<ReturnType<typeof serveFolder>>;
let browser: Browser;

beforeAll(async () => {
  dir = await copySample();
  await addHoursAndNotice(dir);
  await buildProject(dir, { today: "2026-12-01" });
  server = await serveFolder(path.join(dir, "dist"));
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (dir) await removeDir(dir);
});

async function open(pagePath: string, width: number): Promise<Page> {
  // Reduced motion: no section is faded out waiting for a scroll, so axe checks all of them.
  const { context } = await newIsolatedContext(browser, { viewport: { width, height: 800 }, reducedMotion: "reduce" });
  const page = await context.newPage();
  await page.goto(server.url + pagePath, { waitUntil: "load" });
  return page;
}

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
