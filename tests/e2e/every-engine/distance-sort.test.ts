import { expect, it } from "vitest";
import { haversineKm } from "../../../src/routes/distance.ts";
import { forEachEngine, RIVERSIDE, type EnginePage } from "../../helpers/engines/index.ts";
import { pageErrors, scriptsSettled } from "../../helpers/engines/page-reads.ts";
import { editProjectFile } from "../../helpers/sample-site.ts";

// The distance sort in Chromium, Firefox and WebKit, with the position granted, denied, or asked
// for from the control. Firefox and Chromium answer with their own test position; WebKitGTK has
// no way to give one (see helpers/engines/webkit.ts), so its pages get a stand-in. On the small
// fixture, its home page showing the 2 nearest of its 4 towns: the 2 nearest the test position
// (Riverside, north of them all) are the other 2.

/** The home page shows the 2 nearest towns (the fixture's 5 would be all of them), in both languages. */
async function twoNearestOnHome(dir: string): Promise<void> {
  for (const file of ["content/pages/home.yaml", "content/es/pages/home.yaml"]) {
    await editProjectFile(dir, file, (text) => text.replace(/^( {2}count:) 5$/m, "$1 2"));
  }
}

const labels = (page: EnginePage, visibleOnly = false) =>
  page.evaluate(
    (visibleOnly) => [...document.querySelectorAll<HTMLElement>("[data-distance-sort] li")].filter((li) => !visibleOnly || !li.hidden).map((li) => li.textContent!.trim()),
    visibleOnly,
  );
const control = (page: EnginePage) =>
  page.evaluate(() => {
    const button = document.querySelector<HTMLButtonElement>("[data-sort-control]")!;
    return { shown: button.getClientRects().length > 0, text: button.textContent, disabled: button.disabled };
  });

forEachEngine((engine) => {
  const site = () => engine.site.sample.site;
  const byDistanceFrom = (names: string[], from: { lat: number; lng: number }) => {
    const places = [...site().cities, ...site().townsWithoutPage];
    const where = (label: string) => places.find((p) => label === p.name || label.startsWith(`${p.name} `))!;
    return [...names].sort((a, b) => haversineKm(from, where(a)) - haversineKm(from, where(b)));
  };
  const riverside = { lat: RIVERSIDE.latitude, lng: RIVERSIDE.longitude };
  const allCities = () => site().cities.map((city) => city.name);
  /** The town nearest the test position: first once sorted, and never first in the default order. */
  const nearestRiverside = () => {
    const nearest = byDistanceFrom(allCities(), riverside)[0]!;
    expect(nearest, "the default order starts elsewhere").not.toBe(byDistanceFrom(allCities(), site().defaultLocation)[0]);
    return nearest;
  };

  it("granted: sorts on load without a control, on /service-areas and / at 1280 px", async () => {
    const areas = await engine.open("/service-areas", { geolocation: "granted" });
    await expect.poll(async () => (await labels(areas))[0]).toBe(nearestRiverside());
    const sorted = await labels(areas);
    expect(sorted).toHaveLength(allCities().length);
    expect(sorted).toEqual(byDistanceFrom(sorted, riverside));
    expect((await control(areas)).shown).toBe(false);
    expect(await pageErrors(areas)).toEqual([]);

    // Home: the nearest of all the cities, not the default ones reordered.
    const shown = engine.site.sample.copy.home.cities.count;
    const nearest = byDistanceFrom(allCities(), riverside).slice(0, shown);
    expect(shown).toBeLessThan(allCities().length);
    expect(new Set(nearest)).not.toEqual(new Set(byDistanceFrom(allCities(), site().defaultLocation).slice(0, shown)));
    const home = await engine.open("/", { geolocation: "granted" });
    await expect.poll(() => labels(home, true)).toEqual(nearest);
    expect(await pageErrors(home)).toEqual([]);
  });

  it("undecided: never asks on load, shows the control, and sorts once the visitor allows it, on /service-areas at 1280 px", async () => {
    const page = await engine.open("/service-areas", { geolocation: "allow-at-prompt" });
    await scriptsSettled(page);
    const before = await labels(page);
    expect(before[0]).toBe("Temecula");
    expect(before).toEqual(byDistanceFrom(before, site().defaultLocation));
    expect(await control(page)).toEqual({ shown: true, text: engine.site.sample.copy.chrome.sort.button, disabled: false });

    await page.click("[data-sort-control]");
    await expect.poll(async () => (await labels(page))[0]).toBe(nearestRiverside());
    expect(await labels(page)).toEqual(byDistanceFrom(before, riverside));
    expect(await control(page)).toMatchObject({ text: engine.site.sample.copy.chrome.sort.sorted, disabled: true });
    expect(await pageErrors(page)).toEqual([]);
  });

  it("blocked at the prompt: hides the control and keeps the default order, on /service-areas at 1280 px", async () => {
    const page = await engine.open("/service-areas", { geolocation: "block-at-prompt" });
    await scriptsSettled(page);
    expect((await control(page)).shown).toBe(true);
    await page.click("[data-sort-control]");
    await expect.poll(async () => (await control(page)).shown).toBe(false);
    const shown = await labels(page);
    expect(shown[0]).toBe("Temecula");
    expect(shown).toEqual(byDistanceFrom(shown, site().defaultLocation));
    expect(await pageErrors(page)).toEqual([]);
  });
}, { fixture: "small", prepare: twoNearestOnHome });
