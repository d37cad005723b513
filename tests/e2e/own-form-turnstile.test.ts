import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { headersFromFile } from "../../src/http/site-headers.ts";
import { createStaticServer } from "../../src/http/static-server.ts";
import { launchChromium, newIsolatedContext } from "../helpers/browser.ts";
import { copyOwnFormSite } from "../helpers/own-form-site.ts";
import { buildProject, editProjectFile, removeDir } from "../helpers/sample-site.ts";

// The own-form fixture (a site with its own call-back form), with and without Cloudflare Turnstile
// (leads.turnstile), each built and served with its _headers (CSP included). Every request off this
// machine is blocked and recorded (helpers/browser.ts): Cloudflare's script never arrives, but its
// request shows that the page asked for it, and when; the policy refuses a script before any
// request is made, so the request also shows that the Content-Security-Policy lets it through.
const TURNSTILE_API = "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit";
const sites: Record<"with" | "without", { dir: string; url: string; server: ReturnType<typeof createStaticServer> }> = {} as never;
const posts: URLSearchParams[] = [];
let browser: Browser;

async function serveSite(turnstile: boolean) {
  const dir = await copyOwnFormSite();
  if (turnstile) await editProjectFile(dir, "site.yaml", (text) => text.replace("\nleads:\n  delivery: server\n", '\nleads:\n  delivery: server\n  turnstile: { siteKey: "1x00000000000000000000AA" }\n'));
  await buildProject(dir);
  const dist = path.join(dir, "dist");
  const server = createStaticServer({
    root: dist,
    headers: headersFromFile(path.join(dist, "_headers")),
    routes: [
      {
        path: "/api/lead",
        methods: ["POST"],
        handle(request, response) {
          let body = "";
          request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
          request.on("end", () => {
            posts.push(new URLSearchParams(body));
            response.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
          });
        },
      },
    ],
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { dir, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

beforeAll(async () => {
  sites.with = await serveSite(true);
  sites.without = await serveSite(false);
  browser = await launchChromium();
}, 240_000);
afterAll(async () => {
  await browser?.close();
  for (const site of Object.values(sites)) {
    await new Promise((resolve) => site.server.close(resolve));
    await removeDir(site.dir);
  }
});

async function open(site: "with" | "without", address: string): Promise<{ page: Page; blocked: string[]; refused: string[] }> {
  const { context, blocked } = await newIsolatedContext(browser, { viewport: { width: 1280, height: 800 }, reducedMotion: "reduce" });
  const page = await context.newPage();
  const refused: string[] = [];
  page.on("console", (message) => (/Content Security Policy/i.test(message.text()) ? refused.push(message.text()) : undefined));
  await page.goto(sites[site].url + address, { waitUntil: "load" });
  return { page, blocked, refused };
}

/**
 * A stand-in for Cloudflare's api.js, answered in the browser (no request leaves this machine): its
 * render() records what it was given, puts a frame from Cloudflare's origin in the widget's place,
 * and adds the hidden field with a token, as the real widget does once its check is passed;
 * reset() gives a fresh token, as a passed check again would.
 */
const STAND_IN = `window.turnstile = {
  calls: [],
  render(place, params) {
    this.calls.push("render " + params.sitekey + " " + params.language);
    const frame = document.createElement("iframe");
    frame.src = "https://challenges.cloudflare.com/cdn-cgi/challenge-platform/stand-in";
    const field = Object.assign(document.createElement("input"), { type: "hidden", name: "cf-turnstile-response", value: "token-1" });
    place.append(frame, field);
    return "widget-1";
  },
  reset(widget) {
    this.calls.push("reset " + widget);
    document.querySelector("[name=cf-turnstile-response]").value = "token-" + this.calls.length;
  },
};`;

const dialogOpen = (page: Page) => page.evaluate(() => document.querySelector<HTMLDialogElement>("dialog[data-lead-modal]")!.open);
const cloudflare = (blocked: string[]) => blocked.filter((address) => address.startsWith("https://challenges.cloudflare.com/"));
const cloudflareScripts = (page: Page) => page.locator('script[src^="https://challenges.cloudflare.com/"]').count();

async function openForm(page: Page): Promise<void> {
  await page.locator("main [data-callback-open]").first().click();
  await expect.poll(() => dialogOpen(page)).toBe(true);
  // The form's own script, with Turnstile's, is imported on use (client/lead-modal.ts): it has run.
  await expect.poll(() => page.evaluate(() => document.querySelector<HTMLFormElement>("form[data-lead-form]")!.noValidate)).toBe(true);
}

describe("Cloudflare Turnstile on the own form, in Chromium", () => {
  it("asks for Cloudflare's script, in explicit mode, only once the modal opens, and once however often it opens", async () => {
    const { page, blocked, refused } = await open("with", "/about");
    // Loaded, its scripts run and the network quiet: nothing of Cloudflare's asked for, nor in the page.
    await page.waitForLoadState("networkidle");
    expect(cloudflare(blocked)).toEqual([]);
    expect(await cloudflareScripts(page)).toBe(0);
    await openForm(page);
    await expect.poll(() => cloudflare(blocked)).toEqual([TURNSTILE_API]);
    await page.keyboard.press("Escape");
    // Opened again (the open runs the form's hooks at once): still the one script, so one request.
    await openForm(page);
    expect(await cloudflareScripts(page)).toBe(1);
    expect(cloudflare(blocked)).toEqual([TURNSTILE_API]);
    expect(refused).toEqual([]);
  });

  it("sends nothing while the widget has given no token, and says so above the form", async () => {
    const { page } = await open("with", "/");
    await openForm(page);
    await page.locator("#lead-name").fill("Ann");
    await page.locator("#lead-phone").fill("(951) 555-0100");
    const before = posts.length;
    await page.locator(".lead-form-send").click();
    await expect.poll(() => page.locator("[data-lead-alert]").textContent()).toBe("Your request could not be sent. Please try again, or call us.");
    expect(posts.length).toBe(before);
    expect(await dialogOpen(page)).toBe(true);
  });

  it("sends nothing, and says so, when the form's own script (which alone can pass Cloudflare's check) does not arrive", async () => {
    const { page } = await open("with", "/about");
    // Held: the script never arrives; a post as a page would carry no token, taken for a robot's.
    await page.route(/\/assets\/lead-form\.\w+\.js$/, () => {});
    await page.locator("main [data-callback-open]").first().click();
    await expect.poll(() => dialogOpen(page)).toBe(true);
    await page.locator("#lead-name").fill("Ann");
    await page.locator("#lead-phone").fill("(951) 555-0100");
    const before = posts.length;
    await page.locator(".lead-form-send").click();
    await expect.poll(() => page.locator("[data-lead-alert]").textContent(), { timeout: 10_000 }).toBe("Your request could not be sent. Please try again, or call us.");
    expect(posts.length).toBe(before);
    expect(page.url()).toContain("/about");
  });

  it("renders the widget when the modal opens and sends its token, resetting it for the next request (Cloudflare's script stood in for)", async () => {
    const { page, refused } = await open("with", "/es/nosotros");
    await page.route("https://challenges.cloudflare.com/**", (route) =>
      route.request().url() === TURNSTILE_API
        ? route.fulfill({ contentType: "text/javascript", body: STAND_IN })
        : route.fulfill({ contentType: "text/html", body: "<!doctype html><title>stand-in</title>" }),
    );
    const calls = () => page.evaluate(() => (window as unknown as { turnstile?: { calls: string[] } }).turnstile?.calls ?? []);
    await openForm(page);
    await expect.poll(calls).toEqual(["render 1x00000000000000000000AA es"]);
    await page.locator("#lead-name").fill("Ana");
    await page.locator("#lead-phone").fill("(951) 555-0100");
    const before = posts.length;
    await page.locator(".lead-form-send").click();
    await expect.poll(() => dialogOpen(page)).toBe(false);
    expect(posts.length).toBe(before + 1);
    expect(posts.at(-1)!.get("cf-turnstile-response")).toBe("token-1");
    expect(await calls()).toEqual(["render 1x00000000000000000000AA es", "reset widget-1"]);
    // Opened again, the widget already there is kept (the open's hook has run by the time it is open).
    await openForm(page);
    expect(await calls()).toHaveLength(2);
    expect(await page.locator(".lead-turnstile iframe").count()).toBe(1);
    expect(refused).toEqual([]);
  });

  it("makes no request to Cloudflare on a site without it, the modal opened and the form sent", async () => {
    const { page, blocked } = await open("without", "/");
    await openForm(page);
    await page.locator("#lead-name").fill("Ann");
    await page.locator("#lead-phone").fill("(951) 555-0100");
    const before = posts.length;
    await page.locator(".lead-form-send").click();
    await expect.poll(() => dialogOpen(page)).toBe(false);
    expect(posts.length).toBe(before + 1);
    expect(cloudflare(blocked)).toEqual([]);
  });
});
