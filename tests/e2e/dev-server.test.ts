import { cp, readFile, rename, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDevServer, type DevServer } from "../../src/dev/dev-server.ts";
import { EVENTS_PATH } from "../../src/dev/live-reload.ts";
import { UserError } from "../../src/errors.ts";
import { headersFor, parseHeadersFile } from "../../src/hosting/headers-file.ts";
import { plainHttpRules } from "../../src/hosting/plain-http.ts";
import { createLogger } from "../../src/log.ts";
import { launchChromium, newIsolatedContext } from "../helpers/browser.ts";
import { copyFixture } from "../helpers/fixture-site.ts";
import { REPO_ROOT, removeDir } from "../helpers/sample-site.ts";
import { terminalLog } from "../helpers/terminal-log.ts";

let dir: string;
let server: DevServer;
let browser: Browser;
let page: Page;
const { log: terminalLogger, lines: terminal } = terminalLog();

/**
 * Saves a change by rename, so every build reads the whole new file: a file saved in place may be
 * read half written and built twice (tests/integration/dev-save-in-place.test.ts), a reload each.
 */
async function edit(file: string, change: (text: string) => string): Promise<void> {
  const target = path.join(dir, file);
  // Written where the watcher does not look, so the only change it sees is the file's own.
  const saving = path.join(dir, `.saving-${path.basename(file)}`);
  await writeFile(saving, change(await readFile(target, "utf8")));
  await rename(saving, target);
}

/**
 * Opens a page once every build is done, and returns once its reload client is connected: a change
 * saved before that would reach it as a reload (it was served before the build), not as the event.
 */
async function openConnected(on: Page, pagePath: string): Promise<void> {
  await server.whenIdle();
  const connected = on.waitForResponse((response) => response.url().includes(EVENTS_PATH));
  await on.goto(`${server.url}${pagePath}`);
  await connected;
}

/** Runs `save` and resolves once the page has reloaded because of it. */
async function reloadedAfter(on: Page, save: () => Promise<void>): Promise<void> {
  const loaded = on.waitForEvent("load", { timeout: 30_000 });
  await save();
  await loaded;
}

const OVERLAY = "#gopher-site-error-overlay";

/** Waits until the error overlay shows `text` (a half-built first look may show another error first). */
async function overlayShows(on: Page, text: string): Promise<void> {
  await on.waitForFunction((expected) => document.getElementById("gopher-site-error-overlay")?.textContent?.includes(expected) ?? false, text, { timeout: 30_000 });
}

beforeAll(async () => {
  // The small fixture with templates of its own (the built-in ones copied in), so that a test may edit them.
  dir = await copyFixture("small");
  await cp(path.join(REPO_ROOT, "templates"), path.join(dir, "templates"), { recursive: true });
  server = await startDevServer({ config: path.join(dir, "site.yaml"), port: 0, host: "127.0.0.1", log: terminalLogger, outDir: path.join(dir, ".dev-out") });
  browser = await launchChromium();
  const { context } = await newIsolatedContext(browser);
  page = await context.newPage();
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (dir) await removeDir(dir);
});

