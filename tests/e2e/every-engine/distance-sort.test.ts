import { expect, it } from "vitest";
import { haversineKm } from "../../../src/routes/distance.ts";
import { forEachEngine, RIVERSIDE, type EnginePage } from "../../helpers/engines/index.ts";
import { pageErrors, scriptsSettled } from "../../helpers/engines/page-reads.ts";

// The distance sort in Chromium, Firefox and WebKit, with the position granted, denied, or asked
// for from the control. Firefox and Chromium answer with their own test position; WebKitGTK has
// no way to give one (see helpers/engines/webkit.ts), so its pages get a stand-in.

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

  it("granted: sorts on load without a control, on /service-areas and / at 1280 px", async () => {
    const areas = await engine.open("/service-areas", { geolocation: "granted" });
    await expect.poll(async () => (await labels(areas))[0]).toBe("Riverside");
    const sorted = await labels(areas);
    expect(sorted).toHaveLength(28);
    expect(sorted).toEqual(byDistanceFrom(sorted, riverside));
    expect((await control(areas)).shown).toBe(false);
    expect(await pageErrors(areas)).toEqual([]);

    // Home: the 5 nearest of all 28 cities, not the default 5 reordered.
    const home = await engine.open("/", { geolocation: "granted" });
    await expect.poll(() => labels(home, true)).toEqual(byDistanceFrom(allCities(), riverside).slice(0, 5));
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
    await expect.poll(async () => (await labels(page))[0]).toBe("Riverside");
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
});
