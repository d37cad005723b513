import { afterAll, beforeAll, expect, it } from "vitest";
import { STAMP_MIN_AGE_MS } from "../../../src/leads/stamp.ts";
import { forEachEngine, type EnginePage } from "../../helpers/engines/index.ts";
import { pageErrors } from "../../helpers/engines/page-reads.ts";
import { copyFixture } from "../../helpers/fixture-site.ts";
import { deliveredBy, leadNamed } from "../../helpers/lead-records.ts";
import { startMailbox, startServe } from "../../helpers/lead-site.ts";
import { loadSample } from "../../helpers/sample-data.ts";
import { buildProject, removeDir } from "../../helpers/sample-site.ts";

// The site's own call-back form in Chromium, Firefox and WebKit, posted to the real `gopher-site
// serve`: with JavaScript (sent in place, the toast) and without (a plain post, then the thank-you
// page of the page's language), each request found in the leads file and e-mailed to a real SMTP
// server; and the dialog's focus, trap and Escape with the form's fields in it. Every engine's
// driver turns scripting off (Chromium's context option, Firefox's pref, MiniBrowser's flag).
// On tests/fixtures/own-form: the site's leads delivered by serve, a thank-you page per language.

let project: string;
let mailbox: Awaited<ReturnType<typeof startMailbox>>;
let sample: Awaited<ReturnType<typeof loadSample>>;

beforeAll(async () => {
  project = await copyFixture("own-form");
  [mailbox, , sample] = await Promise.all([startMailbox(), buildProject(project), loadSample(project)]);
}, 180_000);
afterAll(async () => {
  await mailbox?.close();
  if (project) await removeDir(project);
});

const PHONE = "(951) 555-0100";
const dialogOpen = (page: EnginePage) => page.evaluate(() => document.querySelector<HTMLDialogElement>("dialog[data-lead-modal]")!.open);
const enhanced = (page: EnginePage) => page.evaluate(() => document.querySelector("dialog[data-lead-modal][data-enhanced]") !== null);
/** What has the focus: "close", "dialog", "send", "body", a field's id or a link's href. */
const focused = (page: EnginePage) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return "body";
    if (el.matches("[data-callback-close]")) return "close";
    if (el.matches(".lead-form-send")) return "send";
    return el.matches("dialog") ? "dialog" : el.id || (el.getAttribute("href") ?? el.tagName.toLowerCase());
  });
const focusInDialog = (page: EnginePage) => page.evaluate(() => document.querySelector("dialog")!.contains(document.activeElement));
/** A read that is retried while the page navigates (its document may be gone mid-read). */
const during = <T,>(read: () => Promise<T>) => () => read().catch(() => undefined);

/** Fills in the form: the text fields typed with real keys, the lists chosen in the page (no driver clicks a native list's popup). */
async function fill(page: EnginePage, name: string, service: string): Promise<void> {
  await page.type("#lead-name", name);
  await page.type("#lead-phone", PHONE);
  const chosen = await page.evaluate(
    ({ service }) => {
      const choose = (id: string, value: string) => {
        const select = document.querySelector<HTMLSelectElement>(id)!;
        select.value = value;
        select.dispatchEvent(new Event("change", { bubbles: true }));
        return select.value;
      };
      return [choose("#lead-town", "Temecula"), choose("#lead-service", service)];
    },
    { service },
  );
  expect(chosen).toEqual(["Temecula", service]);
  const typed = await page.evaluate(() => ["#lead-name", "#lead-phone"].map((id) => document.querySelector<HTMLInputElement>(id)!.value));
  expect(typed, "every key typed reached its field").toEqual([name, PHONE]);
}

