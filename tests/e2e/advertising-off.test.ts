import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseDocument } from "yaml";
import { launchChromium, newIsolatedContext } from "../helpers/browser.ts";
import { copyFixture } from "../helpers/fixture-site.ts";
import { buildProject, removeDir, serveFolder } from "../helpers/sample-site.ts";

// A site (the small fixture, English only) whose container runs no advertising tags
// (`advertising: false`), visited by a browser that stored "granted" earlier: when the site still
// had ad tags, or by any script on the origin.
const CHOICE_KEY = "gopher-site:advertising";
const DENIED_ADS = { ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied" };

let dir: string;
let server: { url: string; close: () => Promise<void> };
let browser: Browser;

beforeAll(async () => {
  dir = await copyFixture("small", { oneLanguage: true });
  const config = path.join(dir, "site.yaml");
  const doc = parseDocument(await readFile(config, "utf8"));
  doc.setIn(["integrations", "analytics", "advertising"], false);
  doc.setIn(["integrations", "analytics", "runs"], ["ga4"]);
  // Opt-out and opt-in alike: neither may let a stored choice grant what site.yaml turns off.
  doc.setIn(["integrations", "analytics", "consent", "advertising"], "granted");
  await writeFile(config, doc.toString());
  await buildProject(dir);
  server = await serveFolder(path.join(dir, "dist"));
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (dir) await removeDir(dir);
});

/** The gtag commands in the data layer, as plain arrays. */
const commands = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? [])
      .filter((entry) => Object.prototype.toString.call(entry) === "[object Arguments]")
      .map((entry) => Array.from(entry as ArrayLike<unknown>)),
  );

describe("advertising: false", () => {
  it("keeps ad_storage, ad_user_data and ad_personalization denied although the browser stored \"granted\"", async () => {
    const { context, blocked } = await newIsolatedContext(browser);
    try {
      await context.addInitScript((key) => localStorage.setItem(key, "granted"), CHOICE_KEY);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await page.goto(server.url + "/", { waitUntil: "load" });
      expect(await page.evaluate((key) => localStorage.getItem(key), CHOICE_KEY)).toBe("granted");

      // The first interaction loads the container (aborted by the test): consent is what it would read.
      await page.mouse.wheel(0, 400);
      await expect.poll(() => blocked.filter((url) => url.startsWith("https://www.googletagmanager.com/gtm.js")).length).toBe(1);
      expect(await commands(page)).toEqual([
        ["consent", "default", { ...DENIED_ADS, analytics_storage: "granted" }],
        ["set", "ads_data_redaction", true],
      ]);
      // No opt-out control to switch advertising back on, either.
      await page.goto(server.url + "/privacy-policy", { waitUntil: "load" });
      expect(await page.locator("[data-privacy-choices]").count()).toBe(0);
      expect((await commands(page)).filter(([name]) => name === "consent")).toEqual([["consent", "default", { ...DENIED_ADS, analytics_storage: "granted" }]]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
