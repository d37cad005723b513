import path from "node:path";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import type { BuildOptions } from "../../src/build.ts";
import { launchChromium, newIsolatedContext } from "./browser.ts";
import { copyFixture, type Fixture } from "./fixture-site.ts";
import { buildProject, removeDir, serveFolder } from "./sample-site.ts";

export interface ServedScenario {
  /** The served site's base address, e.g. `http://127.0.0.1:41234`. */
  readonly url: string;
  readonly browser: Browser;
  /** Opens an address of the site in a fresh context with these options (a viewport, no JavaScript). */
  open(address: string, options: BrowserContextOptions): Promise<Page>;
}

/**
 * For one browser test file: a temp copy of a fixture of tests/fixtures/ (a scenario: many services,
 * pages of its own; or the small site, changed by `prepare` into one: a notice), built, served like a
 * static host, with Chromium; all of it closed after the file. The suite fails, never skips, without a browser.
 */
export function servedScenario(options: { fixture: Fixture; prepare?: (dir: string) => Promise<unknown>; build?: Partial<BuildOptions> }): ServedScenario {
  let dir: string | undefined;
  let server: Awaited<ReturnType<typeof serveFolder>> | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    dir = await copyFixture(options.fixture);
    await options.prepare?.(dir);
    await buildProject(dir, options.build);
    server = await serveFolder(path.join(dir, "dist"));
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dir) await removeDir(dir);
  });
  return {
    get url() {
      return server!.url;
    },
    get browser() {
      return browser!;
    },
    async open(address, contextOptions) {
      const { context } = await newIsolatedContext(browser!, contextOptions);
      const page = await context.newPage();
      await page.goto(`${server!.url}${address}`, { waitUntil: "load" });
      return page;
    },
  };
}
