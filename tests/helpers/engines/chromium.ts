import type { Page } from "playwright-core";
import { launchChromium, newIsolatedContext } from "../browser.ts";
import { clickPoint, ERROR_RECORDER, RIVERSIDE, type Engine, type EnginePage, type Key, type OpenOptions } from "./types.ts";

/** Chromium through playwright-core: contexts isolate pages, `route` blocks and records other hosts. */
export async function launchChromiumEngine(): Promise<Engine> {
  const browser = await launchChromium();
  return {
    name: "chromium",
    open: async (origin, options = {}) => {
      if (options.gpc) throw new Error("Chromium has no Global Privacy Control of its own");
      const width = options.width ?? 1280;
      const { context, blocked } = await newIsolatedContext(browser, {
        viewport: { width, height: options.height ?? 800 },
        javaScriptEnabled: options.javaScript ?? true,
        geolocation: options.geolocation ? RIVERSIDE : undefined,
      });
      const page = await context.newPage();
      await page.addInitScript(ERROR_RECORDER);
      if (options.geolocation === "granted") await context.grantPermissions(["geolocation"], { origin });
      return chromiumPage(page, origin, width, blocked, async () => {
        // Undecided while the page loads; Allow is a grant after it (headless Chromium answers Block itself).
        if (options.geolocation === "allow-at-prompt") await context.grantPermissions(["geolocation"], { origin });
      }, () => context.close());
    },
    close: () => browser.close(),
  };
}

const KEYS: Record<Key, string> = { Tab: "Tab", "Shift+Tab": "Shift+Tab", Escape: "Escape", Enter: "Enter", Space: "Space" };

function chromiumPage(page: Page, origin: string, width: number, blocked: string[], afterLoad: () => Promise<void>, close: () => Promise<void>): EnginePage {
  const click = async (selector: string) => {
    const { x, y } = await clickPoint({ evaluate: (fn, arg) => page.evaluate(fn as never, arg) as never }, selector);
    await page.mouse.click(x, y);
  };
  return {
    engine: "chromium",
    width,
    goto: async (path) => {
      await page.goto(origin + path, { waitUntil: "load" });
      await afterLoad();
    },
    reload: async () => {
      await page.reload({ waitUntil: "load" });
    },
    url: async () => page.url(),
    evaluate: (fn, arg) => page.evaluate(fn as never, arg),
    click,
    clickAt: (x, y) => page.mouse.click(x, y),
    type: async (selector, text) => {
      await click(selector);
      await page.keyboard.type(text);
    },
    press: (key) => page.keyboard.press(KEYS[key]),
    blocked: () => blocked,
    close,
  };
}
