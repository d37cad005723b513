import { readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Site } from "../../src/config/schema.ts";
import { headersFor, parseHeadersFile } from "../../src/hosting/headers-file.ts";
import { withoutUpgrade } from "../../src/hosting/plain-http.ts";
import { launchChromium, newIsolatedContext } from "../helpers/browser.ts";
import { HOSTS, startHost, type RunningHost } from "../helpers/host-servers.ts";
import { copyFixture } from "../helpers/fixture-site.ts";
import { buildProject, removeDir } from "../helpers/sample-site.ts";
import { serveTagStandIns, TAG_STAND_INS } from "../helpers/tag-stand-ins.ts";

// The policy under test is the one the build of the small fixture wrote into dist/_headers, as
// each server sends it over plain HTTP: without upgrade-insecure-requests (tests/e2e/plain-http.test.ts
// shows why).
const PAGES = ["/", "/residential-gopher-control", "/commercial-gopher-control", "/service-areas", "/about",
  "/temecula-gopher-control", "/blog", "/blog/60-day-warranty-explained", "/privacy-policy", "/no-such-page"];
const WAIT_MS = 10_000;

let dir: string;
let site: Site;
let policy: string;
let browser: Browser;

beforeAll(async () => {
  dir = await copyFixture("small");
  ({ site } = await buildProject(dir));
  const headersFile = path.join(dir, "dist", "_headers");
  policy = withoutUpgrade(headersFor(parseHeadersFile(readFileSync(headersFile, "utf8"), headersFile), "/")["content-security-policy"]!);
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await removeDir(dir);
});

type StandIns = Awaited<ReturnType<typeof serveTagStandIns>>;

/**
 * A context whose pages report every CSP violation, whenever it happens, until the context closes.
 * The tag manager's container and the tags it runs (site.yaml's `runs`, or `tags`) are local
 * stand-ins that go on to request what the real tags request; every other third party is blocked
 * by the test at its first request.
 */
async function watchedContext(tags = site.integrations.analytics?.runs ?? []): Promise<{
  context: BrowserContext;
  blocked: string[];
  violations: string[];
  standIns: StandIns;
}> {
  const { context, blocked } = await newIsolatedContext(browser, { viewport: { width: 375, height: 740 } });
  const standIns = await serveTagStandIns(context, tags);
  const violations: string[] = [];
  await context.exposeBinding("reportCspViolation", ({ page }, text: string) => {
    violations.push(`${new URL(page.url()).pathname}: ${text}`);
  });
  await context.addInitScript(() => {
    const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
    document.addEventListener("securitypolicyviolation", (event) => report(`${event.effectiveDirective} ${event.blockedURI}`));
  });
  return { context, blocked, violations, standIns };
}

/** Resolves once `page` has requested every one of `addresses` from the stand-ins; the error lists the violations seen. */
async function untilAnswered(page: Page, standIns: StandIns, addresses: string[], violations: string[]): Promise<void> {
  const missing = () => addresses.filter((address) => !standIns.answered(page).includes(address));
  const deadline = Date.now() + WAIT_MS;
  while (missing().length > 0) {
    if (Date.now() > deadline) {
      throw new Error(`${page.url()}: never requested ${JSON.stringify(missing())}; violations: ${JSON.stringify(violations)}`);
    }
    await page.waitForTimeout(50);
  }
}

/**
 * Every request a page makes, from its first. `until(address)` resolves once the page has requested
 * `address` (with any query; the test's router then blocks it), before or after the call. A request
 * the policy refused is never made: the error then lists the violations seen so far.
 */
function watchRequests(page: Page, violations: string[]) {
  const seen: string[] = [];
  page.on("request", (request) => seen.push(request.url()));
  return {
    until(address: string): Promise<void> {
      const { origin, pathname } = new URL(address);
      const matches = (url: string) => url.startsWith(origin + pathname);
      if (seen.some(matches)) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const onRequest = (request: Request) => {
          if (!matches(request.url())) return;
          done();
          resolve();
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`${page.url()}: ${address} was never requested; violations: ${JSON.stringify(violations)}`));
        }, WAIT_MS);
        const done = () => {
          clearTimeout(timer);
          page.off("request", onRequest);
        };
        page.on("request", onRequest);
      });
    },
  };
}

/**
 * Opens a page in a tab of its own (left open, so a late violation is still reported), checks the
 * policy header, then does what loads third parties, each time waiting for their requests: the
 * first scroll (the tag manager, then every request of the tags it runs), every lazy embed
 * scrolled into view, the call-back form.
 */
