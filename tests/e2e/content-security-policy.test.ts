import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { headersFor, hostingHeaders } from "../../src/hosting/headers-file.ts";
import { launchChromium, newIsolatedContext } from "../helpers/browser.ts";
import { buildProject, copySample, removeDir, serveFolder } from "../helpers/sample-site.ts";

const PAGES = ["/", "/residential-gopher-control", "/commercial-gopher-control", "/service-areas", "/about",
  "/temecula-gopher-control", "/blog", "/blog/60-day-warranty-explained", "/privacy-policy", "/no-such-page"];

let dir: string;
let browser: Browser;
let server: Awaited<ReturnType<typeof serveFolder>>;

beforeAll(async () => {
  dir = await copySample();
  const { site } = await buildProject(dir);
  const rules = hostingHeaders(site);
  // Served over plain http here: upgrading requests to https would break the local server.
  server = await serveFolder(path.join(dir, "dist"), (requestPath) => {
    const headers = headersFor(rules, requestPath);
    headers["content-security-policy"] = headers["content-security-policy"]!.replace(/; upgrade-insecure-requests$/, "");
    return headers;
  });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await removeDir(dir);
});

describe("the Content-Security-Policy of _headers", () => {
  it("allows everything each page type loads: its own files, the lazy embeds and the call-back form", async () => {
    const { context, blocked } = await newIsolatedContext(browser, { viewport: { width: 375, height: 740 } });
    await context.addInitScript(() => {
      const found: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = found;
      document.addEventListener("securitypolicyviolation", (event) => found.push(`${event.effectiveDirective} ${event.blockedURI}`));
    });
    const violations: string[] = [];
    const page = await context.newPage();
    for (const pagePath of PAGES) {
      const response = await page.goto(server.url + pagePath);
      expect(response!.headers()["content-security-policy"]).toContain("script-src 'self' https://");
      // The first scroll loads the tag manager and the embeds near the viewport.
      await page.mouse.wheel(0, 200);
      for (const embed of await page.locator("[data-lazy-embed]").all()) {
        await embed.scrollIntoViewIfNeeded();
        await page.waitForTimeout(200);
      }
      await page.locator("[data-callback-open]").first().click();
      await page.waitForTimeout(300);
      const found = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
      violations.push(...found.map((violation) => `${pagePath}: ${violation}`));
    }
    expect(violations).toEqual([]);
    // The policy was put to work: the third parties were requested (and blocked by the test, not by the CSP).
    expect(blocked.some((url) => url.startsWith("https://www.googletagmanager.com/"))).toBe(true);
    expect(blocked.some((url) => url.startsWith("https://reputationhub.site/"))).toBe(true);
    expect(blocked.some((url) => url.startsWith("https://api.leadconnectorhq.com/"))).toBe(true);
    expect(blocked.some((url) => url.startsWith("https://link.msgsndr.com/"))).toBe(true);
    expect(blocked.some((url) => url.startsWith("https://maps.google.com/"))).toBe(true);
    await context.close();
  }, 90_000);
});
