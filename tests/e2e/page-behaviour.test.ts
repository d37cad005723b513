import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { haversineKm } from "../../src/routes/distance.ts";
import { useBuiltSite } from "../helpers/built-site.ts";
import { accordionStates, RIVERSIDE } from "../helpers/page-actions.ts";

const suite = useBuiltSite();
const { visit } = suite;

/** Lets a page settle: two animation frames and a short pause, so observers and promises have run. */
const settle = (page: Page, ms = 300) =>
  page.evaluate((ms) => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, ms)))), ms);

const listLabels = (page: Page, list = "[data-distance-sort]") =>
  page.locator(`${list} li`).evaluateAll((items) => items.map((li) => li.textContent!.trim()));


describe("FAQ accordion", () => {

  it("keeps one item open, lets the open one close, and works from the keyboard", async () => {
    const { page, errors } = await visit("/");
    const summaries = page.locator("[data-accordion] summary");
    expect(await summaries.count()).toBeGreaterThanOrEqual(3);
    expect((await accordionStates(page)).some(Boolean)).toBe(false);

    await summaries.nth(0).click();
    expect((await accordionStates(page)).slice(0, 3)).toEqual([true, false, false]);
    await summaries.nth(1).click();
    expect((await accordionStates(page)).slice(0, 3)).toEqual([false, true, false]);
    await summaries.nth(1).click();
    expect((await accordionStates(page)).some(Boolean)).toBe(false);

    await summaries.nth(2).focus();
    await page.keyboard.press("Enter");
    expect((await accordionStates(page)).slice(0, 3)).toEqual([false, false, true]);
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press(" ");
    expect((await accordionStates(page)).slice(0, 3)).toEqual([false, true, false]);
    await page.keyboard.press(" ");
    expect((await accordionStates(page)).some(Boolean)).toBe(false);
    expect(errors).toEqual([]);
  });

  it("keeps one item open in browsers without exclusive <details name> too (the script's job)", async () => {
    const { page } = await visit("/service-areas");
    await page.evaluate(() => document.querySelectorAll("[data-accordion] details").forEach((d) => d.removeAttribute("name")));
    const summaries = page.locator("[data-accordion] summary");
    await summaries.nth(0).click();
    await summaries.nth(1).click();
    await expect.poll(async () => (await accordionStates(page)).filter(Boolean).length).toBe(1);
    expect((await accordionStates(page))[1]).toBe(true);
  });
});