/** Waits until the page's stamp (filled in by serve as it sent the page) is old enough to be a person's. */
async function untilStampIsAPersons(page: EnginePage): Promise<void> {
  const stamp = await page.evaluate(() => document.querySelector<HTMLInputElement>("#lead-form input[name=stamp]")!.value);
  expect(stamp, "serve filled in the stamp").toMatch(/^\d+\.[0-9a-f]{12}\.[0-9a-f]{64}$/);
  const wait = Number(stamp.split(".")[0]) + STAMP_MIN_AGE_MS + 300 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

/** The request's record in the leads file, once it is delivered by e-mail and in the mailbox. */
async function keptAndDelivered(name: string): Promise<Record<string, any>> {
  await expect.poll(() => leadNamed(project, name), { timeout: 10_000 }).toBeDefined();
  const lead = (await leadNamed(project, name))!;
  expect(lead.spam, JSON.stringify(lead)).toBeUndefined();
  await expect.poll(() => deliveredBy(project, lead.id), { timeout: 15_000 }).toEqual(["email"]);
  expect(mailbox.messages.filter((message) => message.includes(name))).toHaveLength(1);
  return lead;
}

forEachEngine(
  (engine) => {
    const service = () => engine.site.sample.site.services[0]!.id;

    it("sends in place with JavaScript: the toast, the dialog closed, the request kept and e-mailed, from /about at 1280 px", async () => {
      const name = `Ann Script ${engine.name}`;
      const page = await engine.open("/about");
      await expect.poll(() => enhanced(page), { timeout: 15_000 }).toBe(true);
      await page.click("main [data-callback-open]");
      await expect.poll(() => dialogOpen(page), { timeout: 15_000 }).toBe(true);
      // The dialog moves focus to its close button 100 ms after opening: keys typed before that land
      // there on a busy machine, as they would for a person typing that fast.
      await expect.poll(() => focused(page), { timeout: 15_000 }).toBe("close");
      // The form's own script is imported on use (client/lead-modal.ts): sent before it has run, the form would post as a page.
      await expect.poll(() => page.evaluate(() => document.querySelector<HTMLFormElement>("form[data-lead-form]")!.noValidate), { timeout: 15_000 }).toBe(true);
      await fill(page, name, service());
      await untilStampIsAPersons(page);
      await page.click(".lead-form-send");
      const toast = `✓ Got it! A technician will call you shortly from ${engine.site.sample.site.phone.display}.`;
      // The post is answered only once the request is flushed to disk: on a busy machine that is more than a second.
      await expect.poll(() => page.evaluate(() => document.querySelector("[data-toast-region] .toast")?.textContent ?? null), { timeout: 15_000, interval: 100 }).toBe(toast);
      expect(await dialogOpen(page)).toBe(false);
      expect(new URL(await page.url()).pathname).toBe("/about");
      const lead = await keptAndDelivered(name);
      expect(lead.fields).toEqual({ name, phone: PHONE, town: "Temecula", service: service(), message: "", lang: "en", page: "/about", thanks: "/thank-you" });
      expect(await pageErrors(page)).toEqual([]);
    }, 60_000);

    for (const [from, thanks, heading, lang] of [
      ["/", "/thank-you", "Thank you! We have your request.", "en"],
      ["/es/nosotros", "/es/gracias", "¡Gracias! Recibimos su solicitud.", "es"],
    ] as const) {
      it(`sends without JavaScript: a plain post from ${from}, then ${thanks}, the request kept and e-mailed`, async () => {
        const name = `Bea Plain ${lang} ${engine.name}`;
        const page = await engine.open(`${from}#callback-request`, { javaScript: false });
        expect(await page.evaluate(() => document.querySelector("dialog[data-lead-modal]")!.matches(":target"))).toBe(true);
        await fill(page, name, service());
        await untilStampIsAPersons(page);
        await page.click(".lead-form-send");
        await expect.poll(during(async () => new URL(await page.url()).pathname), { timeout: 15_000 }).toBe(thanks);
        await expect.poll(during(() => page.evaluate(() => document.querySelector("h1")?.textContent ?? null))).toBe(heading);
        const lead = await keptAndDelivered(name);
        expect(lead.fields).toMatchObject({ name, phone: PHONE, town: "Temecula", service: service(), lang, page: from, thanks });
      }, 60_000);
    }

    it("sends an incomplete request back without JavaScript: its page again, the dialog shown, what was typed kept, the error beside its field", async () => {
      const name = `Cy Incomplete ${engine.name}`;
      const page = await engine.open("/about#callback-request", { javaScript: false });
      await page.type("#lead-name", name);
      await page.type("#lead-phone", "12");
      await page.click(".lead-form-send");
      // The page is back once its dialog shows (the stylesheet, which shows it, may come after the markup).
      await expect
        .poll(
          during(() =>
            page.evaluate(() => {
              const dialog = document.querySelector<HTMLElement>("dialog[data-lead-refused]");
              return dialog !== null && getComputedStyle(dialog).display !== "none" && dialog.getBoundingClientRect().height > 0;
            }),
          ),
          { timeout: 15_000 },
        )
        .toBe(true);
      const shown = await page.evaluate(() => {
        const dialog = document.querySelector<HTMLElement>("dialog[data-lead-refused]")!;
        const value = (id: string) => document.querySelector<HTMLInputElement>(id)!.value;
        return {
          visible: getComputedStyle(dialog).display !== "none" && dialog.getBoundingClientRect().height > 0,
          name: value("#lead-name"),
          phone: value("#lead-phone"),
          phoneError: document.querySelector("#lead-phone-error")!.textContent,
          nameError: document.querySelector("#lead-name-error")!.textContent,
          alert: document.querySelector("[data-lead-alert]")!.textContent,
          heading: document.querySelector("h1")!.textContent,
        };
      });
      expect(shown).toEqual({
        visible: true,
        name,
        phone: "12",
        phoneError: expect.stringMatching(/phone number/),
        nameError: "",
        alert: expect.stringMatching(/needs a second look/),
        heading: expect.any(String),
      });
      // Nothing kept of it (the folder may not even exist yet).
      expect(await leadNamed(project, name).catch(() => undefined)).toBeUndefined();
    }, 60_000);

    it("focuses the dialog's close button, keeps Tab and Shift+Tab inside through every field, never on the honeypot, on / at 1280 px", async () => {
      const page = await engine.open("/");
      await expect.poll(() => enhanced(page)).toBe(true);
      await page.click("main [data-callback-open]");
      await expect.poll(() => focused(page), { timeout: 15_000 }).toBe("close");
      const tel = `tel:${engine.site.sample.site.phone.tel}`;
      await page.press("Shift+Tab");
      expect(await focused(page)).toBe(tel);
      await page.press("Tab");
      expect(await focused(page)).toBe("close");
      const stops: string[] = [];
      for (let i = 0; i < 9; i++) {
        await page.press("Tab");
        stops.push(await focused(page));
        expect(await focusInDialog(page), stops.join(" > ")).toBe(true);
      }
      expect(stops).toEqual(["lead-name", "lead-phone", "lead-town", "lead-service", "lead-message", "/privacy-policy", "send", tel, "close"]);
      expect(await pageErrors(page)).toEqual([]);
    }, 45_000);

    it("closes on Escape from the close button and from a field being filled in, returning focus to the opener, on / at 1280 px", async () => {
      const page = await engine.open("/");
      await expect.poll(() => enhanced(page)).toBe(true);
      const href = await page.evaluate(() => document.querySelector("main [data-callback-open]")!.getAttribute("href"));
      for (const from of ["close", "lead-name"]) {
        await page.evaluate(() => document.querySelector<HTMLElement>("main [data-callback-open]")!.focus());
        await page.press("Enter");
        await expect.poll(() => focused(page), { message: from, timeout: 15_000 }).toBe("close");
        if (from === "lead-name") {
          await page.type("#lead-name", "Cy");
          expect(await focused(page)).toBe("lead-name");
        }
        await page.press("Escape");
        await expect.poll(() => dialogOpen(page), { message: from }).toBe(false);
        expect(await focused(page), from).toBe(href);
      }
    }, 45_000);
  },
  // serve for each engine alone: its rate limit (5 posts a minute from one address: every engine
  // posts from 127.0.0.1) then counts one engine's posts.
  {
    serveForEngine: async () => {
      const server = await startServe(project, { GOPHER_SITE_LEAD_SECRET: "own-form-every-engine", GOPHER_SITE_SMTP_URL: `smtp://127.0.0.1:${mailbox.port}` });
      return { url: server.url, sample, close: server.stop };
    },
  },
);