async function exercise(
  { context, violations, standIns }: { context: BrowserContext; violations: string[]; standIns: StandIns },
  base: string,
  pagePath: string,
  tagRequests = standIns.expected,
): Promise<Page> {
  const page = await context.newPage();
  const requests = watchRequests(page, violations);
  const response = await page.goto(base + pagePath, { waitUntil: "load" });
  expect(response!.headers()["content-security-policy"], pagePath).toBe(policy);
  await page.mouse.wheel(0, 200);
  await untilAnswered(page, standIns, tagRequests, violations);
  for (const embed of await page.locator("[data-lazy-embed]").all()) {
    const sources = [await embed.getAttribute("data-src"), await embed.getAttribute("data-script")].filter((source) => source !== null);
    await embed.scrollIntoViewIfNeeded();
    await Promise.all(sources.map((source) => requests.until(source)));
  }
  await page.locator("[data-callback-open]").first().click();
  await Promise.all([requests.until(site.integrations.leadForm!.widgetUrl), requests.until(site.integrations.leadForm!.embedScriptUrl)]);
  return page;
}

/** A round trip through each page, so every violation it reported before has reached the test. */
async function settle(pages: Page[]): Promise<void> {
  for (const page of pages) await page.evaluate(() => 0);
}

describe.each(HOSTS)("the Content-Security-Policy of _headers, served by %s", (name) => {
  let host: RunningHost;
  beforeAll(async () => {
    host = await startHost(name, path.join(dir, "dist"));
  });
  afterAll(() => host?.close());

  it("allows everything each page type loads: its own files, the tag manager and all its tags request, the lazy embeds and the call-back form", async () => {
    const watched = await watchedContext();
    const { context, blocked, violations, standIns } = watched;
    try {
      const pages: Page[] = [];
      for (const pagePath of PAGES) pages.push(await exercise(watched, host.url, pagePath));
      await settle(pages);
      expect(violations).toEqual([]);
      // The policy was put to work: every page requested the container and each request of its
      // tags (exercise waited for them) ...
      expect(site.integrations.analytics!.runs).toEqual(["ga4", "google-ads"]);
      expect(standIns.expected.filter((url) => /doubleclick|googleadservices/.test(url)).length).toBeGreaterThan(3);
      for (const page of pages) expect(new Set(standIns.answered(page))).toEqual(new Set(standIns.expected));
      // ... and the embeds' first requests (blocked by the test, not by the CSP).
      for (const origin of ["https://reputationhub.site/", "https://api.leadconnectorhq.com/", "https://link.msgsndr.com/", "https://maps.google.com/"]) {
        expect(blocked.some((url) => url.startsWith(origin)), origin).toBe(true);
      }
    } finally {
      await context.close();
    }
  }, 180_000);
});

describe("the CSP check itself", () => {
  it("counts a violation that happens after a page's own checks, while the next page is tested", async () => {
    const host = await startHost("preview", path.join(dir, "dist"));
    const watched = await watchedContext();
    const { context, violations } = watched;
    try {
      const first = await exercise(watched, host.url, "/");
      // An inline script: what the policy exists to refuse.
      await first.evaluate(() => setTimeout(() => document.head.append(Object.assign(document.createElement("script"), { textContent: "0" })), 0));
      const second = await exercise(watched, host.url, "/about");
      await settle([first, second]);
      expect(violations).toEqual(["/: script-src-elem inline"]);
    } finally {
      await context.close();
      await host.close();
    }
  }, 60_000);

  it("blocks a tag site.yaml does not declare: Floodlight in a container declared as GA4 and Google Ads", async () => {
    const runs = site.integrations.analytics!.runs;
    expect(runs).not.toContain("floodlight");
    const host = await startHost("preview", path.join(dir, "dist"));
    const watched = await watchedContext([...runs, "floodlight"]);
    const { context, violations, standIns } = watched;
    try {
      const floodlight = TAG_STAND_INS.floodlight.map((request) => request.url);
      const declared = standIns.expected.filter((url) => !floodlight.includes(url));
      const page = await exercise(watched, host.url, "/", declared);
      await expect.poll(() => violations.length).toBe(2);
      await settle([page]);
      // Chromium names a refused frame by its origin only: compare origins.
      const refused = violations.map((violation) => violation.replace(/(https:\/\/[^/]+)\/.*$/, "$1")).sort();
      expect(refused).toEqual(["/: frame-src https://1234567.fls.doubleclick.net", "/: img-src https://ad.doubleclick.net"]);
      expect(standIns.answered(page).filter((url) => floodlight.includes(url))).toEqual([]);
    } finally {
      await context.close();
      await host.close();
    }
  }, 60_000);
});
