import { expect, it } from "vitest";
import { forEachEngine, type EnginePage } from "../../helpers/engines/index.ts";
import { pageErrors } from "../../helpers/engines/page-reads.ts";

// "Your Privacy Choices" on the privacy policy in Chromium, Firefox and WebKit, and Firefox's own
// Global Privacy Control (the one engine here that has it).

const DENIED_ADS = { ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied" };
const GRANTED_ADS = { ad_storage: "granted", ad_user_data: "granted", ad_personalization: "granted" };

/** The consent commands in the data layer, in order (gtag pushes `arguments`). */
const consentCommands = (page: EnginePage) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? [])
      .filter((entry) => Object.prototype.toString.call(entry) === "[object Arguments]")
      .map((entry) => Array.from(entry as ArrayLike<unknown>))
      .filter((command) => command[0] === "consent")
      .map((command) => ({ type: command[1] as string, state: command[2] as Record<string, string> })),
  );

const control = (page: EnginePage) =>
  page.evaluate(() => {
    const box = document.querySelector<HTMLInputElement>("[data-privacy-choices] input[type=checkbox]")!;
    return {
      shown: box.getClientRects().length > 0,
      checked: box.checked,
      disabled: box.disabled,
      status: document.querySelector("[data-privacy-status]")!.textContent,
      statusRole: document.querySelector("[data-privacy-status]")!.closest("[role=status]") != null,
      describedBy: box.getAttribute("aria-describedby"),
    };
  });

forEachEngine((engine) => {
  const copy = () => engine.site.sample.copy.chrome.privacyChoices;
  const focusBox = (page: EnginePage) => page.evaluate(() => document.querySelector<HTMLElement>("[data-privacy-choices] input[type=checkbox]")!.focus());

  it("opts out from the keyboard at once and on every later visit, and says so in a live region, on /privacy-policy at 1280 px", async () => {
    const page = await engine.open("/privacy-policy#your-privacy-choices");
    expect(await control(page)).toEqual({ shown: true, checked: false, disabled: false, status: copy().allowed, statusRole: true, describedBy: "your-privacy-choices-hint" });

    await focusBox(page);
    await page.press("Space");
    expect(await control(page)).toMatchObject({ checked: true, status: copy().optedOut });
    expect((await consentCommands(page)).at(-1)).toEqual({ type: "update", state: DENIED_ADS });

    await page.reload();
    expect(await control(page)).toMatchObject({ checked: true, status: copy().optedOut });
    expect(await consentCommands(page)).toEqual([{ type: "default", state: { ...DENIED_ADS, analytics_storage: "granted" } }]);
    await page.goto("/");
    expect(await consentCommands(page)).toEqual([{ type: "default", state: { ...DENIED_ADS, analytics_storage: "granted" } }]);

    // Changing one's mind works the same way.
    await page.goto("/privacy-policy");
    await focusBox(page);
    await page.press("Space");
    expect(await control(page)).toMatchObject({ checked: false, status: copy().allowed });
    expect((await consentCommands(page)).at(-1)).toEqual({ type: "update", state: GRANTED_ADS });
    expect(await pageErrors(page)).toEqual([]);
  });

  if (engine.supportsGpc) {
    it("with the browser's Global Privacy Control on, denies advertising from the first command and shows the control checked and locked, on /privacy-policy at 1280 px", async () => {
      const page = await engine.open("/privacy-policy", { gpc: true });
      expect(await consentCommands(page)).toEqual([{ type: "default", state: { ...DENIED_ADS, analytics_storage: "granted" } }]);
      expect(await control(page)).toMatchObject({ checked: true, disabled: true, status: copy().gpc.replace(/\s+/g, " ") });
      // A choice stored before grants nothing while the signal is on.
      await page.evaluate(() => localStorage.setItem("gopher-site:advertising", "granted"));
      await page.reload();
      expect(await consentCommands(page)).toEqual([{ type: "default", state: { ...DENIED_ADS, analytics_storage: "granted" } }]);
      expect(await pageErrors(page)).toEqual([]);
    });
  }
}, { fixture: "small" });