describe("distance sort", () => {
  const byDistanceFrom = (names: string[], from: { lat: number; lng: number }) => {
    const places = [...suite.sample.site.cities, ...suite.sample.site.townsWithoutPage];
    const where = (label: string) => places.find((p) => label === p.name || label.startsWith(`${p.name} `))!;
    return [...names].sort((a, b) => haversineKm(from, where(a)) - haversineKm(from, where(b)));
  };
  const riverside = { lat: RIVERSIDE.latitude, lng: RIVERSIDE.longitude };
  /** Counts geolocation requests, so a test can prove nothing asked on load. */
  const countGeolocation = `
    window.geoCalls = 0;
    const original = navigator.geolocation.getCurrentPosition.bind(navigator.geolocation);
    navigator.geolocation.getCurrentPosition = (...args) => { window.geoCalls++; return original(...args); };`;
  const geoCalls = (page: Page) => page.evaluate(() => (window as unknown as { geoCalls: number }).geoCalls);

  const visibleLabels = (page: Page) =>
    page.locator("[data-distance-sort] li:not([hidden])").evaluateAll((items) => items.map((li) => li.textContent!.trim()));

  it("shows the default 5 nearest cities on the home page without JavaScript or location", async () => {
    const defaultFive = byDistanceFrom(suite.sample.site.cities.map((city) => city.name), suite.sample.site.defaultLocation).slice(0, 5);
    for (const javaScriptEnabled of [false, true]) {
      const { page } = await visit("/", { javaScriptEnabled });
      if (javaScriptEnabled) await settle(page);
      expect(await visibleLabels(page)).toEqual(defaultFive);
      expect(await page.locator("#cities li a").evaluateAll((links) => links.filter((a) => a.getClientRects().length > 0).length)).toBe(5);
    }
  });

  it("shows the 5 nearest of all cities once the visitor allows location from the control", async () => {
    const { context, page } = await visit("/", { geolocation: RIVERSIDE });
    const control = page.locator("#cities [data-sort-control]");
    await expect.poll(() => control.isVisible()).toBe(true);
    await context.grantPermissions(["geolocation"]);
    await control.click();
    await expect.poll(() => visibleLabels(page).then((labels) => labels[0])).toBe("Riverside");
    expect(await visibleLabels(page)).toEqual(byDistanceFrom(suite.sample.site.cities.map((city) => city.name), riverside).slice(0, 5));
  });

  it("renders the default order: Temecula first on service areas", async () => {
    const { page } = await visit("/service-areas", { javaScriptEnabled: false });
    const labels = await listLabels(page);
    expect(labels).toHaveLength(28);
    expect(labels[0]).toBe("Temecula");
    expect(labels).toEqual(byDistanceFrom(labels, suite.sample.site.defaultLocation));
  });

  it("reorders on load by the visitor's position when permission is already granted", async () => {
    const options = { permissions: ["geolocation"], geolocation: RIVERSIDE };
    const areas = await visit("/service-areas", options);
    await expect.poll(() => listLabels(areas.page).then((labels) => labels[0])).toBe("Riverside");
    const labels = await listLabels(areas.page);
    expect(labels).toHaveLength(28);
    expect(labels).toEqual(byDistanceFrom(labels, riverside));
    expect(await areas.page.locator("[data-sort-control]").isVisible()).toBe(false);

    // Home: the 5 nearest of all 28 cities to the visitor, not the default 5 reordered.
    const home = await visit("/", options);
    const allCities = suite.sample.site.cities.map((city) => city.name);
    const nearestFive = byDistanceFrom(allCities, riverside).slice(0, 5);
    expect(nearestFive[0]).toBe("Riverside");
    await expect.poll(() => visibleLabels(home.page)).toEqual(nearestFive);

    const temecula = await visit("/temecula-gopher-control", options);
    const before = await listLabels(temecula.page);
    await expect.poll(() => listLabels(temecula.page)).toEqual(byDistanceFrom(before, riverside));

    // "View All Service Areas" stays last whatever the order.
    const fallbrook = await visit("/fallbrook-gopher-control", options);
    const fixed = await fallbrook.page.locator("[data-sort-fixed]").textContent();
    await settle(fallbrook.page);
    const sorted = await listLabels(fallbrook.page);
    expect(sorted.at(-1)).toBe(fixed!.trim());
    expect(sorted.slice(0, -1)).toEqual(byDistanceFrom(sorted.slice(0, -1), riverside));
  });

  it("never asks on load: an undecided visitor gets a control that asks, and denial keeps the order", async () => {
    const { page, errors } = await visit("/service-areas", { init: countGeolocation });
    const control = page.locator("[data-sort-control]");
    await expect.poll(() => control.isVisible()).toBe(true);
    expect(await control.textContent()).toBe(suite.sample.copy.chrome.sort.button);
    await settle(page);
    expect(await geoCalls(page)).toBe(0);

    // Headless Chromium answers the prompt with a denial.
    await control.click();
    await expect.poll(() => control.isVisible()).toBe(false);
    expect(await geoCalls(page)).toBe(1);
    expect((await listLabels(page))[0]).toBe("Temecula");
    expect(errors).toEqual([]);
  });

  it("sorts when the visitor allows it from the control", async () => {
    const { context, page } = await visit("/service-areas", { geolocation: RIVERSIDE });
    const control = page.locator("[data-sort-control]");
    await expect.poll(() => control.isVisible()).toBe(true);
    await context.grantPermissions(["geolocation"]);
    await control.click();
    await expect.poll(() => listLabels(page).then((labels) => labels[0])).toBe("Riverside");
    expect(await control.textContent()).toBe(suite.sample.copy.chrome.sort.sorted);
  });

  it("keeps the default order silently when permission is denied or the API fails", async () => {
    const denied = `
      navigator.permissions.query = () => Promise.resolve({ state: "denied" });
      ${countGeolocation}`;
    const a = await visit("/service-areas", { init: denied, geolocation: RIVERSIDE });
    await settle(a.page);
    expect((await listLabels(a.page))[0]).toBe("Temecula");
    expect(await a.page.locator("[data-sort-control]").isVisible()).toBe(false);
    expect(await geoCalls(a.page)).toBe(0);

    const failing = `navigator.permissions.query = () => Promise.reject(new Error("no permissions API"));`;
    const b = await visit("/service-areas", { init: failing });
    await settle(b.page);
    expect((await listLabels(b.page))[0]).toBe("Temecula");
    expect(await b.page.locator("[data-sort-control]").isVisible()).toBe(false);

    const grantedButFails = `
      navigator.permissions.query = () => Promise.resolve({ state: "granted" });
      navigator.geolocation.getCurrentPosition = (ok, fail) => fail({ code: 2, message: "position unavailable" });`;
    const c = await visit("/service-areas", { init: grantedButFails });
    await settle(c.page);
    expect((await listLabels(c.page))[0]).toBe("Temecula");
    expect([...a.errors, ...b.errors, ...c.errors]).toEqual([]);
  });
});

