import { existsSync } from "node:fs";
import puppeteer, { type Browser, type KeyInput, type Page } from "puppeteer-core";
import { startBlockingProxy, type BlockingProxy } from "./blocking-proxy.ts";
import { clickPoint, ERROR_RECORDER, RIVERSIDE, type Engine, type EnginePage, type Key, type OpenOptions } from "./types.ts";

const FIREFOX_PATH = process.env.FIREFOX_PATH ?? "/usr/bin/firefox-esr";
export const FIREFOX_INSTALL = "apt-get install -y firefox-esr";

/**
 * Firefox over WebDriver BiDi (puppeteer-core, no separate driver). Every request for another
 * host goes to a local proxy that refuses it; the position comes from a `data:` answer in place
 * of the network provider, and a prompt for it is answered Allow or Block (Firefox's own test
 * prefs). Those answers, scripting off and Global Privacy Control are prefs: each combination gets
 * its own browser, started when first asked for.
 */
export async function launchFirefoxEngine(): Promise<Engine> {
  if (!existsSync(FIREFOX_PATH)) throw new Error(`Firefox not found at ${FIREFOX_PATH} (FIREFOX_PATH overrides). Install it: \`${FIREFOX_INSTALL}\` (.ci/run does).`);
  const proxy = await startBlockingProxy();
  const browsers = new Map<string, Promise<Browser>>();
  const browserFor = (options: OpenOptions) => {
    const key = `${options.javaScript ?? true}/${options.gpc ?? false}/${options.geolocation === "block-at-prompt"}`;
    if (!browsers.has(key)) browsers.set(key, launch(proxy, options));
    return browsers.get(key)!;
  };
  return {
    name: "firefox",
    open: async (origin, options = {}) => {
      const browser = await browserFor(options);
      const context = await browser.createBrowserContext();
      if (options.geolocation === "granted") await context.setPermission(origin, { permission: { name: "geolocation" }, state: "granted" });
      const page = await context.newPage();
      const width = options.width ?? 1280;
      await page.setViewport({ width, height: options.height ?? 800 });
      if (options.javaScript !== false) await page.evaluateOnNewDocument(ERROR_RECORDER);
      const from = proxy.blocked.length;
      return firefoxPage(page, origin, width, () => proxy.blocked.slice(from), () => context.close());
    },
    close: async () => {
      await Promise.all([...browsers.values()].map(async (browser) => (await browser).close()));
      await proxy.close();
    },
  };
}

function launch(proxy: BlockingProxy, options: OpenOptions): Promise<Browser> {
  const [host, port] = proxy.address.split(":");
  return puppeteer.launch({
    browser: "firefox",
    executablePath: FIREFOX_PATH,
    headless: true,
    extraPrefsFirefox: {
      "javascript.enabled": options.javaScript ?? true,
      "privacy.globalprivacycontrol.enabled": options.gpc ?? false,
      "network.proxy.type": 1,
      "network.proxy.http": host,
      "network.proxy.http_port": Number(port),
      "network.proxy.ssl": host,
      "network.proxy.ssl_port": Number(port),
      "network.proxy.share_proxy_settings": true,
      "geo.provider.testing": true,
      "geo.provider.network.url": `data:application/json,${JSON.stringify({ location: { lat: RIVERSIDE.latitude, lng: RIVERSIDE.longitude }, accuracy: 10 })}`,
      "geo.prompt.testing": true,
      "geo.prompt.testing.allow": options.geolocation !== "block-at-prompt",
    },
  });
}

function firefoxPage(page: Page, origin: string, width: number, blocked: () => string[], close: () => Promise<void>): EnginePage {
  const click = async (selector: string) => {
    const { x, y } = await clickPoint({ evaluate: (fn, arg) => page.evaluate(fn as never, arg) as never }, selector);
    await page.mouse.click(x, y);
  };
  return {
    engine: "firefox",
    width,
    goto: async (path) => {
      await page.goto(origin + path, { waitUntil: "load" });
    },
    reload: async () => {
      await page.reload({ waitUntil: "load" });
    },
    url: async () => page.url(),
    evaluate: (fn, arg) => page.evaluate(fn as never, arg) as never,
    click,
    clickAt: (x, y) => page.mouse.click(x, y),
    type: async (selector, text) => {
      await click(selector);
      await page.keyboard.type(text);
    },
    press: async (key: Key) => {
      if (key === "Shift+Tab") {
        await page.keyboard.down("Shift");
        await page.keyboard.press("Tab");
        await page.keyboard.up("Shift");
      } else await page.keyboard.press(key === "Space" ? " " : (key as KeyInput));
    },
    blocked,
    close,
  };
}
