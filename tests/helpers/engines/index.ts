import path from "node:path";
import { afterAll, afterEach, beforeAll, describe } from "vitest";
import { copyFixture, type Fixture } from "../fixture-site.ts";
import { loadSample } from "../sample-data.ts";
import { buildProject, copySample, removeDir, serveFolder } from "../sample-site.ts";
import { launchChromiumEngine } from "./chromium.ts";
import { launchFirefoxEngine } from "./firefox.ts";
import type { Engine, EngineName, EnginePage, OpenOptions } from "./types.ts";
import { launchWebKitEngine } from "./webkit.ts";

export type { EngineName, EnginePage, Key, OpenOptions } from "./types.ts";
export { RIVERSIDE } from "./types.ts";

const LAUNCH: Record<EngineName, () => Promise<Engine>> = {
  chromium: launchChromiumEngine,
  firefox: launchFirefoxEngine,
  webkit: launchWebKitEngine,
};

/** The engines to run, from ENGINES (e.g. `ENGINES=webkit` or `ENGINES=firefox,webkit`); all three by default. */
export function selectedEngines(): EngineName[] {
  const names = (process.env.ENGINES ?? "chromium,firefox,webkit").split(",").map((name) => name.trim()).filter(Boolean);
  const unknown = names.filter((name) => !(name in LAUNCH));
  if (unknown.length > 0) throw new Error(`ENGINES names ${unknown.join(", ")}: use chromium, firefox and webkit`);
  return names as EngineName[];
}

/** The site a test file's pages come from, built and served once for the file. */
export interface ServedSample {
  readonly url: string;
  /** The served site's config and copy (loadSample of its folder), to compare the pages with. */
  readonly sample: Awaited<ReturnType<typeof loadSample>>;
}

/** A site of a test's own, served for one engine's tests and stopped after them. */
export interface EngineSite extends ServedSample {
  close(): Promise<void>;
}

/**
 * Which site a test file's engines open: a copy of a fixture of tests/fixtures/ (changed by
 * `prepare` before it is built), the sample itself (for the sample's own spec tests), or a site
 * the file serves for each engine alone.
 */
export type EngineSites =
  | { fixture: Fixture; prepare?: (dir: string) => Promise<unknown> }
  | { sample: true }
  | { serveForEngine: (name: EngineName) => Promise<EngineSite> };

/** What one engine's tests get: fresh pages of the served site, closed after each test. */
export interface EngineSuite {
  readonly name: EngineName;
  readonly minWidth: number;
  readonly supportsGpc: boolean;
  readonly site: ServedSample;
  /** A fresh page at `path`, loaded. */
  open(path: string, options?: OpenOptions): Promise<EnginePage>;
}

/**
 * Registers a test file's hooks: the site of `sites` built and served once, then for each selected
 * engine a `describe` named after it, whose `body` defines the tests once for every engine. A missing
 * engine fails the tests with the command that installs it, never skips them. With `serveForEngine`,
 * each engine's tests open a site of the test's own instead, started for that engine alone (a server
 * that keeps state, such as `gopher-site serve`'s rate limit, starts afresh for each).
 */
export function forEachEngine(body: (engine: EngineSuite) => void, sites: EngineSites): void {
  let served: EngineSite | undefined;
  const serveForEngine = "serveForEngine" in sites ? sites.serveForEngine : undefined;
  if (!serveForEngine) {
    beforeAll(async () => {
      if ("sample" in sites) served = await serveSite(await copySample());
      else if ("fixture" in sites) served = await serveSite(await copyFixture(sites.fixture), sites.prepare);
    });
    afterAll(() => served?.close());
  }

  for (const name of selectedEngines()) {
    describe(name, () => {
      let own: EngineSite | undefined;
      if (serveForEngine) {
        beforeAll(async () => {
          own = await serveForEngine(name);
        });
        afterAll(() => own?.close());
      }
      // Launched by the first test that opens a page, so that a missing engine fails every test
      // with the command that installs it (a failing beforeAll would report them skipped).
      let launching: Promise<Engine> | undefined;
      const engine = () => (launching ??= LAUNCH[name]());
      const pages: EnginePage[] = [];
      afterEach(async () => {
        await Promise.all(pages.splice(0).map((page) => page.close().catch(() => {})));
      });
      afterAll(async () => {
        const launched = await launching?.catch(() => undefined);
        await launched?.close();
      });
      body({
        name,
        minWidth: name === "webkit" ? 447 : 320,
        supportsGpc: name === "firefox",
        get site() {
          return (own ?? served)!;
        },
        open: async (path, options) => {
          const page = await (await engine()).open((own ?? served)!.url, options);
          pages.push(page);
          await page.goto(path);
          return page;
        },
      });
    });
  }
}

/** Builds and serves a copy of a site (removed once closed), changed by `prepare` first. */
async function serveSite(dir: string, prepare?: (dir: string) => Promise<unknown>): Promise<EngineSite> {
  try {
    await prepare?.(dir);
    const [, sample] = await Promise.all([buildProject(dir), loadSample(dir)]);
    const server = await serveFolder(path.join(dir, "dist"));
    return {
      url: server.url,
      sample,
      close: async () => {
        await server.close();
        await removeDir(dir);
      },
    };
  } catch (error) {
    await removeDir(dir);
    throw error;
  }
}