// Each wait below allows 30 s for a rebuild on a loaded machine; a test gets twice that.
describe("gopher-site dev", { timeout: 60_000 }, () => {
  it("serves clean URLs with the reload client injected, and 404.html with status 404", async () => {
    const response = await page.goto(`${server.url}/temecula-gopher-control`);
    expect(response!.status()).toBe(200);
    expect(await page.locator('script[src^="/__gopher/client.js?version="]').count()).toBe(1);
    const built = await readFile(path.join(dir, ".dev-out", "temecula-gopher-control.html"), "utf8");
    expect(built).not.toContain("__gopher");
    const missing = await fetch(`${server.url}/no-such-page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Oops! Page not found");
  });

  it("shows a new phone number without a manual reload", async () => {
    await openConnected(page, "/temecula-gopher-control");
    expect(await page.locator(".site-footer").textContent()).toContain("(951) 555-0142");
    await edit("site.yaml", (text) => text.replace("display: (951) 555-0142", "display: (909) 555-0199").replace('tel: "+19515550142"', 'tel: "+19095550199"'));
    await page.waitForFunction(() => document.querySelector('a[href="tel:+19095550199"]') !== null, null, { timeout: 30_000 });
    expect(await page.locator(".site-footer").textContent()).toContain("(909) 555-0199");
  });

  it("shows an overlay with file and line when site.yaml breaks, keeps serving, and recovers when fixed", async () => {
    await openConnected(page, "/temecula-gopher-control");
    const line = (await readFile(path.join(dir, "site.yaml"), "utf8")).split("\n").indexOf("  days: 60") + 1;
    const problem = `site.yaml:${line}:9  warranty.days  expected number, got text "sixty"`;
    await edit("site.yaml", (text) => text.replace("  days: 60\n", "  days: sixty\n"));
    await overlayShows(page, problem);
    expect(terminal.some((entry) => entry.endsWith(problem))).toBe(true);
    // The last good site is still served, and a page opened now shows the error too.
    const fresh = await page.context().newPage();
    const response = await fresh.goto(`${server.url}/about`);
    expect(response!.status()).toBe(200);
    await overlayShows(fresh, problem);
    await fresh.close();

    await reloadedAfter(page, () => edit("site.yaml", (text) => text.replace("  days: sixty\n", "  days: 60\n")));
    expect(await page.locator(OVERLAY).count()).toBe(0);
    expect(await page.locator("h1").textContent()).toContain("Temecula");
  });

  it("sends the build's _headers, and its Content-Security-Policy refuses nothing of a page, the reload client and the overlay included", async () => {
    const { context } = await newIsolatedContext(browser);
    const violations: string[] = [];
    await context.exposeBinding("reportCspViolation", (_source, text: string) => void violations.push(text));
    await context.addInitScript(() => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      document.addEventListener("securitypolicyviolation", (event) => report(`${event.effectiveDirective} ${event.blockedURI}`));
    });
    try {
      const own = await context.newPage();
      await server.whenIdle();
      const connected = own.waitForResponse((answer) => answer.url().includes(EVENTS_PATH));
      const response = await own.goto(`${server.url}/about`);
      await connected;
      const headersFile = path.join(dir, ".dev-out", "_headers");
      // As written for the build's host, but over plain HTTP (tests/e2e/plain-http.test.ts).
      const expected = headersFor(plainHttpRules(parseHeadersFile(await readFile(headersFile, "utf8"), headersFile)), "/about");
      expect(expected["content-security-policy"]).toMatch(/script-src 'self'/);
      for (const [name, value] of Object.entries(expected)) expect(response!.headers()[name], name).toBe(value);
      // The injected client runs under the policy: it connects, and shows the overlay of a broken save.
      await edit("site.yaml", (text) => text.replace("  days: 60\n", "  days: sixty\n"));
      await overlayShows(own, "warranty.days");
      // The fixed save reloads the page: what follows runs in the reloaded page, not the one going away.
      await reloadedAfter(own, () => edit("site.yaml", (text) => text.replace("  days: sixty\n", "  days: 60\n")));
      expect(await own.locator(OVERLAY).count()).toBe(0);
      expect(violations).toEqual([]);
      // The check itself: an inline script, which the policy exists to refuse, is reported.
      await own.evaluate(() => document.head.append(Object.assign(document.createElement("script"), { textContent: "0" })));
      await own.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
      expect(violations).toEqual(["script-src-elem inline"]);
    } finally {
      await context.close();
    }
  });

  it("swaps the stylesheet without reloading when only CSS changed", async () => {
    await openConnected(page, "/about");
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    const before = await page.locator('link[rel="stylesheet"]').getAttribute("href");
    await edit("templates/styles/site.css", (text) => `${text}\n.dev-test-marker { color: red; }\n`);
    await page.waitForFunction((href) => document.querySelector('link[rel="stylesheet"]')!.getAttribute("href") !== href, before, { timeout: 30_000 });
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    // The page's own kind of stylesheet, the new one: what a reload of the page would link.
    const swapped = await page.locator('link[rel="stylesheet"]').getAttribute("href");
    expect(swapped!.split("/").pop()!.split(".")[0]).toBe(before!.split("/").pop()!.split(".")[0]);
    expect(await (await fetch(`${server.url}/about`)).text()).toContain(`href="${swapped}"`);
  });

  it("picks up a template edit without a restart", async () => {
    await page.goto(`${server.url}/`);
    await edit("templates/pages/not-found.tsx", (text) => text.replace("{page.copy.homeLink}", "{page.copy.homeLink} (edited)"));
    const deadline = Date.now() + 30_000;
    let html = "";
    while (Date.now() < deadline && !html.includes("Return to Home (edited)")) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      await server.whenIdle();
      html = await (await fetch(`${server.url}/missing`)).text();
    }
    expect(html).toContain("Return to Home (edited)");
  });

  it("refuses a port in use with a clear message", async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const { port } = blocker.address() as AddressInfo;
    const log = createLogger({ level: "quiet" });
    try {
      await expect(startDevServer({ config: path.join(dir, "site.yaml"), port, host: "127.0.0.1", log, outDir: path.join(dir, ".dev-out-2") })).rejects.toThrowError(
        new UserError(`port ${port} is already in use on 127.0.0.1; stop the other server or pass --port <another>`),
      );
    } finally {
      blocker.close();
    }
  });
});
