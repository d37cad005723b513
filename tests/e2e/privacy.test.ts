import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBuiltSite, type VisitOptions } from "../helpers/built-site.ts";
import { postMessage, settled } from "../helpers/page-actions.ts";

// On the small fixture: its tag manager runs advertising tags, so its privacy policy has the opt-out.
const suite = useBuiltSite({ fixture: "small" });
const TAG_MANAGER = "https://www.googletagmanager.com/**";
const GPC_ON = {
  // Chromium has no Global Privacy Control: the signal's script side stands in (Firefox's own is
  // tested in tests/e2e/every-engine/privacy-choices.test.ts).
  init: "Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true, configurable: true });",
};
const DENIED_ADS = { ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied" };
const GRANTED_ADS = { ad_storage: "granted", ad_user_data: "granted", ad_personalization: "granted" };

/** The data layer as plain data: gtag commands (pushed as `arguments`) become `{ command: [...] }`. */
const dataLayer = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).map((entry) =>
      Object.prototype.toString.call(entry) === "[object Arguments]" ? { command: Array.from(entry as ArrayLike<unknown>) } : entry,
    ),
  );

const adsDenied = (state: Record<string, string>) => Object.keys(DENIED_ADS).every((key) => state[key] === "denied");

type Entry = Awaited<ReturnType<typeof dataLayer>>[number];
const consentCommands = (entries: Entry[]) =>
  entries.flatMap((entry) => {
    const command = (entry as { command?: unknown[] }).command;
    return command?.[0] === "consent" ? [{ type: command[1] as string, state: command[2] as Record<string, string> }] : [];
  });

/**
 * Opens `path` with the tag manager's requests observed and aborted; each request records the
 * data layer as it was when the container was asked for.
 */
async function visitObserved(path: string, options: VisitOptions = {}) {
  const containerRequests: Array<{ url: string; dataLayer: Entry[] }> = [];
  const visit = await suite.visit(path, {
    ...options,
    beforeGoto: (page) =>
      page.route(TAG_MANAGER, async (route) => {
        containerRequests.push({ url: route.request().url(), dataLayer: await dataLayer(page) });
        await route.abort("blockedbyclient");
      }),
  });
  return { ...visit, containerRequests };
}


describe("consent before the tag manager", () => {
  it("with Global Privacy Control on, denies advertising before the container request and never grants it", async () => {
    const { page, response, containerRequests, errors } = await visitObserved("/", GPC_ON);
    expect(await page.evaluate(() => (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl)).toBe(true);
    await settled(page);
    expect(containerRequests).toEqual([]);
    expect(consentCommands(await dataLayer(page))).toEqual([{ type: "default", state: { ...DENIED_ADS, analytics_storage: "granted" } }]);

    await page.mouse.wheel(0, 400);
    await expect.poll(() => containerRequests.length).toBe(1);
    const [request] = containerRequests;
    expect(request!.url).toContain(`gtm.js?id=${suite.sample.site.integrations.analytics!.containerId}`);
    expect(consentCommands(request!.dataLayer)).toEqual([{ type: "default", state: { ...DENIED_ADS, analytics_storage: "granted" } }]);
    expect(request!.dataLayer[0]).toEqual({ command: ["consent", "default", { ...DENIED_ADS, analytics_storage: "granted" }] });

    // The site's own events still reach the data layer, under the denied state.
    await page.locator("main [data-callback-open]").first().click();
    const { formId, allowedOrigins } = suite.sample.site.integrations.leadForm!;
    await postMessage(page, allowedOrigins[0]!, { formId, type: "form-submitted" });
    const entries = await dataLayer(page);
    const events = entries.map((entry) => (entry as { event?: string }).event).filter(Boolean);
    expect(events).toEqual(["gtm.js", "callback_modal_open", "callback_request_success"]);
    expect(consentCommands(entries).every(({ state }) => adsDenied(state))).toBe(true);
    expect(errors).toEqual([]);
  });

  it("with Global Privacy Control off, applies site.yaml's defaults and loads nothing before the first interaction", async () => {
    const { page, containerRequests, blocked, errors } = await visitObserved("/");
    await settled(page);
    expect(containerRequests).toEqual([]);
    expect(blocked).toEqual([]);
    const { consent } = suite.sample.site.integrations.analytics!;
    expect(consent).toEqual({ analytics: "granted", advertising: "granted" });
    expect(consentCommands(await dataLayer(page))).toEqual([{ type: "default", state: { ...GRANTED_ADS, analytics_storage: "granted" } }]);

    await page.keyboard.press("Tab");
    await expect.poll(() => containerRequests.length).toBe(1);
    expect(containerRequests[0]!.dataLayer[0]).toEqual({ command: ["consent", "default", { ...GRANTED_ADS, analytics_storage: "granted" }] });
    expect(errors).toEqual([]);
  });
});

describe("Your Privacy Choices", () => {
  const copy = () => suite.sample.copy.chrome.privacyChoices;

  it("is a footer link that leads to the opt-out control", async () => {
    const { page } = await suite.visit("/temecula-gopher-control");
    const link = page.locator("footer").getByRole("link", { name: copy().link, exact: true });
    expect(await link.getAttribute("href")).toBe("/privacy-policy#your-privacy-choices");
    await link.click();
    await page.waitForURL("**/privacy-policy#your-privacy-choices");
    const heading = page.getByRole("heading", { name: copy().link, exact: true });
    expect(await heading.isVisible()).toBe(true);
    const box = (await heading.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeLessThan(page.viewportSize()!.height);
  });

  it("shows the Global Privacy Control signal as the current state and cannot be switched back on", async () => {
    const { page, errors } = await visitObserved("/privacy-policy", GPC_ON);
    const checkbox = page.getByRole("checkbox", { name: copy().label, exact: true });
    expect(await checkbox.isChecked()).toBe(true);
    expect(await checkbox.isDisabled()).toBe(true);
    expect(await page.locator("[data-privacy-status]").textContent()).toBe(copy().gpc.replace(/\s+/g, " "));
    // Even a script clicking the disabled box, or a choice stored before, grants nothing.
    await page.evaluate(() => localStorage.setItem("gopher-site:advertising", "granted"));
    await page.reload();
    await checkbox.evaluate((el: HTMLInputElement) => {
      el.disabled = false;
      el.click();
    });
    const commands = consentCommands(await dataLayer(page));
    expect(commands.length).toBeGreaterThanOrEqual(2);
    expect(commands.every(({ state }) => adsDenied(state))).toBe(true);
    expect(errors).toEqual([]);
  });
});
