import { expect, it } from "vitest";
import { forEachEngine, type EnginePage } from "../../helpers/engines/index.ts";
import { accordionStates, markFaq, pageErrors } from "../../helpers/engines/page-reads.ts";

// The header's menu, the FAQ accordion and the language switcher in Chromium, Firefox and WebKit.

const menu = (page: EnginePage) =>
  page.evaluate(() => {
    const button = document.querySelector("[data-menu-button]")!;
    return {
      expanded: button.getAttribute("aria-expanded"),
      focused: document.activeElement === button,
      links: [...document.querySelectorAll(".site-nav a")].filter((a) => a.getClientRects().length > 0).length,
    };
  });

forEachEngine((engine) => {
  const chrome = () => engine.site.sample.copy.chrome;

  it(`menu: a disclosure button, opened and closed by click, Enter, Space, Escape and a tap outside, on /about at ${engine.minWidth} px`, async () => {
    const page = await engine.open("/about", { width: engine.minWidth });
    expect(await page.evaluate(() => document.querySelector("[data-menu-button]")!.getAttribute("aria-controls") === document.querySelector(".site-nav")!.id)).toBe(true);
    expect(await menu(page)).toEqual({ expanded: "false", focused: false, links: 0 });

    await page.click("[data-menu-button]");
    expect(await menu(page)).toMatchObject({ expanded: "true", links: 6 });
    expect(await page.evaluate(() => document.querySelector('.site-nav a[aria-current="page"]')?.textContent)).toBe(chrome().nav.about);

    await page.press("Escape");
    expect(await menu(page)).toEqual({ expanded: "false", focused: true, links: 0 });
    await page.press("Enter");
    expect(await menu(page)).toMatchObject({ expanded: "true", links: 6 });
    await page.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.closest(".site-nav") != null)).toBe(true);
    await page.evaluate(() => document.querySelector<HTMLElement>("[data-menu-button]")!.focus());
    await page.press("Space");
    expect(await menu(page)).toMatchObject({ expanded: "false", links: 0 });

    await page.click("[data-menu-button]");
    await page.click("main h1");
    expect(await menu(page)).toMatchObject({ expanded: "false", links: 0 });
    expect(await pageErrors(page)).toEqual([]);
  });

  it("menu: no button and every link from 1024 px, on /about at 1024 px", async () => {
    const page = await engine.open("/about", { width: 1024 });
    expect(await page.evaluate(() => document.querySelector("[data-menu-button]")!.getClientRects().length)).toBe(0);
    expect((await menu(page)).links).toBe(6);
  });

  // Every engine here has exclusive `<details name>`; without `name` (older browsers) the script keeps one open.
  for (const [path, withoutName] of [["/", false], ["/", true], ["/es", true]] as const) {
    it(`FAQ: one item open at a time${withoutName ? " by the script alone (no name attribute)" : ""}, by mouse and keyboard, on ${path} at 1280 px`, async () => {
      const page = await engine.open(path);
      await markFaq(page, withoutName);
      expect((await accordionStates(page)).some(Boolean)).toBe(false);
      await page.click('[data-faq="0"]');
      expect((await accordionStates(page)).slice(0, 3)).toEqual([true, false, false]);
      await page.click('[data-faq="1"]');
      await expect.poll(async () => (await accordionStates(page)).slice(0, 3)).toEqual([false, true, false]);
      await page.click('[data-faq="1"]');
      expect((await accordionStates(page)).some(Boolean)).toBe(false);

      await page.evaluate(() => document.querySelector<HTMLElement>('[data-faq="2"]')!.focus());
      await page.press("Enter");
      expect((await accordionStates(page)).slice(0, 3)).toEqual([false, false, true]);
      await page.press("Shift+Tab");
      expect(await page.evaluate(() => document.activeElement?.getAttribute("data-faq"))).toBe("1");
      // Chromium now and then left a Space pressed right after Shift+Tab without effect (the
      // summary had the focus and never toggled; not reproduced with a pause between the two keys,
      // cause not found): two frames between them keep this a test of the accordion.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      await page.press("Space");
      await expect.poll(async () => (await accordionStates(page)).slice(0, 3), { timeout: 3000 }).toEqual([false, true, false]);
      await page.press("Space");
      await expect.poll(async () => (await accordionStates(page)).some(Boolean), { timeout: 3000 }).toBe(false);
      expect(await pageErrors(page)).toEqual([]);
    });
  }

  it("language switcher: leads to the same page in the other language and back, on /es/nosotros at 1280 px", async () => {
    const page = await engine.open("/es/nosotros");
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("es");
    await page.click('.language-switcher a[hreflang="en"]');
    await expect.poll(async () => new URL(await page.url()).pathname).toBe("/about");
    await expect.poll(() => page.evaluate(() => document.readyState === "complete" && document.documentElement.lang)).toBe("en");
    await page.click('.language-switcher a[hreflang="es"]');
    await expect.poll(async () => new URL(await page.url()).pathname).toBe("/es/nosotros");
  });
}, { fixture: "small" });
