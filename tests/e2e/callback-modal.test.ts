import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBuiltSite } from "../helpers/built-site.ts";
import { dialogOpen, openFromHero, postMessage } from "../helpers/page-actions.ts";

const suite = useBuiltSite();
const { visit } = suite;

const activeLabel = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return "body";
    return el.matches("[data-callback-close]") ? "close" : el.matches("dialog") ? "dialog" : (el.getAttribute("href") ?? el.tagName.toLowerCase());
  });

const analyticsEvents = (page: Page, name: string) =>
  page.evaluate((name) => ((window as unknown as { dataLayer?: Array<{ event?: string }> }).dataLayer ?? []).filter((e) => e.event === name), name);

describe("call-back modal", () => {
  it("has a close button named Close that Enter and Space activate", async () => {
    const { page, errors } = await visit("/");
    const closeName = suite.sample.copy.chrome.modal.close;
    const close = page.locator("dialog").getByRole("button", { name: closeName, exact: true });
    for (const key of ["Enter", "Space"]) {
      await openFromHero(page);
      expect(await close.count()).toBe(1);
      expect(await close.evaluate((el) => el.tagName)).toBe("BUTTON");
      await expect.poll(() => activeLabel(page)).toBe("close");
      await page.keyboard.press(key);
      expect(await dialogOpen(page), key).toBe(false);
    }
    expect(errors).toEqual([]);
  });

  it("loads the form with the page's campaign parameters, omitting empty ones, and injects the embed script on each opening", async () => {
    const leadForm = suite.sample.site.integrations.leadForm!;
    const { page, blocked } = await visit("/temecula-gopher-control?gclid=G-123&utm_source=google&utm_medium=&utm_campaign=spring%20promo&other=x");
    const frame = page.locator("iframe[data-callback-frame]");
    expect(await frame.getAttribute("src")).toBeNull();
    const embedRequests = () => blocked.filter((url) => url === leadForm.embedScriptUrl).length;
    expect(embedRequests()).toBe(0);

    await openFromHero(page);
    const src = new URL((await frame.getAttribute("src"))!);
    expect(`${src.origin}${src.pathname}`).toBe(`${leadForm.widgetUrl}/${leadForm.formId}`);
    expect([...src.searchParams]).toEqual([
      ["gclid_value", "G-123"],
      ["utm_source", "google"],
      ["utm_campaign", "spring promo"],
      ["source_page", "/temecula-gopher-control"],
    ]);
    expect(await frame.evaluate((el) => el.getBoundingClientRect().height)).toBe(360);
    await expect.poll(embedRequests).toBe(1);
    await expect.poll(() => blocked.some((url) => url.startsWith(`${leadForm.widgetUrl}/${leadForm.formId}?`))).toBe(true);

    await page.keyboard.press("Escape");
    await openFromHero(page);
    await expect.poll(embedRequests).toBe(2);
    expect(await page.locator(`script[src="${leadForm.embedScriptUrl}"]`).count()).toBe(1);
  });

});

describe("analytics", () => {
  const gtagStub = "window.gtagCalls = []; window.gtag = (...args) => window.gtagCalls.push(args);";

  it("sends callback_modal_open with the page location to the data layer and gtag", async () => {
    const home = await visit("/", { init: gtagStub });
    await openFromHero(home.page);
    expect(await analyticsEvents(home.page, "callback_modal_open")).toEqual([{ event: "callback_modal_open", location: "homepage" }]);
    expect(await home.page.evaluate(() => (window as unknown as { gtagCalls: unknown[] }).gtagCalls)).toContainEqual([
      "event",
      "callback_modal_open",
      { location: "homepage" },
    ]);

    const city = await visit("/menifee-gopher-control?utm_source=x");
    await openFromHero(city.page);
    await city.page.keyboard.press("Escape");
    await city.page.locator(".cta [data-callback-open]").click();
    expect(await analyticsEvents(city.page, "callback_modal_open")).toEqual([
      { event: "callback_modal_open", location: "menifee-gopher-control" },
      { event: "callback_modal_open", location: "menifee-gopher-control" },
    ]);

    const article = await visit("/blog/gopher-damage-costs");
    await article.page.locator("[data-callback-open]").first().click();
    expect(await analyticsEvents(article.page, "callback_modal_open")).toEqual([
      { event: "callback_modal_open", location: "blog/gopher-damage-costs" },
    ]);
  });

  it("keeps working when a blocker froze or removed the analytics globals", async () => {
    const { formId, allowedOrigins } = suite.sample.site.integrations.leadForm!;
    const { page, errors } = await visit("/", {
      init: `Object.defineProperty(window, "dataLayer", { value: null, writable: false }); window.gtag = "blocked";`,
    });
    await openFromHero(page);
    await postMessage(page, allowedOrigins[0]!, { formId });
    await expect.poll(() => dialogOpen(page)).toBe(false);
    expect(await page.locator("[data-toast-region] .toast").count()).toBe(1);
    await page.mouse.wheel(0, 400);
    expect(errors).toEqual([]);
  });
});

