import axe from "axe-core";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { servedScenario } from "../helpers/served-scenario.ts";

// A company with six services: the menu groups them under "Services", a <details> that a phone's
// menu and a desktop header both show, with and without JavaScript.
const SERVICES = ["Residential", "Commercial", "Lawn Aeration", "Mole Control", "Ground Squirrel Control", "Vole Control"];
const site = servedScenario({ fixture: "many-services" });

const open = (width: number, javaScriptEnabled = true): Promise<Page> => site.open("/about", { viewport: { width, height: 800 }, javaScriptEnabled });

/** The group's links as shown (a closed <details> keeps its content laid out but hidden): their text, and each one's height in px. */
const shownLinks = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>(".nav-group a")].filter((a) => a.checkVisibility()).map((a) => ({ text: a.textContent, height: a.getBoundingClientRect().height })),
  );
const widest = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe("a menu of six services", { timeout: 60_000 }, () => {
  it("on a 375 px phone: the menu shows Services closed; a tap lists the six, each a full-size target, nothing wider than the screen", async () => {
    const page = await open(375);
    await page.click("[data-menu-button]");
    expect(await shownLinks(page)).toEqual([]);
    await page.click(".nav-group summary");
    const links = await shownLinks(page);
    expect(links.map((link) => link.text)).toEqual(SERVICES);
    for (const link of links) expect(link.height).toBeGreaterThanOrEqual(44);
    expect(await widest(page)).toBeLessThanOrEqual(375);
    await page.click("text=Mole Control");
    await page.waitForURL(/\/mole-control$/);
    await page.context().close();
  });

  it("without JavaScript: every link listed, the group opened by a tap on its name", async () => {
    const page = await open(375, false);
    expect(await page.locator("[data-menu-button]").isVisible()).toBe(false);
    expect(await page.locator('.site-nav a[href="/about"]').isVisible()).toBe(true);
    await page.click(".nav-group summary");
    expect((await shownLinks(page)).map((link) => link.text)).toEqual(SERVICES);
    await page.context().close();
  });

  it("at 1280 px: one header row; the group drops down over the page without moving it", async () => {
    const page = await open(1280);
    const header = () => page.evaluate(() => document.querySelector(".site-header")!.getBoundingClientRect().height);
    const closed = await header();
    expect(closed).toBeLessThan(80);
    await page.click(".nav-group summary");
    expect((await shownLinks(page)).map((link) => link.text)).toEqual(SERVICES);
    expect(await header()).toBe(closed);
    expect(await widest(page)).toBeLessThanOrEqual(1280);
    await page.context().close();
  });

  for (const width of [375, 1280]) {
    it(`has no accessibility violation (axe-core) with the group open, at ${width} px`, async () => {
      const page = await open(width);
      if (width < 1024) await page.click("[data-menu-button]");
      await page.click(".nav-group summary");
      await page.addScriptTag({ content: axe.source });
      const results = await page.evaluate(() => (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ["violations"] }));
      expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
      await page.context().close();
    });
  }
});
