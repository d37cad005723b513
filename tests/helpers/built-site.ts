import path from "node:path";
import type { Browser, BrowserContextOptions } from "playwright-core";
import { afterAll, afterEach, beforeAll } from "vitest";
import { launchChromium, newIsolatedContext } from "./browser.ts";
import { copyFixture, type Fixture } from "./fixture-site.ts";
import { loadSample } from "./sample-data.ts";
import { buildProject, copySample, REPO_ROOT, removeDir, serveFolder } from "./sample-site.ts";

export interface BuiltSite {
  /** Base address of the served site, e.g. `http://127.0.0.1:41234`. */
  url: string;
  browser: Browser;
  /**
   * Opens a path in a fresh context where every non-local request is blocked and recorded, with
   * the page's errors and console lines collected. `init` runs before the page's own scripts.
   */
  visit: (path: string, options?: VisitOptions) => Promise<Visit>;
  /** Closes the contexts opened by visit (call after each test). */
  closeContexts: () => Promise<void>;
  close: () => Promise<void>;
}

/** A visit's context options; `init` runs before the page's scripts, `beforeGoto` gets the page before it loads (to route requests). */
export type VisitOptions = BrowserContextOptions & { init?: string; beforeGoto?: (page: import("playwright-core").Page) => Promise<unknown> };

export interface Visit {
  context: import("playwright-core").BrowserContext;
  page: import("playwright-core").Page;
  blocked: string[];
  errors: string[];
  console: string[];
  response: import("playwright-core").Response | null;
}

/** Which site to build: a fixture of tests/fixtures/, or the sample (for the sample's own tests) without one. */
export interface BuiltSiteOptions {
  fixture?: Fixture;
}

/**
 * For one browser test file: builds a temp copy of the sample (or of `fixture`), serves its dist/
 * like a static host and launches Chromium. Throws (the suite fails, never skips) when no browser is found.
 */
export async function startBuiltSite(options: BuiltSiteOptions = {}): Promise<BuiltSite> {
  const dir = options.fixture ? await copyFixture(options.fixture) : await copySample();
  try {
    await buildProject(dir);
    const server = await serveFolder(path.join(dir, "dist"));
    const browser = await launchChromium().catch(async (error: unknown) => {
      await server.close();
      throw error;
    });
    const contexts: Array<{ close(): Promise<void> }> = [];
    const visit = async (pagePath: string, options: VisitOptions = {}): Promise<Visit> => {
      const { init, beforeGoto, ...contextOptions } = options;
      const { context, blocked } = await newIsolatedContext(browser, contextOptions);
      contexts.push(context);
      const page = await context.newPage();
      const errors: string[] = [];
      const console: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      page.on("console", (message) => console.push(message.text()));
      if (init) await page.addInitScript(init);
      await beforeGoto?.(page);
      const response = await page.goto(server.url + pagePath, { waitUntil: "load" });
      return { context, page, blocked, errors, console, response };
    };
    return {
      url: server.url,
      browser,
      visit,
      closeContexts: async () => {
        await Promise.all(contexts.splice(0).map((context) => context.close()));
      },
      close: async () => {
        await browser.close();
        await server.close();
        await removeDir(dir);
      },
    };
  } catch (error) {
    await removeDir(dir);
    throw error;
  }
}

/** What a browser test file gets from useBuiltSite. */
export interface BuiltSiteSuite {
  readonly site: BuiltSite;
  /** The built site's config and copy (the sample's, or the fixture's), to compare the pages with. */
  readonly sample: Awaited<ReturnType<typeof loadSample>>;
  visit: BuiltSite["visit"];
}

/**
 * Registers a browser test file's hooks: build and serve the sample (or `fixture`) and start
 * Chromium once, close each test's browser contexts after it, and everything at the end.
 */
export function useBuiltSite(options: BuiltSiteOptions = {}): BuiltSiteSuite {
  let site: BuiltSite | undefined;
  let sample: BuiltSiteSuite["sample"] | undefined;
  beforeAll(async () => {
    const root = options.fixture ? path.join(REPO_ROOT, "tests", "fixtures", options.fixture) : undefined;
    [site, sample] = await Promise.all([startBuiltSite(options), loadSample(root)]);
  });
  afterEach(() => site?.closeContexts());
  afterAll(() => site?.close());
  return {
    get site() {
      return site!;
    },
    get sample() {
      return sample!;
    },
    visit: (path, options) => site!.visit(path, options),
  };
}
