import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBuiltSite } from "../helpers/built-site.ts";
import { settled } from "../helpers/page-actions.ts";

const suite = useBuiltSite();
const { visit } = suite;


const listLabels = (page: Page, list = "[data-distance-sort]") =>
  page.locator(`${list} li`).evaluateAll((items) => items.map((li) => li.textContent!.trim()));


// The distance sort in every engine: tests/e2e/every-engine/distance-sort.test.ts. Here, the
// failures only a stand-in for the browser's API can produce.
describe("distance sort", () => {
  /** Counts geolocation requests, so a test can prove nothing asked on load. */
  const countGeolocation = `
    window.geoCalls = 0;
    const original = navigator.geolocation.getCurrentPosition.bind(navigator.geolocation);
    navigator.geolocation.getCurrentPosition = (...args) => { window.geoCalls++; return original(...args); };`;
  const geoCalls = (page: Page) => page.evaluate(() => (window as unknown as { geoCalls: number }).geoCalls);

  it("keeps the default order silently when permission is denied or the API fails", async () => {
    const denied = `
      navigator.permissions.query = () => Promise.resolve({ state: "denied" });
      ${countGeolocation}`;
    const a = await visit("/service-areas", { init: denied });
    await settled(a.page);
    expect((await listLabels(a.page))[0]).toBe("Temecula");
    expect(await a.page.locator("[data-sort-control]").isVisible()).toBe(false);
    expect(await geoCalls(a.page)).toBe(0);

    const failing = `navigator.permissions.query = () => Promise.reject(new Error("no permissions API"));`;
    const b = await visit("/service-areas", { init: failing });
    await settled(b.page);
    expect((await listLabels(b.page))[0]).toBe("Temecula");
    expect(await b.page.locator("[data-sort-control]").isVisible()).toBe(false);

    const grantedButFails = `
      navigator.permissions.query = () => Promise.resolve({ state: "granted" });
      navigator.geolocation.getCurrentPosition = (ok, fail) => fail({ code: 2, message: "position unavailable" });`;
    const c = await visit("/service-areas", { init: grantedButFails });
    await settled(c.page);
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
    await settled(page);
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
    await settled(page);
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
    await settled(page);
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
      await settled(page);
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
    await settled(page);
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
