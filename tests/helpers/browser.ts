import { existsSync } from "node:fs";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from "playwright-core";

/** Flags this workplace's Chromium needs: no sandbox as root, no background traffic. */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const SYSTEM_PATHS = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];

/** CHROMIUM_PATH, then the system Chromium, then the one shipped in @sparticuz/chromium. */
export async function findChromium(): Promise<string> {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`CHROMIUM_PATH is set to ${fromEnv}, but no file is there.`);
  }
  const system = SYSTEM_PATHS.find((candidate) => existsSync(candidate));
  if (system) return system;
  try {
    const { default: packaged } = await import("@sparticuz/chromium");
    return await packaged.executablePath();
  } catch (error) {
    throw new Error(
      "No Chromium found for the browser tests. Install one with `apt-get install -y chromium`, " +
        "set CHROMIUM_PATH to a Chromium binary, or run `npm ci` to get the @sparticuz/chromium fallback. " +
        `(fallback failed: ${(error as Error).message})`,
    );
  }
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: await findChromium(), args: CHROMIUM_ARGS, headless: true });
}

/** Requests that may leave the page: only this machine. */
export function isLocalUrl(url: string): boolean {
  if (url.startsWith("data:") || url.startsWith("blob:") || url.startsWith("about:")) return true;
  try {
    const { hostname } = new URL(url);
    return hostname === "127.0.0.1" || hostname === "localhost" || hostname === "[::1]";
  } catch {
    return false;
  }
}

/**
 * A browser context that blocks every non-local request and records what it blocked, so a test
 * can assert that no third-party request happened (or which one did).
 */
export async function newIsolatedContext(browser: Browser, options: BrowserContextOptions = {}) {
  const context: BrowserContext = await browser.newContext(options);
  const blocked: string[] = [];
  await context.route("**/*", (route) => {
    const url = route.request().url();
    if (isLocalUrl(url)) return route.continue();
    blocked.push(url);
    return route.abort("blockedbyclient");
  });
  return { context, blocked };
}
