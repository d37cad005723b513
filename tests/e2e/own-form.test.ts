import axe from "axe-core";
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { headersFromFile } from "../../src/http/site-headers.ts";
import { createStaticServer } from "../../src/http/static-server.ts";
import type { LeadFields } from "../../src/leads/lead-form.ts";
import { refillForm } from "../../src/leads/refill-form.ts";
import { launchChromium, newIsolatedContext } from "../helpers/browser.ts";
import { copyOwnFormSite } from "../helpers/own-form-site.ts";
import { buildProject, removeDir } from "../helpers/sample-site.ts";

// The own-form fixture (a site with its own call-back form), built and served with its _headers
// (CSP included). POST /api/lead is answered here by a stand-in for the server half (src/leads/,
// gopher-site serve), in this test only: it answers as the contract between the two says, with
// what the test sets.
let dir: string;
let url: string;
let browser: Browser;
let server: ReturnType<typeof createStaticServer>;
const posts: Array<{ accept: string; type: string; body: URLSearchParams }> = [];
let answer: { status: number; json?: unknown } = { status: 200, json: { ok: true } };

beforeAll(async () => {
  dir = await copyOwnFormSite();
  await buildProject(dir);
  const dist = path.join(dir, "dist");
  server = createStaticServer({
    root: dist,
    headers: headersFromFile(path.join(dist, "_headers")),
    routes: [
      {
        path: "/api/lead",
        methods: ["POST"],
        handle(request, response) {
          let text = "";
          request.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
          request.on("end", () => {
            const body = new URLSearchParams(text);
            posts.push({ accept: request.headers.accept ?? "", type: request.headers["content-type"] ?? "", body });
            // Without the form's script an incomplete request gets its page back, refilled, as serve sends it.
            if (!request.headers.accept?.includes("application/json") && !body.get("name")) {
              const html = readFileSync(path.join(dist, `${body.get("page")!.slice(1) || "index"}.html`), "utf8");
              const fields = Object.fromEntries(["name", "phone", "town", "service", "message", "lang", "page", "thanks"].map((name) => [name, body.get(name) ?? ""])) as LeadFields;
              const refilled = refillForm(html, { fields, errors: { name: "required" }, words: { required: "Please fill this in.", phone: "" }, alert: "invalid" })!;
              response.writeHead(422, { ...headersFromFile(path.join(dist, "_headers"))(body.get("page")!), "content-type": "text/html; charset=utf-8" }).end(refilled);
            } else if (!request.headers.accept?.includes("application/json")) response.writeHead(303, { location: body.get("thanks")! }).end();
            else response.writeHead(answer.status, { "content-type": "application/json" }).end(JSON.stringify(answer.json));
          });
        },
      },
    ],
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
  if (dir) await removeDir(dir);
});

async function open(address: string, options: BrowserContextOptions = {}): Promise<{ page: Page; blocked: string[]; errors: string[] }> {
  const { context, blocked } = await newIsolatedContext(browser, { viewport: { width: 1280, height: 800 }, reducedMotion: "reduce", ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  // Script errors and what the Content-Security-Policy refused; blocked third parties and the 422 are expected.
  page.on("console", (message) => (/Content Security Policy/i.test(message.text()) ? errors.push(message.text()) : undefined));
  await page.goto(url + address, { waitUntil: "load" });
  return { page, blocked, errors };
}

const dialogOpen = (page: Page) => page.evaluate(() => document.querySelector<HTMLDialogElement>("dialog[data-lead-modal]")!.open);
const activeId = (page: Page) => page.evaluate(() => (document.activeElement?.closest("dialog") ? document.activeElement.id || document.activeElement.tagName : "outside"));
const events = (page: Page, name: string) => page.evaluate((name) => ((window as unknown as { dataLayer?: Array<{ event?: string }> }).dataLayer ?? []).filter((e) => e.event === name).length, name);

/** The form's own script (imported on use, client/lead-form.ts) has run: it sends the form in place. */
const formReady = (page: Page) => page.evaluate(() => document.querySelector<HTMLFormElement>("form[data-lead-form]")!.noValidate);

async function openForm(page: Page): Promise<void> {
  await page.locator("main [data-callback-open]").first().click();
  await expect.poll(() => dialogOpen(page)).toBe(true);
  await expect.poll(() => page.evaluate(() => document.activeElement?.matches("[data-callback-close]"))).toBe(true);
  await expect.poll(() => formReady(page)).toBe(true);
}

/** The requests for the form's own script, from now on. */
function formScriptRequests(page: Page): string[] {
  const asked: string[] = [];
  page.on("request", (request) => (/\/assets\/lead-form\.\w+\.js$/.test(request.url()) ? asked.push(request.url()) : undefined));
  return asked;
}

describe("the site's own call-back form in Chromium", () => {
  it("opens from a quote button, keeps Tab inside the dialog, and Escape closes it back to the opener", async () => {
    const { page, errors } = await open("/");
    await openForm(page);
    expect(await events(page, "callback_modal_open")).toBe(1);
    const visited = new Set<string>();
    for (let step = 0; step < 12; step += 1) {
      await page.keyboard.press("Tab");
      visited.add(await activeId(page));
    }
    expect(visited.has("outside")).toBe(false);
    expect([...visited]).toEqual(expect.arrayContaining(["lead-name", "lead-phone", "lead-town", "lead-service", "lead-message", "BUTTON"]));
    // The honeypot is never reached by Tab.
    expect(visited.has("lead-website")).toBe(false);
    await page.keyboard.press("Escape");
    expect(await dialogOpen(page)).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.matches("main [data-callback-open]"))).toBe(true);
    expect(errors).toEqual([]);
  });

  it("loads the form's own script when the visitor acts, not with the page: asked for at a press on a call-back button, then sends in place", async () => {
    const { page, errors } = await open("/about");
    const asked = formScriptRequests(page);
    await page.waitForLoadState("networkidle");
    expect(asked).toEqual([]);
    expect(await formReady(page)).toBe(false);
    // A press, before the click that opens the modal: the script is on its way while the modal opens.
    await page.locator("main [data-callback-open]").first().dispatchEvent("pointerdown");
    await expect.poll(() => asked.length).toBe(1);
    await expect.poll(() => formReady(page)).toBe(true);
    expect(await dialogOpen(page)).toBe(false);
    await openForm(page);
    expect(asked).toHaveLength(1);
    await page.locator("#lead-name").fill("Ann");
    await page.locator("#lead-phone").fill("(951) 555-0100");
    answer = { status: 200, json: { ok: true } };
    await page.locator(".lead-form-send").click();
    await expect.poll(() => dialogOpen(page)).toBe(false);
    expect(await page.locator("[data-toast-region] .toast").textContent()).toBe("✓ Got it! A technician will call you shortly from (951) 555-0142.");
    expect(page.url()).toBe(`${url}/about`);
    expect(posts.at(-1)!.accept).toContain("application/json");
    expect(errors).toEqual([]);
  });

  it("waits for the form's own script when sent before it arrived, then sends in place", async () => {
    const { page, errors } = await open("/about");
    const asked = formScriptRequests(page);
    // Held until the visitor has pressed Send (a slow network), then let through.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/lead-form\.\w+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.locator("main [data-callback-open]").first().click();
    await expect.poll(() => asked.length).toBe(1);
    await page.locator("#lead-name").fill("Ann");
    await page.locator("#lead-phone").fill("(951) 555-0100");
    const before = posts.length;
    answer = { status: 200, json: { ok: true } };
    await page.locator(".lead-form-send").click();
    expect(posts.length).toBe(before);
    release();
    await expect.poll(() => dialogOpen(page)).toBe(false);
    expect(await page.locator("[data-toast-region] .toast").textContent()).toBe("✓ Got it! A technician will call you shortly from (951) 555-0142.");
    expect(page.url()).toBe(`${url}/about`);
    expect(posts.at(-1)!.accept).toContain("application/json");
    expect(errors).toEqual([]);
  });

  it("posts as a page, to the thank-you page, when the form's own script does not arrive", async () => {
    const { page } = await open("/");
    const asked = formScriptRequests(page);
    // Held: the script never arrives; after a few seconds the request goes as a page.
    await page.route(/\/assets\/lead-form\.\w+\.js$/, () => {});
    await page.locator("main [data-callback-open]").first().click();
    await expect.poll(() => dialogOpen(page)).toBe(true);
    await expect.poll(() => asked.length).toBe(1);
    expect(await formReady(page)).toBe(false);
    await page.locator("#lead-name").fill("Ann");
    await page.locator("#lead-phone").fill("(951) 555-0100");
    await Promise.all([page.waitForURL(`${url}/thank-you`), page.locator(".lead-form-send").click()]);
    expect(await page.locator("h1").textContent()).toBe("Thank you! We have your request.");
    const sent = posts.at(-1)!;
    expect(sent.accept).not.toContain("application/json");
    expect(sent.body.get("name")).toBe("Ann");
  });

  it("names the empty required fields next to them and sends nothing", async () => {
    const { page } = await open("/about");
    await openForm(page);
    const before = posts.length;
    await page.locator(".lead-form-send").click();
    expect(await page.locator("#lead-name-error").textContent()).toBe("Please fill this in.");
    expect(await page.locator("#lead-phone-error").textContent()).toBe("Please fill this in.");
    expect(await page.locator("#lead-phone").getAttribute("aria-describedby")).toBe("lead-phone-error");
    expect(await activeId(page)).toBe("lead-name");
    expect(posts.length).toBe(before);
  });

  it("sends in place: a 422's errors next to their fields, then on 200 the toast, the event and the dialog closed", async () => {
    const { page, blocked, errors } = await open("/es/nosotros");
    await openForm(page);
    await page.locator("#lead-name").fill("Ana");
    await page.locator("#lead-phone").fill("12");
    await page.locator("#lead-town").selectOption("Temecula");
    answer = { status: 422, json: { ok: false, errors: { phone: "Escriba un número de teléfono." } } };
    await page.locator(".lead-form-send").click();
    await expect.poll(() => page.locator("#lead-phone-error").textContent()).toBe("Escriba un número de teléfono.");
    expect(await page.locator("#lead-phone").getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator("#lead-name").getAttribute("aria-invalid")).toBeNull();
    expect(await dialogOpen(page)).toBe(true);
    const sent = posts.at(-1)!;
    expect(sent.accept).toContain("application/json");
    expect(sent.type).toBe("application/x-www-form-urlencoded");
    expect(Object.fromEntries(sent.body)).toEqual({ name: "Ana", phone: "12", town: "Temecula", service: "", message: "", website: "", stamp: "", lang: "es", page: "/es/nosotros", thanks: "/es/gracias" });

    answer = { status: 200, json: { ok: true } };
    await page.locator("#lead-phone").fill("(951) 555-0100");
    await page.locator(".lead-form-send").click();
    await expect.poll(() => dialogOpen(page)).toBe(false);
    expect(await page.locator("[data-toast-region] .toast").textContent()).toBe("✓ ¡Listo! Un técnico le llamará muy pronto desde el (951) 555-0142.");
    expect(await events(page, "callback_request_success")).toBe(1);
    expect(blocked.filter((address) => /leadconnectorhq|msgsndr|gohighlevel/.test(address))).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("says above the form when the request could not be sent (429), or was refused naming no field of it", async () => {
    const { page } = await open("/");
    await openForm(page);
    await page.locator("#lead-name").fill("Ann");
    await page.locator("#lead-phone").fill("(951) 555-0100");
    const alert = page.locator("[data-lead-alert]");
    for (const refusal of [{ status: 429, json: { ok: false, errors: {} } }, { status: 422, json: { ok: false, errors: { stamp: "too old" } } }]) {
      answer = refusal;
      await alert.evaluate((element) => (element.textContent = ""));
      await page.locator(".lead-form-send").click();
      await expect.poll(() => alert.textContent(), { message: String(refusal.status) }).toBe("Your request could not be sent. Please try again, or call us.");
      expect(await dialogOpen(page)).toBe(true);
    }
  });

  it("opens with a line saying why when a request sent without JavaScript came back refused", async () => {
    const { page } = await open("/about?lead=invalid#callback-request");
    await expect.poll(() => dialogOpen(page)).toBe(true);
    expect(await page.locator("[data-lead-alert]").textContent()).toBe("Something in the form needs a second look. Please check it and send it again.");
    expect(new URL(page.url()).search).toBe("");
  });

  it("opens the form as a modal, refilled, when a request sent without the script came back as its page", async () => {
    const { page } = await open("/about");
    // Sent as a browser without the form's script sends it: a plain post, no JSON asked for.
    const send = () =>
      page.evaluate(() => {
        document.querySelector<HTMLInputElement>("#lead-phone")!.value = "(951) 555-0100";
        document.querySelector<HTMLFormElement>("#lead-form")!.submit();
      });
    await Promise.all([page.waitForURL(`${url}/about#callback-request`), send()]);
    await expect.poll(() => dialogOpen(page)).toBe(true);
    expect(await page.locator("#lead-phone").inputValue()).toBe("(951) 555-0100");
    expect(await page.locator("#lead-name-error").textContent()).toBe("Please fill this in.");
    expect(await page.locator("[data-lead-alert]").textContent()).toBe("Something in the form needs a second look. Please check it and send it again.");
  });

  it("chooses a town's page's town and a service's page's service in the form, and nothing on other pages", async () => {
    const chosen = async (pagePath: string) => {
      const { page } = await open(pagePath);
      await expect.poll(() => page.evaluate(() => document.querySelector("dialog[data-enhanced]") !== null)).toBe(true);
      return page.evaluate(() => [document.querySelector<HTMLSelectElement>("#lead-town")!.value, document.querySelector<HTMLSelectElement>("#lead-service")!.value]);
    };
    expect(await chosen("/temecula-gopher-control")).toEqual(["Temecula", ""]);
    expect(await chosen("/residential-gopher-control")).toEqual(["", "residential"]);
    expect(await chosen("/about")).toEqual(["", ""]);
  });

  it("works without JavaScript: a plain post, then the language's thank-you page", async () => {
    const { page } = await open("/#callback-request", { javaScriptEnabled: false });
    expect(await page.locator("dialog[data-lead-modal]").isVisible()).toBe(true);
    await page.locator("#lead-name").fill("Ann");
    await page.locator("#lead-phone").fill("(951) 555-0100");
    await Promise.all([page.waitForURL(`${url}/thank-you`), page.locator(".lead-form-send").click()]);
    expect(await page.locator("h1").textContent()).toBe("Thank you! We have your request.");
    expect(posts.at(-1)!.accept).not.toContain("application/json");
  });

  for (const width of [375, 1280]) {
    it(`has no axe-core violation with the form open at ${width} px`, async () => {
      // axe-core is injected as an inline script, which the site's CSP rightly refuses.
      const { page } = await open("/", { viewport: { width, height: 800 }, bypassCSP: true });
      await openForm(page);
      await page.addScriptTag({ content: axe.source });
      const results = await page.evaluate(() => (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ["violations"] }));
      expect(results.violations.map((v) => `${v.id}: ${v.help} at ${v.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
    });
  }
});