describe("scroll reveal", () => {
  const revealState = (page: Page) =>
    page.evaluate(() =>
      [...document.querySelectorAll("main section")].map((s) => ({
        id: s.id || s.className,
        marked: s.hasAttribute("data-reveal"),
        hidden: s.classList.contains("reveal-hidden"),
        onScreen: s.getBoundingClientRect().top < innerHeight,
      })),
    );

  it("hides only sections below the fold, reveals them once 10% is visible, and never touches the hero", async () => {
    const { page } = await visit("/");
    await settle(page);
    const state = await revealState(page);
    expect(state[0]).toMatchObject({ marked: false, hidden: false });
    expect(state.filter((s) => s.onScreen).every((s) => !s.hidden)).toBe(true);
    const below = state.filter((s) => s.marked && !s.onScreen);
    expect(below.length).toBeGreaterThan(3);
    expect(below.every((s) => s.hidden)).toBe(true);

    const faq = page.locator("#faq");
    await faq.scrollIntoViewIfNeeded();
    await expect.poll(() => faq.evaluate((el) => el.classList.contains("reveal-hidden"))).toBe(false);
    await expect.poll(() => faq.evaluate((el) => getComputedStyle(el).opacity)).toBe("1");
  });

  it("does nothing with prefers-reduced-motion", async () => {
    const { page } = await visit("/", { reducedMotion: "reduce" });
    await settle(page);
    expect((await revealState(page)).some((s) => s.hidden)).toBe(false);
  });
});

