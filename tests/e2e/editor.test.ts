import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import sharp from "sharp";
import { parseDocument } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEditor, type EditorServer } from "../../src/editor/editor-server.ts";
import { CHROMIUM_ARGS, findChromium, newIsolatedContext } from "../helpers/browser.ts";
import { copyFixture } from "../helpers/fixture-site.ts";
import { removeDir } from "../helpers/sample-site.ts";
import { terminalLog } from "../helpers/terminal-log.ts";

let dir: string;
let editor: EditorServer;
let browser: Browser;
/** What the editor printed: it names every request it refused. */
const { log: terminalLogger, lines: terminal } = terminalLog();
let context: BrowserContext;

// Another site the owner has open, on another port of this machine: another origin.
let otherSite: Server;
let otherUrl: string;

beforeAll(async () => {
  dir = await copyFixture("small");
  editor = await startEditor({ config: path.join(dir, "site.yaml"), port: 0, log: terminalLogger, outDir: path.join(dir, ".edit-out") });
  // rebind.test resolves to this machine, as a rebinding attacker's name would.
  browser = await chromium.launch({ executablePath: await findChromium(), args: [...CHROMIUM_ARGS, "--host-resolver-rules=MAP rebind.test 127.0.0.1"], headless: true });
  ({ context } = await newIsolatedContext(browser, { viewport: { width: 1280, height: 900 } }));
  otherSite = createServer((_request, response) => response.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>Another site</title>"));
  await new Promise<void>((resolve) => otherSite.listen(0, "127.0.0.1", resolve));
  otherUrl = `http://127.0.0.1:${(otherSite.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await editor?.close();
  await new Promise((resolve) => otherSite?.close(resolve));
  if (dir) await removeDir(dir);
});

const read = (file: string) => readFile(path.join(dir, file), "utf8");

async function openEditor(section: string, target: BrowserContext = context): Promise<Page> {
  const page = await target.newPage();
  await page.goto(`${editor.editorUrl}#${encodeURIComponent(section)}`);
  await page.locator("main input:not([type=hidden])").first().waitFor();
  return page;
}

/** Waits until `check` holds, for a rebuild on a busy machine. */
async function until(check: () => Promise<boolean> | boolean, what: string, timeout = 60_000): Promise<void> {
  const end = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function changedLines(before: string, after: string) {
  const a = before.split("\n");
  const b = after.split("\n");
  return { removed: a.filter((line, i) => line !== b[i]), added: b.filter((line, i) => line !== a[i]), sameLength: a.length === b.length };
}

const comments = (text: string) => text.split("\n").filter((line) => line.trimStart().startsWith("#"));

describe("the owner's editor in Chromium", { timeout: 120_000 }, () => {
  it("changes the phone number: site.yaml's two phone lines change, comments stay, the preview shows it", async () => {
    const before = await read("site.yaml");
    const page = await openEditor("Business");
    await page.fill("#site_yaml_phone_display", "(909) 555-0199");
    await page.fill("#site_yaml_phone_tel", "+19095550199");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect.poll(() => page.getByRole("status").first().textContent(), { timeout: 60_000 }).toContain("Saved site.yaml");
    const after = await read("site.yaml");
    expect(changedLines(before, after)).toEqual({
      removed: ["  display: (951) 555-0142", '  tel: "+19515550142"'],
      added: ["  display: (909) 555-0199", '  tel: "+19095550199"'],
      sameLength: true,
    });
    expect(comments(after)).toEqual(comments(before));
    const preview = page.frameLocator('iframe[title="Live preview of the site"]');
    await preview.locator('a[href="tel:+19095550199"]').first().waitFor({ timeout: 60_000 });
    await page.close();
  });

  it("shows an invalid e-mail's error next to the field, in the CLI's words, and leaves the file alone", async () => {
    const before = await read("site.yaml");
    const page = await openEditor("Business");
    await page.fill("#site_yaml_email", "office-at-example");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    const error = page.locator("#site_yaml_email__error");
    await expect.poll(() => error.textContent(), { timeout: 60_000 }).toContain("must be an e-mail address, e.g. office@example.com");
    const line = before.split("\n").findIndex((text) => text.startsWith("email:")) + 1;
    expect(await page.getByRole("alert").textContent()).toContain(`site.yaml:${line}:8  email  must be an e-mail address, e.g. office@example.com`);
    expect(await read("site.yaml")).toBe(before);
    await page.close();
  });

  it("takes a service's icon as text, ours offered, any of Lucide's saved; an unknown one refused next to the field with the closest names", async () => {
    const file = "content/services/residential.yaml";
    const before = await read(file);
    // A service's copy is in the Services section, its first service picked.
    const page = await openEditor("Services");
    const icon = page.locator("#content_services_residential_yaml_icon");
    const copyForm = page.locator(`section.file-form[data-file="${file}"]`);
    const save = copyForm.getByRole("button", { name: "Save", exact: true });
    expect(await icon.inputValue()).toBe("home");
    const suggestions = await page.locator(`datalist#${await icon.getAttribute("list")} option`).evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    expect(suggestions).toEqual(expect.arrayContaining(["home", "clock", "shield", "mail"]));
    await icon.fill("snowflak");
    await save.click();
    const message = 'unknown icon "snowflak"; did you mean "snowflake"?';
    await expect.poll(() => page.locator("#content_services_residential_yaml_icon__error").textContent(), { timeout: 60_000 }).toContain(message);
    expect(await read(file)).toBe(before);
    await icon.fill("snowflake");
    await save.click();
    await expect.poll(() => read(file), { timeout: 60_000 }).toBe(before.replace("\nicon: home\n", "\nicon: snowflake\n"));
    await page.close();
  });

  it("merges two tabs' saves to different fields of one file: both land", async () => {
    const first = await openEditor("FAQ");
    const second = await openEditor("FAQ");
    await first.fill("#content_faq_yaml_items_0_question", "Is it safe for my dog?");
    await first.getByRole("button", { name: "Save", exact: true }).first().click();
    await expect.poll(() => first.getByRole("status").first().textContent(), { timeout: 60_000 }).toContain("Saved content/faq.yaml");
    await second.fill("#content_faq_yaml_items_1_question", "Do you trap on weekends?");
    await second.getByRole("button", { name: "Save", exact: true }).first().click();
    await expect.poll(() => second.getByRole("status").first().textContent(), { timeout: 60_000 }).toContain("Saved content/faq.yaml");
    const items = parseDocument(await read("content/faq.yaml")).toJS().items as Array<{ question: string }>;
    expect([items[0]!.question, items[1]!.question]).toEqual(["Is it safe for my dog?", "Do you trap on weekends?"]);
    await first.close();
    await second.close();
  });

  it("refuses the second of two tabs' saves to one field with a conflict naming it; Reload keeps what was typed", async () => {
    const first = await openEditor("FAQ");
    const second = await openEditor("FAQ");
    await first.fill("#content_faq_yaml_items_0_question", "Is trapping safe for my dog?");
    await first.fill("#content_faq_yaml_items_2_question", "How soon can you come?");
    await first.getByRole("button", { name: "Save", exact: true }).first().click();
    await expect.poll(() => first.getByRole("status").first().textContent(), { timeout: 60_000 }).toContain("Saved content/faq.yaml");
    const saved = await read("content/faq.yaml");
    await second.fill("#content_faq_yaml_items_0_question", "Is the bait safe for my cat?");
    await second.fill("#content_faq_yaml_items_1_answer", "Yes, Saturdays too.");
    await second.getByRole("button", { name: "Save", exact: true }).first().click();
    await expect.poll(() => second.getByRole("alert").first().textContent(), { timeout: 60_000 }).toContain("content/faq.yaml changed on disk since you opened it");
    expect(await second.getByRole("alert").first().textContent()).toContain("in what you changed too: items.0.question.");
    expect(await read("content/faq.yaml")).toBe(saved);
    await second.getByRole("button", { name: "Reload" }).click();
    await expect.poll(() => second.getByRole("alert").first().textContent()).toContain("Reloaded content/faq.yaml");
    // The owner's text, the field marked; the other tab's change to another field shown beside it.
    expect(await second.inputValue("#content_faq_yaml_items_0_question")).toBe("Is the bait safe for my cat?");
    expect(await second.inputValue("#content_faq_yaml_items_1_answer")).toBe("Yes, Saturdays too.");
    expect(await second.inputValue("#content_faq_yaml_items_2_question")).toBe("How soon can you come?");
    expect(await second.locator("#content_faq_yaml_items_0_question").locator("xpath=ancestor::div[contains(@class, 'form-group')][1]").textContent()).toContain("changed elsewhere too");
    await second.getByRole("button", { name: "Save", exact: true }).first().click();
    await expect.poll(() => second.getByRole("status").first().textContent(), { timeout: 60_000 }).toContain("Saved content/faq.yaml");
    const items = parseDocument(await read("content/faq.yaml")).toJS().items as Array<{ question: string; answer: string }>;
    expect([items[0]!.question, items[1]!.answer, items[2]!.question]).toEqual(["Is the bait safe for my cat?", "Yes, Saturdays too.", "How soon can you come?"]);
    await first.close();
    await second.close();
  });

  it("adds a town by ZIP code: coordinates filled in, its page built, its Spanish page left out until translated", async () => {
    const page = await openEditor("Towns");
    await page.fill("#town-query", "92586");
    await page.getByRole("button", { name: "Find" }).click();
    await page.getByRole("button", { name: /^Add Sun City, CA \(92586/ }).click();
    const field = (name: string) => page.locator(`.town-form [id$="_${name}"]`).first();
    expect(await field("lat").inputValue()).toBe("33.7044");
    expect(await field("lng").inputValue()).toBe("-117.1969");
    expect(await field("slug").inputValue()).toBe("sun-city");
    for (const [i, name] of ["Sun City Civic", "Cherry Hills", "Menifee Lakes", "Quail Creek"].entries()) {
      await page.locator('.town-form [id$="_neighborhoods__add"]').click();
      await field(`neighborhoods_${i}`).fill(name);
    }
    await field("nearby").selectOption(["menifee", "murrieta", "temecula"]);
    await field("intro").fill("Sun City is a retirement community where lawns, roses and golf course edges draw gophers from the open fields around Menifee.");
    // No Spanish paragraph yet: the English page must not wait for it.
    await page.getByRole("button", { name: "Save towns" }).click();
    await expect.poll(() => page.getByRole("status").first().textContent(), { timeout: 60_000 }).toContain("Saved site.yaml");
    expect(await read("content/es/cities.yaml")).not.toContain("sun-city");
    const town = (parseDocument(await read("site.yaml")).toJS().cities as Array<Record<string, unknown>>).find((city) => city.slug === "sun-city");
    expect(town).toMatchObject({ name: "Sun City", lat: 33.7044, lng: -117.1969, nearby: ["menifee", "murrieta", "temecula"] });
    await until(() => existsSync(path.join(dir, ".edit-out", "sun-city-gopher-control.html")), "the town's page");
    await editor.whenIdle();
    expect(existsSync(path.join(dir, ".edit-out", "es", "control-de-tuzas-sun-city.html"))).toBe(false);
    expect(existsSync(path.join(dir, ".edit-out", "es", "control-de-tuzas-menifee.html"))).toBe(true);
    expect(await page.locator(".town-form h3").textContent()).toBe("Sun City");
    await page.getByRole("button", { name: "Show its page in the preview" }).click();
    await page.frameLocator('iframe[title="Live preview of the site"]').locator("h1", { hasText: "Sun City" }).waitFor({ timeout: 60_000 });
    // The owner sees what is left to translate, and the terminal says what the build left out.
    await page.getByRole("button", { name: "Translations" }).click();
    await page.locator(".untranslated-list code", { hasText: "content/es/cities.yaml: sun-city.intro" }).waitFor();
    expect(terminal.join("\n")).toContain("Español (es): 1 town page not translated yet, so built in the default language only");
    await page.close();
  });

  it("removes a town, with its paragraph in the other language, and its pages go", async () => {
    // A town no other town lists as nearby, with its Spanish paragraph.
    const cities = parseDocument(await read("site.yaml")).toJS().cities as Array<{ name: string; slug: string; nearby: string[] }>;
    const spanish = parseDocument(await read("content/es/cities.yaml")).toJS() as Record<string, unknown>;
    const town = cities.find((city) => city.slug in spanish && !cities.some((other) => other.nearby.includes(city.slug)))!;
    expect(town).toBeDefined();
    expect(await read("content/es/cities.yaml")).toContain(`\n${town.slug}:`);
    expect(existsSync(path.join(dir, ".edit-out", "es", `control-de-tuzas-${town.slug}.html`))).toBe(true);
    const page = await openEditor("Towns");
    await page.getByRole("button", { name: `Remove ${town.name}` }).click();
    await page.getByRole("button", { name: `Yes, remove ${town.name}` }).click();
    await page.getByRole("button", { name: "Save towns" }).click();
    await expect.poll(() => page.getByRole("status").first().textContent(), { timeout: 60_000 }).toContain("Saved site.yaml, content/es/cities.yaml");
    expect(await read("site.yaml")).not.toContain(`slug: ${town.slug}`);
    expect(await read("content/es/cities.yaml")).not.toContain(`\n${town.slug}:`);
    await until(() => !existsSync(path.join(dir, ".edit-out", `${town.slug}-gopher-control.html`)), "the town's page gone");
    await editor.whenIdle();
    expect(existsSync(path.join(dir, ".edit-out", "es", `control-de-tuzas-${town.slug}.html`))).toBe(false);
    await page.close();
  });

  it("writes a new article with an uploaded JPEG: alt text required, AVIF and WebP made by the build", async () => {
    const jpeg = path.join(dir, "yard-photo.jpg");
    await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#5b8c3a" } }).jpeg().toFile(jpeg);
    const page = await openEditor("Articles");
    await page.fill("#new-slug", "spring-gopher-season");
    await page.getByRole("button", { name: "Start" }).click();
    await page.setInputFiles("#article-picture", jpeg);
    await expect.poll(() => page.locator("#article_image").inputValue(), { timeout: 30_000 }).toBe("/images/yard-photo.jpg");
    await page.fill("#article_title", "Spring Is Gopher Season");
    await page.fill("#article_excerpt", "Why gophers dig most in spring, and what to do about it.");
    await page.fill("#article_description", "Why gophers dig most in spring and how poison-free trapping stops them.");
    await page.fill("#article_category", "Gopher Control Tips");
    await page.fill("#article-body", "Spring rain softens the soil.\n\n## What to do\n\nCall us early.");
    await expect.poll(() => page.locator(".markdown-preview h2").textContent(), { timeout: 30_000 }).toBe("What to do");
    await page.getByRole("button", { name: "Save article" }).click();
    await expect.poll(() => page.locator("#article_imageAlt__error").textContent(), { timeout: 60_000 }).toBe("Required: fill this in.");
    expect(existsSync(path.join(dir, "content/blog/spring-gopher-season.md"))).toBe(false);
    await page.fill("#article_imageAlt", "A green lawn with three fresh gopher mounds");
    await page.getByRole("button", { name: "Save article" }).click();
    await expect.poll(() => page.getByRole("status").first().textContent(), { timeout: 60_000 }).toContain("Saved content/blog/spring-gopher-season.md");
    const images = async () => (await readdir(path.join(dir, ".edit-out", "assets", "images")).catch(() => [] as string[])).filter((name) => name.startsWith("yard-photo"));
    await until(async () => (await images()).some((name) => name.endsWith(".avif")) && (await images()).some((name) => name.endsWith(".webp")), "AVIF and WebP of the picture");
    expect(existsSync(path.join(dir, ".edit-out", "blog", "spring-gopher-season.html"))).toBe(true);
    await page.close();
  });

  it("refuses an article whose text links to no page: named at its line in the Save's list, no field marked, the file unchanged", async () => {
    const name = (await readdir(path.join(dir, "content/blog"))).filter((file) => file.endsWith(".md") && file !== "spring-gopher-season.md").sort()[0]!;
    const file = `content/blog/${name}`;
    const before = await read(file);
    const page = await openEditor("Articles");
    await page.locator(".document-list li", { hasText: name }).getByRole("button").click();
    const body = page.locator("textarea").first();
    await body.fill(`${await body.inputValue()}\n\nSee [our prices](/pricing).\n`);
    await page.getByRole("button", { name: "Save article" }).click();
    await expect.poll(() => page.getByRole("alert").first().textContent(), { timeout: 60_000 }).toMatch(new RegExp(`${file}:\\d+:\\d+  links to /pricing, which is not a page or file of the site`));
    expect(await page.locator(".has-error").count()).toBe(0);
    expect(await read(file)).toBe(before);
    await page.close();
  });

  it("answers 403 to a page of another origin and to a rebinding Host, and the file stays as it was", async () => {
    const before = await read("site.yaml");
    const other = await context.newPage();
    await other.goto(otherUrl);
    const port = new URL(editor.url).port;
    const outcome = await other.evaluate(async (target) => {
      const save = await fetch(`${target}/__editor/api/save`, { method: "POST", mode: "no-cors", headers: { "content-type": "text/plain" }, body: JSON.stringify({ changes: [] }) }).then((r) => r.type, (e: Error) => e.message);
      const stream = await new Promise<string>((resolve) => {
        const events = new EventSource(`${target}/__gopher/events`);
        events.onopen = () => resolve("open");
        events.onerror = () => {
          events.close();
          resolve("refused");
        };
      });
      return { save, stream };
    }, editor.url);
    expect(outcome).toEqual({ save: "opaque", stream: "refused" });
    expect(terminal).toContain(`warning refused POST /__editor/api/save: Forbidden: a page of "${otherUrl}" may not use this server (only its own pages, at http://127.0.0.1:${port})`);
    expect(terminal).toContain(`warning refused GET /__gopher/events: Forbidden: a page of "${otherUrl}" may not use this server (only its own pages, at http://127.0.0.1:${port})`);
    const rebinding = await browser.newPage();
    const response = await rebinding.goto(`http://rebind.test:${port}/__editor/`);
    expect(response!.status()).toBe(403);
    expect(terminal.some((line) => line.startsWith(`warning refused GET /__editor/: Forbidden: the Host "rebind.test:${port}"`))).toBe(true);
    await rebinding.close();
    expect(await read("site.yaml")).toBe(before);
    await other.close();
  });

  it("works on a 375 px phone: nothing wider than the screen, every section reachable", async () => {
    const { context: phone } = await newIsolatedContext(browser, { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
    const page = await openEditor("Business", phone);
    for (const section of ["Business", "Towns", "FAQ", "Articles"]) {
      await page.getByRole("button", { name: section, exact: true }).click();
      await page.locator("main input:not([type=hidden])").first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), section).toBeLessThanOrEqual(375);
      const box = await page.locator("main input:visible").first().boundingBox();
      expect(box!.x + box!.width, section).toBeLessThanOrEqual(375);
    }
    await page.getByRole("button", { name: "Business", exact: true }).click();
    await page.fill("#site_yaml_company_name", "Gopher Guard Family Trapping Co");
    const save = page.getByRole("button", { name: "Save", exact: true });
    expect(await save.isVisible()).toBe(true);
    await save.click();
    await expect.poll(() => page.getByRole("status").first().textContent(), { timeout: 60_000 }).toContain("Saved site.yaml");
    expect(await read("site.yaml")).toContain("  name: Gopher Guard Family Trapping Co\n");
    await phone.close();
  });
});
