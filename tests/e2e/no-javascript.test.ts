import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newIsolatedContext } from "../helpers/browser.ts";
import { startBuiltSite, type BuiltSite } from "../helpers/built-site.ts";
import { loadSample } from "../helpers/sample-data.ts";

let site: BuiltSite;
let sample: Awaited<ReturnType<typeof loadSample>>;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [site, sample] = await Promise.all([startBuiltSite(), loadSample()]);
  ({ context } = await newIsolatedContext(site.browser, { javaScriptEnabled: false, viewport: { width: 375, height: 740 } }));
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
  await site?.close();
});

/** Whether an element is rendered and not faded out (the scroll reveal must never hide it). */
const shown = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((els) =>
    els.map((el) => {
      const style = getComputedStyle(el);
      return el.getClientRects().length > 0 && style.visibility !== "hidden" && style.opacity === "1";
    }),
  );

describe("with JavaScript disabled", () => {
  it("shows every city page's heading, neighborhoods and nearby links", async () => {
    const withPage = new Set(sample.site.cities.map((c) => c.slug));
    expect(sample.site.cities).toHaveLength(28);
    for (const city of sample.site.cities) {
      const path = `/${city.slug}-gopher-control`;
      const response = await page.goto(site.url + path);
      expect(response!.status(), path).toBe(200);

      const heading = page.locator("h1");
      expect(await heading.isVisible(), path).toBe(true);
      expect(await heading.textContent(), path).toContain(city.name);

      const neighborhoods = await page.locator(".neighborhood").allTextContents();
      expect(neighborhoods.map((n) => n.trim()), path).toEqual(city.neighborhoods);
      expect(await shown(page, ".neighborhood"), path).toEqual(city.neighborhoods.map(() => true));

      const expected = city.nearby.map((slug) => (withPage.has(slug) ? `/${slug}-gopher-control` : "/service-areas"));
      if (city.nearby.length < 4) expected.push("/service-areas");
      const links = page.locator("#nearby li a");
      expect((await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")))).sort(), path).toEqual(expected.sort());
      expect(await shown(page, "#nearby li a"), path).toEqual(expected.map(() => true));

      // Every section, below the fold included, is visible: nothing waits for a script.
      expect((await shown(page, "main section")).every(Boolean), path).toBe(true);
    }
    // 28 page loads: on a loaded CI machine each may take a second or more.
  }, 120_000);

  it("keeps the FAQ working as native disclosures", async () => {
    await page.goto(`${site.url}/`);
    const summaries = page.locator("[data-accordion] summary");
    await summaries.nth(0).click();
    expect(await page.locator("[data-accordion] details").nth(0).evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    await summaries.nth(0).click();
    expect(await page.locator("[data-accordion] details").nth(0).evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    expect(await page.locator("[data-sort-control]").isVisible()).toBe(false);
  });

  it("jumps to the call-back dialog, with its phone link, and closes it again", async () => {
    await page.goto(`${site.url}/`);
    const dialog = page.locator("dialog[data-callback-modal]");
    expect(await dialog.isVisible()).toBe(false);
    await page.locator(".mobile-bar [data-callback-open]").click();
    expect(new URL(page.url()).hash).toBe("#callback-request");
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.locator(`a[href="tel:${sample.site.phone.tel}"]`).isVisible()).toBe(true);
    expect(await dialog.locator('a[href="/privacy-policy"]').isVisible()).toBe(true);
    expect(await dialog.locator("iframe").isVisible()).toBe(false);
    await dialog.locator("[data-callback-close]").click();
    expect(await dialog.isVisible()).toBe(false);
  });
});