describe("third-party widgets", () => {
  it("makes no third-party request before the visitor scrolls, then loads the reviews widget near the viewport", async () => {
    const { analytics } = suite.sample.site.integrations;
    const reviewsWidget = suite.sample.site.integrations.reviewsWidget!;
    const { page, blocked } = await visit("/");
    // The widget's script answers with an empty stand-in (nothing leaves the machine), so the
    // widget stays as it would on a working network.
    const scriptRequests: string[] = [];
    await page.route(reviewsWidget.scriptUrl, (route) => {
      scriptRequests.push(route.request().url());
      return route.fulfill({ contentType: "text/javascript", body: "" });
    });
    await settle(page, 800);
    expect(blocked).toEqual([]);
    expect(await page.locator(".reviews-widget iframe").count()).toBe(0);

    await page.locator("#reviews").scrollIntoViewIfNeeded();
    await expect.poll(() => blocked.includes(reviewsWidget.iframeUrl)).toBe(true);
    await expect.poll(() => scriptRequests).toEqual([reviewsWidget.scriptUrl]);
    const frame = page.locator(".reviews-widget iframe");
    expect(await frame.getAttribute("class")).toBe("lc_reviews_widget");
    expect(await frame.evaluate((el) => el.getBoundingClientRect().height)).toBeGreaterThanOrEqual(300);
    // The tag manager loads at the first interaction, never on arrival.
    await expect.poll(() => blocked.some((url) => url.includes(`gtm.js?id=${analytics!.containerId}`))).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { dataLayer: Array<{ event?: string }> }).dataLayer.some((e) => e.event === "gtm.js"))).toBe(true);
  });

  it("shows testimonials and review links, loading nothing third-party on arrival, on every page with reviews", async () => {
    const { testimonials } = suite.sample.copy;
    const quoteOf = (name: string) => testimonials.items.find((item) => item.name.startsWith(name))!.quote;
    const firstQuote = (page: Page) => page.locator("#reviews blockquote").first().textContent().then((text) => text!.trim());
    const pages: Array<[string, string]> = [
      ["/", testimonials.items[0]!.quote],
      ["/residential-gopher-control", testimonials.items[0]!.quote],
      ["/commercial-gopher-control", testimonials.items.find((item) => item.service === "commercial")!.quote],
      ["/wildomar-gopher-control", testimonials.items[0]!.quote],
      // A city page puts its own town's quotes first.
      ["/norco-gopher-control", quoteOf("Janet")],
    ];
    for (const [path, quote] of pages) {
      const { page, blocked } = await visit(path);
      await settle(page, 200);
      expect(blocked, path).toEqual([]);
      expect(await page.locator("#reviews blockquote").count(), path).toBe(3);
      expect(await firstQuote(page), path).toBe(quote);
      expect(await page.locator("#reviews a", { hasText: suite.sample.copy.chrome.badge.searchEngineLink }).getAttribute("href"), path).toBe(suite.sample.site.reviews!.searchEngineUrl);
      // Nothing reserved for a widget that has not loaded: no empty box under the quotes.
      expect(await page.locator(".reviews-widget").evaluate((el) => el.getBoundingClientRect().height), path).toBe(0);
    }
  });

  it("takes a widget whose script is blocked away, leaving the testimonials", async () => {
    const { page, blocked } = await visit("/residential-gopher-control");
    await page.locator("#reviews").scrollIntoViewIfNeeded();
    await expect.poll(() => blocked.includes(suite.sample.site.integrations.reviewsWidget!.scriptUrl)).toBe(true);
    await expect.poll(() => page.locator(".reviews-widget iframe").count()).toBe(0);
    expect(await page.locator("#reviews blockquote").first().isVisible()).toBe(true);
  });

  it("loads the 500 px map on service areas only once scrolled near, and the tag manager on a click", async () => {
    const { page, blocked } = await visit("/service-areas");
    await settle(page, 800);
    expect(blocked).toEqual([]);
    const map = page.locator(".map-embed");
    expect(await map.evaluate((el) => el.getBoundingClientRect().height)).toBe(500);
    // Until it loads, the map's space names the map and links to it: never an empty box.
    const open = map.locator(".map-placeholder a");
    expect(await open.isVisible()).toBe(true);
    expect(new URL((await open.getAttribute("href"))!).searchParams.get("output")).toBeNull();

    await page.mouse.click(5, 300);
    await expect.poll(() => blocked.some((url) => url.includes("googletagmanager.com/gtm.js"))).toBe(true);
    await map.scrollIntoViewIfNeeded();
    await expect.poll(() => blocked.some((url) => url.startsWith(suite.sample.site.integrations.map.embedUrl))).toBe(true);
    const src = new URL((await map.locator("iframe").getAttribute("src"))!);
    expect(src.searchParams.get("z")).toBe("9");
    expect(await map.locator("iframe").evaluate((el) => el.getBoundingClientRect().height)).toBe(500);
  });
});

