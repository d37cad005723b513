import { expect, it } from "vitest";
import { haversineKm } from "../../../src/routes/distance.ts";
import { forEachEngine, type EnginePage } from "../../helpers/engines/index.ts";
import { editProjectFile } from "../../helpers/sample-site.ts";

// With scripting off, in Chromium, Firefox and WebKit: every page's text and links are there and
// visible, the FAQ and the call-back dialog work from the HTML and CSS alone. On the small fixture,
// its home page showing the 2 nearest of its 4 towns.

/** The home page shows the 2 nearest towns (the fixture's 5 would be all of them), in both languages. */
async function twoNearestOnHome(dir: string): Promise<void> {
  for (const file of ["content/pages/home.yaml", "content/es/pages/home.yaml"]) {
    await editProjectFile(dir, file, (text) => text.replace(/^( {2}count:) 5$/m, "$1 2"));
  }
}

/** Whether each element matching `selector` is rendered and not faded out (the scroll reveal must never hide it). */
const shown = (page: EnginePage, selector: string) =>
  page.evaluate(
    (selector) =>
      [...document.querySelectorAll(selector)].map((el) => {
        const style = getComputedStyle(el);
        return el.getClientRects().length > 0 && style.visibility !== "hidden" && style.opacity === "1";
      }),
    selector,
  );

forEachEngine((engine) => {
  const sample = () => engine.site.sample;
  const phoneWidth = () => Math.max(375, engine.minWidth);
  const noScript = (path: string) => engine.open(path, { javaScript: false, width: phoneWidth(), height: 740 });

  it("shows every city page's heading, neighborhoods and nearby links, at the phone width", async () => {
    const cities = sample().site.cities;
    const withPage = new Set(cities.map((c) => c.slug));
    // Nearby links of both kinds are checked: to a town's page and, for a town without one, to /service-areas.
    expect(cities.flatMap((c) => c.nearby).some((slug) => withPage.has(slug))).toBe(true);
    expect(cities.flatMap((c) => c.nearby).some((slug) => !withPage.has(slug))).toBe(true);
    const page = await noScript("/about");
    expect(await page.evaluate(() => document.querySelector("[data-callback-modal]")!.hasAttribute("data-enhanced"))).toBe(false);
    for (const city of cities) {
      const path = `/${city.slug}-gopher-control`;
      await page.goto(path);
      const read = await page.evaluate(() => ({
        heading: document.querySelector("h1")!.textContent,
        neighborhoods: [...document.querySelectorAll(".neighborhood")].map((n) => n.textContent!.trim()),
        nearby: [...document.querySelectorAll("#nearby li a")].map((a) => a.getAttribute("href")),
      }));
      expect(read.heading, path).toContain(city.name);
      expect(read.neighborhoods, path).toEqual(city.neighborhoods);
      const expected = city.nearby.map((slug) => (withPage.has(slug) ? `/${slug}-gopher-control` : "/service-areas"));
      if (city.nearby.length < 4) expected.push("/service-areas");
      expect([...read.nearby].sort(), path).toEqual(expected.sort());
      // Every section, below the fold included, and what is in it is visible: nothing waits for a script.
      for (const selector of ["h1", ".neighborhood", "#nearby li a", "main section"]) {
        expect((await shown(page, selector)).every(Boolean), `${path} ${selector}`).toBe(true);
      }
    }
  }, 120_000);

  it("keeps the FAQ working as native disclosures, and lists the menu's links without a button, on / at the phone width", async () => {
    const page = await noScript("/");
    const open = (index: number) => page.evaluate((index) => document.querySelectorAll<HTMLDetailsElement>("[data-accordion] details")[index]!.open, index);
    await page.click("[data-accordion] summary");
    expect(await open(0)).toBe(true);
    await page.click("[data-accordion] summary");
    expect(await open(0)).toBe(false);
    expect(await shown(page, "[data-sort-control]")).toEqual([false]);
    expect(await shown(page, "[data-menu-button]")).toEqual([false]);
    expect((await shown(page, ".site-nav a")).filter(Boolean)).toHaveLength(6);
  });

  it("jumps to the call-back dialog, with its phone link, and closes it again, on / at the phone width", async () => {
    const page = await noScript("/");
    const dialogShown = () => shown(page, "dialog[data-callback-modal]").then(([one]) => one);
    expect(await dialogShown()).toBe(false);
    await page.click(".mobile-bar [data-callback-open]");
    await expect.poll(async () => new URL(await page.url()).hash).toBe("#callback-request");
    expect(await dialogShown()).toBe(true);
    expect(await shown(page, `dialog a[href="tel:${sample().site.phone.tel}"]`)).toEqual([true]);
    expect(await shown(page, 'dialog a[href="/privacy-policy"]')).toEqual([true]);
    expect(await shown(page, "dialog iframe")).toEqual([false]);
    await page.click("dialog [data-callback-close]");
    await expect.poll(dialogShown).toBe(false);
  });

  it("shows the cities in the default order, the home page's nearest, and how to opt out without the control, at the phone width", async () => {
    const { site, copy } = sample();
    const byDefault = (names: string[]) =>
      [...names].sort((a, b) => haversineKm(site.defaultLocation, site.cities.find((c) => c.name === a)!) - haversineKm(site.defaultLocation, site.cities.find((c) => c.name === b)!));
    const page = await noScript("/");
    const visibleCities = await page.evaluate(() => [...document.querySelectorAll("#cities li a")].filter((a) => a.getClientRects().length > 0).map((a) => a.textContent!.trim()));
    expect(copy.home.cities.count).toBeLessThan(site.cities.length);
    expect(visibleCities).toEqual(byDefault(site.cities.map((c) => c.name)).slice(0, copy.home.cities.count));

    await page.goto("/service-areas");
    const areas = await page.evaluate(() => [...document.querySelectorAll("[data-distance-sort] li")].map((li) => li.textContent!.trim()));
    expect(areas).toHaveLength(site.cities.length);
    expect(areas[0]).toBe("Temecula");

    await page.goto("/privacy-policy");
    expect(await shown(page, "[data-privacy-choices]")).toEqual([false]);
    expect(await shown(page, "#your-privacy-choices")).toEqual([true]);
    const text = await page.evaluate(() => document.querySelector("#your-privacy-choices")!.textContent!.replace(/\s+/g, " "));
    expect(text).toContain("Global Privacy Control");
    expect(text).toContain(site.phone.display);
    expect(text).toContain(site.email);
  });
}, { fixture: "small", prepare: twoNearestOnHome });
