import { networkInterfaces } from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPreviewServer, type PreviewServer } from "../../src/dev/preview-server.ts";
import { launchChromium } from "../helpers/browser.ts";
import { copyFixture } from "../helpers/fixture-site.ts";
import { buildProject, removeDir } from "../helpers/sample-site.ts";

// `preview --host 0.0.0.0` of the small fixture (English only) opened as a phone on the same
// network opens it: by the machine's own address, over plain HTTP. (Chromium never upgrades
// requests to localhost, so 127.0.0.1 cannot show this.)
let dir: string;
let server: PreviewServer;
let browser: Browser;
let base: string;

/** An address of this machine that is not loopback, as another device on its network reaches it. */
function networkAddress(): string {
  const address = Object.values(networkInterfaces())
    .flatMap((addresses) => addresses ?? [])
    .find((candidate) => candidate.family === "IPv4" && !candidate.internal);
  if (!address) throw new Error("this test opens preview by the machine's network address, and this machine has no IPv4 address but loopback");
  return address.address;
}

beforeAll(async () => {
  dir = await copyFixture("small", { oneLanguage: true });
  await buildProject(dir);
  server = await startPreviewServer({ out: path.join(dir, "dist"), port: 0, host: "0.0.0.0" });
  base = `http://${networkAddress()}:${new URL(server.url).port}`;
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (dir) await removeDir(dir);
});

describe("preview over plain HTTP, opened by the machine's network address", () => {
  it("loads the page's own stylesheet, script and images from that address, not https", async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const ownHost = new URL(base).host;
    const elsewhere: string[] = [];
    const failed: string[] = [];
    // Only this server: every other request (the third parties, anything upgraded to https) is refused and listed.
    await context.route("**/*", (route) => {
      const url = new URL(route.request().url());
      if (url.protocol === "http:" && url.host === ownHost) return route.continue();
      if (url.host === ownHost) elsewhere.push(url.href);
      return route.abort("blockedbyclient");
    });
    try {
      const page = await context.newPage();
      page.on("requestfailed", (request) => {
        if (new URL(request.url()).host === ownHost) failed.push(request.url());
      });
      const response = await page.goto(`${base}/about`, { waitUntil: "load" });
      expect(response!.status()).toBe(200);
      // Nothing asked for at https://<address>, nothing of its own failed.
      expect(elsewhere).toEqual([]);
      expect(failed).toEqual([]);
      // The stylesheet is applied: its rules are readable (an https copy would be another origin's), the body is not the browser's default.
      const rules = await page.evaluate(() =>
        [...document.styleSheets].map((sheet) => {
          try {
            return sheet.cssRules.length;
          } catch {
            return -1;
          }
        }),
      );
      expect(rules.length).toBeGreaterThan(0);
      expect(Math.min(...rules)).toBeGreaterThan(10);
      expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe("0px");
      expect(response!.headers()["content-security-policy"]).toMatch(/script-src 'self'/);
      expect(response!.headers()["content-security-policy"]).not.toMatch(/upgrade-insecure-requests/);
    } finally {
      await context.close();
    }
  }, 60_000);
});