describe("success message", () => {
  const toastText = () => `✓ Got it! A technician will call you shortly from ${suite.sample.site.phone.display}.`;

  it("on a valid message: tracks success, shows the toast in a polite live region for 5 s, and closes", async () => {
    const { formId, allowedOrigins } = suite.sample.site.integrations.leadForm!;
    const { page, errors } = await visit("/", { init: "window.gtagCalls = []; window.gtag = (...args) => window.gtagCalls.push(args);" });
    await openFromHero(page);
    // The provider's embed script overwrites window.onmessage; the listener must not depend on it.
    await page.evaluate(() => (window.onmessage = () => {}));

    // Record in the page when the toast goes, and when the message was sent.
    await page.evaluate(() => {
      const region = document.querySelector("[data-toast-region]")!;
      new MutationObserver(() => {
        if (!region.querySelector(".toast")) (window as unknown as { toastGoneAt: number }).toastGoneAt = performance.now();
      }).observe(region, { childList: true });
    });
    const sentAt = await page.evaluate((data) => {
      const now = performance.now();
      window.dispatchEvent(new MessageEvent("message", { origin: data.origin, data: { formId: data.formId, type: "form-submitted" } }));
      return now;
    }, { origin: allowedOrigins[1]!, formId });

    expect(await dialogOpen(page)).toBe(false);
    const region = page.locator("[data-toast-region]");
    expect(await region.getAttribute("role")).toBe("status");
    expect(await region.getAttribute("aria-live")).toBe("polite");
    expect(await region.locator(".toast").textContent()).toBe(toastText());
    expect(await region.locator(".toast").isVisible()).toBe(true);
    expect(await analyticsEvents(page, "callback_request_success")).toEqual([{ event: "callback_request_success" }]);
    expect(await page.evaluate(() => (window as unknown as { gtagCalls: unknown[][] }).gtagCalls.filter((c) => c[1] === "callback_request_success"))).toHaveLength(1);

    // A second success for the same opening is ignored.
    await postMessage(page, allowedOrigins[1]!, { formId });
    expect(await analyticsEvents(page, "callback_request_success")).toHaveLength(1);
    expect(await region.locator(".toast").count()).toBe(1);

    expect(await region.locator(".toast").count()).toBe(1);
    const goneAt = () => page.evaluate(() => (window as unknown as { toastGoneAt?: number }).toastGoneAt);
    await expect.poll(goneAt, { timeout: 7000 }).toBeDefined();
    const ms = (await goneAt())! - sentAt;
    expect(ms).toBeGreaterThanOrEqual(5000);
    expect(ms).toBeLessThan(5800);
    expect(await region.textContent()).toBe("");
    expect(errors).toEqual([]);
    // The toast's own 5 s and a loaded machine's page reads: the budget of the whole test.
  }, 45_000);

  it("accepts the form id under each of the five keys, once per opening", async () => {
    const { formId, allowedOrigins } = suite.sample.site.integrations.leadForm!;
    const { page } = await visit("/service-areas");
    const keys = ["formId", "formID", "form_id", "widgetFormId", "iframeId"];
    for (const [index, key] of keys.entries()) {
      await openFromHero(page);
      await postMessage(page, allowedOrigins[index % allowedOrigins.length]!, { [key]: formId });
      expect(await dialogOpen(page), key).toBe(false);
      expect(await analyticsEvents(page, "callback_request_success"), key).toHaveLength(index + 1);
    }
    // One toast at a time.
    expect(await page.locator("[data-toast-region] .toast").count()).toBe(1);
  });

  it("ignores forged origins, wrong ids and the provider's other traffic, without errors", async () => {
    const { formId, allowedOrigins } = suite.sample.site.integrations.leadForm!;
    const { page, errors } = await visit("/");
    await openFromHero(page);
    const good = allowedOrigins[1]!;
    const port = new URL(good);
    const forged: Array<[string, unknown]> = [
      ["https://link.msgsndr.com.evil.test", { formId }],
      ["https://evil.test", { formId }],
      [good.replace("https:", "http:"), { formId }],
      [`${port.protocol}//${port.hostname}:8443`, { formId }],
      [`${good}/`, { formId }],
      ["null", { formId }],
      [suite.site.url, { formId }],
      [good, { formId: "ANOTHERFORM" }],
      [good, { formid: formId }],
      [good, { form: { id: formId } }],
      [good, [formId]],
      [good, [{ formId }]],
      [good, ["iframeResize", { height: 420 }]],
      [good, "resize:420"],
      [good, JSON.stringify({ formId })],
      [good, formId],
      [good, null],
      [good, 42],
    ];
    for (const [origin, data] of forged) await postMessage(page, origin, data);
    await page.evaluate(
      ([origin, formId]) => {
        window.dispatchEvent(new MessageEvent("message", { origin, data: JSON.parse(`{"__proto__": {"formId": "${formId}"}}`) }));
        window.dispatchEvent(new MessageEvent("message", { origin, data: Object.create({ formId }) }));
      },
      [good, formId] as const,
    );
    expect(await dialogOpen(page)).toBe(true);
    expect(await analyticsEvents(page, "callback_request_success")).toEqual([]);
    expect(await page.locator("[data-toast-region]").textContent()).toBe("");
    expect(await page.evaluate(() => ({} as Record<string, unknown>).formId)).toBeUndefined();

    await postMessage(page, good, { formId });
    expect(await dialogOpen(page)).toBe(false);
    expect(errors).toEqual([]);
  });

  it("dismisses the toast with a 50 px swipe on touch screens", async () => {
    const { formId, allowedOrigins } = suite.sample.site.integrations.leadForm!;
    const { page } = await visit("/", { hasTouch: true, isMobile: true, viewport: { width: 375, height: 740 } });
    const swipe = (dx: number) =>
      page.evaluate((dx) => {
        const toast = document.querySelector<HTMLElement>("[data-toast-region] .toast")!;
        const box = toast.getBoundingClientRect();
        const at = (x: number) => [new Touch({ identifier: 1, target: toast, clientX: x, clientY: box.top + 10 })];
        const x0 = box.left + box.width / 2;
        toast.dispatchEvent(new TouchEvent("touchstart", { touches: at(x0), changedTouches: at(x0), bubbles: true }));
        toast.dispatchEvent(new TouchEvent("touchmove", { touches: at(x0 + dx), changedTouches: at(x0 + dx), bubbles: true }));
        toast.dispatchEvent(new TouchEvent("touchend", { touches: [], changedTouches: at(x0 + dx), bubbles: true }));
      }, dx);

    await page.locator(".mobile-bar [data-callback-open]").tap();
    await expect.poll(() => dialogOpen(page)).toBe(true);
    await postMessage(page, allowedOrigins[0]!, { formId });
    const toast = page.locator("[data-toast-region] .toast");
    // The toast's script is imported on use (asked for as the modal opens): it may come a moment later.
    await expect.poll(() => toast.count()).toBe(1);
    await swipe(30);
    expect(await toast.count()).toBe(1);
    await swipe(-60);
    expect(await toast.count()).toBe(0);
  });
});