describe("layout", () => {
  const visible = (page: Page, selector: string) => page.locator(selector).first().isVisible();

  it("shows the mobile bar and hides the header call text on a 375 px phone", async () => {
    const { page } = await visit("/", { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    expect(await visible(page, ".mobile-bar")).toBe(true);
    expect(await visible(page, ".header-call")).toBe(true);
    expect(await visible(page, ".header-call-text")).toBe(false);
  });

  it("hides the mobile bar from md (768 px) and shows the call text from lg (1024 px)", async () => {
    const { page } = await visit("/about", { viewport: { width: 1280, height: 800 } });
    expect(await visible(page, ".mobile-bar")).toBe(false);
    expect(await visible(page, ".header-call-text")).toBe(true);
    expect(await page.locator(".header-call-text").textContent()).toContain(suite.sample.site.phone.display);

    const at = async (width: number) => {
      await page.setViewportSize({ width, height: 800 });
      return { bar: await visible(page, ".mobile-bar"), text: await visible(page, ".header-call-text") };
    };
    expect(await at(767)).toEqual({ bar: true, text: false });
    expect(await at(768)).toEqual({ bar: false, text: false });
    expect(await at(1023)).toEqual({ bar: false, text: false });
    expect(await at(1024)).toEqual({ bar: false, text: true });
  });
});

describe("404", () => {
  it("answers with status 404 and logs the visited path to the console", async () => {
    const { page, response, console, errors } = await visit("/no-such-page/here?x=1");
    expect(response!.status()).toBe(404);
    expect(await page.locator("[data-not-found]").isVisible()).toBe(true);
    await expect.poll(() => console.some((line) => line.includes("/no-such-page/here"))).toBe(true);
    expect(errors).toEqual([]);
  });

  it("logs nothing on a page that exists", async () => {
    const { console } = await visit("/about");
    expect(console.filter((line) => line.includes("404"))).toEqual([]);
  });
});

describe("header menu on small screens", () => {
  const phone = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true };
  const navLinks = (page: Page) => page.locator(".site-nav a");
  const shownLinks = (page: Page) => navLinks(page).evaluateAll((links) => links.filter((a) => a.getClientRects().length > 0).length);

  it("is a disclosure button: closed at first, opened and closed by click, Enter, Space and Escape", async () => {
    const { page, errors } = await visit("/about", phone);
    const button = page.getByRole("button", { name: suite.sample.copy.chrome.nav.menu });
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    expect(await button.getAttribute("aria-controls")).toBe(await page.locator(".site-nav").getAttribute("id"));
    expect(await shownLinks(page)).toBe(0);

    await button.click();
    expect(await button.getAttribute("aria-expanded")).toBe("true");
    expect(await shownLinks(page)).toBe(6);
    // The current page stays marked inside the menu.
    expect(await page.locator('.site-nav a[aria-current="page"]').textContent()).toBe(suite.sample.copy.chrome.nav.about);

    await page.keyboard.press("Escape");
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    expect(await shownLinks(page)).toBe(6);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.closest(".site-nav") !== null)).toBe(true);
    await button.focus();
    await page.keyboard.press("Space");
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    expect(await shownLinks(page)).toBe(0);

    // A tap outside the header closes an open menu.
    await button.click();
    await page.locator("main h1").click();
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    expect(errors).toEqual([]);
  });

  it("lists every link without a button when JavaScript is off, and has no button from 1024 px", async () => {
    const noScript = await visit("/about", { ...phone, javaScriptEnabled: false });
    expect(await noScript.page.locator("[data-menu-button]").isVisible()).toBe(false);
    expect(await shownLinks(noScript.page)).toBe(6);

    const desktop = await visit("/about", { viewport: { width: 1024, height: 800 } });
    expect(await desktop.page.locator("[data-menu-button]").isVisible()).toBe(false);
    expect(await shownLinks(desktop.page)).toBe(6);
  });
});

describe("legal pages", () => {
  it("show the licences listed for legal pages (the business and applicator licences) on both the privacy policy and the terms", async () => {
    const licenses = suite.sample.site.licenses.filter((license) => license.shownOn.includes("legal"));
    expect(licenses.map((license) => license.name)).toEqual(["business", "applicator"]);
    for (const path of ["/privacy-policy", "/terms-of-service"]) {
      const { page } = await visit(path);
      const text = await page.locator("main").innerText();
      for (const license of licenses) {
        expect(text, path).toContain(license.label);
        expect(text, path).toContain(license.number);
      }
    }
  });
});
