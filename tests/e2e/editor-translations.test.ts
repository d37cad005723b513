import { existsSync } from "node:fs";
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { parseDocument } from "yaml";
import { beforeAll, describe, expect, it } from "vitest";
import { splitMarkdown } from "../../src/content/front-matter.ts";
import { newIsolatedContext } from "../helpers/browser.ts";
import { useEditorInBrowser } from "../helpers/editor-in-browser.ts";
import { copyFixture } from "../helpers/fixture-site.ts";

// The owner's editor with each language's version beside the default one: articles, legal pages,
// language.yaml, and a town paragraph in a language that has none yet.
let context: BrowserContext;

/** An article of the site's in English only (added to the copy of the small site), for "Translate into es". */
const UNTRANSLATED = "gopher-damage-costs.md";
const UNTRANSLATED_TEXT = `---
title: "What Gopher Damage Really Costs"
slug: gopher-damage-costs
excerpt: "Gopher damage adds up quietly: lost plants, leaking drip lines, ruined sod. Here is what a gopher really costs you."
description: "The true cost of gopher damage to lawns, plants, irrigation and slopes, compared with the cost of trapping."
image: /images/blog/60-day-warranty-explained.svg
imageAlt: "A lawn with fresh gopher mounds"
date: 2025-10-17
category: Gopher Control Tips
---

Most people think of gopher damage as a few piles of dirt to rake flat, until they add up what they replaced over a season.

## What a gopher costs

Lost plants, chewed drip lines and ruined sod. Call {phone} for a visit.
`;

const session = useEditorInBrowser({
  project: async () => {
    const dir = await copyFixture("small");
    await writeFile(path.join(dir, "content/blog", UNTRANSLATED), UNTRANSLATED_TEXT);
    return dir;
  },
});

beforeAll(async () => {
  ({ context } = await newIsolatedContext(session.browser, { viewport: { width: 1280, height: 900 } }));
});

const read = (file: string) => readFile(path.join(session.dir, file), "utf8");
const built = (file: string) => path.join(session.dir, ".edit-out", file);
const frontMatter = (text: string) => parseDocument(splitMarkdown(text)!.yaml).toJS() as Record<string, unknown>;
const comments = (text: string) => text.split("\n").filter((line) => line.trimStart().startsWith("#"));

async function openEditor(section: string, target: BrowserContext = context): Promise<Page> {
  const page = await target.newPage();
  await page.goto(`${session.editor.editorUrl}#${encodeURIComponent(section)}`);
  await page.locator("main input:not([type=hidden]), main .document-list").first().waitFor();
  return page;
}

/** Opens a document of the Articles or Legal pages list by its file name. */
async function openDocument(page: Page, name: string): Promise<void> {
  await page.locator(".document-list li", { hasText: name }).getByRole("button").click();
  await page.locator(".document-pair").waitFor();
}

const version = (page: Page, file: string) => page.locator(`[data-file="${file}"]`);

/** Waits until `check` holds, for a rebuild on a busy machine. */
async function until(check: () => Promise<boolean> | boolean, what: string, timeout = 60_000): Promise<void> {
  const end = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function savedMessage(page: Page): Promise<string> {
  return (await page.locator(".notice").textContent()) ?? "";
}

describe("translations in the owner's editor (Chromium)", { timeout: 120_000 }, () => {
  it("lists each article once with its translation's status, and shows English and Spanish side by side with the Spanish page's own address", async () => {
    const page = await openEditor("Articles");
    const items = page.locator(".document-list li");
    const articles = (await readdir(path.join(session.dir, "content/blog"))).filter((name) => name.endsWith(".md"));
    expect(articles).toContain(UNTRANSLATED);
    expect(await items.count()).toBe(articles.length);
    expect(await items.filter({ hasText: "60-day-warranty-explained.md" }).locator(".translation-status").textContent()).toBe("es: translated");
    expect(await items.filter({ hasText: UNTRANSLATED }).locator(".translation-status").textContent()).toBe("es: not translated");

    await openDocument(page, "60-day-warranty-explained.md");
    const english = version(page, "content/blog/60-day-warranty-explained.md");
    const spanish = version(page, "content/es/blog/60-day-warranty-explained.md");
    expect(await page.locator("#article_title").inputValue()).toBe("Our {warrantyDays}-Day Warranty, Explained");
    expect(await page.locator("#article_es_title").inputValue()).toBe("Nuestra garantía de {warrantyDays} días, explicada");
    const [left, right] = [(await english.boundingBox())!, (await spanish.boundingBox())!];
    expect(right.x).toBeGreaterThanOrEqual(left.x + left.width);
    expect(Math.abs(right.y - left.y)).toBeLessThan(2);

    // The Spanish article lives at its own slug under the Spanish blog, as the build plans it.
    await spanish.getByRole("button", { name: "Show it in the preview" }).click();
    expect(await page.locator("#preview-path").inputValue()).toBe("/es/blog/garantia-de-60-dias-explicada");
    await page.frameLocator('iframe[title="Live preview of the site"]').locator("h1", { hasText: "Nuestra garantía de 60 días, explicada" }).waitFor({ timeout: 60_000 });
    await english.getByRole("button", { name: "Show it in the preview" }).click();
    expect(await page.locator("#preview-path").inputValue()).toBe("/blog/60-day-warranty-explained");
    await page.close();
  });

  it("translates an article into Spanish: a draft copied from the English one, created by the save, built under /es/blog/", async () => {
    const english = frontMatter(await read(`content/blog/${UNTRANSLATED}`));
    const englishBody = splitMarkdown(await read(`content/blog/${UNTRANSLATED}`))!.body;
    const page = await openEditor("Articles");
    await openDocument(page, UNTRANSLATED);
    const spanish = page.locator(".untranslated-version");
    expect(await spanish.textContent()).toContain(`Not translated into Español yet: content/es/blog/${UNTRANSLATED} does not exist.`);
    await spanish.getByRole("button", { name: "Translate into es" }).click();
    for (const key of ["title", "slug", "excerpt", "image", "imageAlt", "category"]) {
      expect(await page.locator(`#article_es_${key}`).inputValue(), key).toBe(english[key]);
    }
    expect(await page.locator("#article_es-body").inputValue()).toBe(englishBody);
    expect(existsSync(path.join(session.dir, "content/es/blog", UNTRANSLATED))).toBe(false);

    await page.fill("#article_es_title", "Lo que de verdad cuesta el daño de las tuzas");
    await page.fill("#article_es_slug", "costos-del-dano-de-tuzas");
    await page.fill("#article_es_category", "Consejos sobre tuzas");
    await page.fill("#article_es-body", "Las tuzas cuestan más de lo que parece.\n\n## Qué hacer\n\nLlámenos pronto.");
    await page.getByRole("button", { name: "Save (es)", exact: true }).click();
    await expect.poll(() => savedMessage(page), { timeout: 60_000 }).toContain(`Saved content/es/blog/${UNTRANSLATED}`);

    const text = await read(`content/es/blog/${UNTRANSLATED}`);
    expect(frontMatter(text)).toEqual({ ...english, title: "Lo que de verdad cuesta el daño de las tuzas", slug: "costos-del-dano-de-tuzas", category: "Consejos sobre tuzas" });
    expect(splitMarkdown(text)!.body.trim()).toBe("Las tuzas cuestan más de lo que parece.\n\n## Qué hacer\n\nLlámenos pronto.");
    await until(() => existsSync(built("es/blog/costos-del-dano-de-tuzas.html")), "the Spanish article's page");

    // The same article stays open, its Spanish version now the saved file.
    await version(page, `content/es/blog/${UNTRANSLATED}`).getByRole("button", { name: "Show it in the preview" }).click();
    expect(await page.locator("#preview-path").inputValue()).toBe("/es/blog/costos-del-dano-de-tuzas");
    await page.getByRole("button", { name: "← All articles" }).click();
    expect(await page.locator(".document-list li", { hasText: UNTRANSLATED }).locator(".translation-status").textContent()).toBe("es: translated");
    await page.getByRole("button", { name: "Translations", exact: true }).click();
    // The list is read again when the section is shown.
    await expect.poll(() => page.locator(".untranslated-list").textContent(), { timeout: 30_000 }).not.toContain(UNTRANSLATED);
    await page.close();
  });

  it("edits content/es/language.yaml from its schema: a new blog address changes that one line, and the Spanish articles move there", async () => {
    const before = await read("content/es/language.yaml");
    const page = await openEditor("Languages");
    expect(await page.getByRole("checkbox", { name: "legal" }).isChecked()).toBe(true);
    expect(await page.locator("#content_es_language_yaml_slugs_about").inputValue()).toBe("nosotros");
    await page.fill("#content_es_language_yaml_slugs_blog", "articulos");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect.poll(() => savedMessage(page), { timeout: 60_000 }).toContain("Saved content/es/language.yaml");
    const after = await read("content/es/language.yaml");
    expect(after).toBe(before.replace("\n  blog: blog\n", "\n  blog: articulos\n"));
    expect(comments(after)).toEqual(comments(before));
    await until(() => existsSync(built("es/articulos/garantia-de-60-dias-explicada.html")), "the Spanish article at its new address");

    await page.getByRole("button", { name: "Articles", exact: true }).click();
    await openDocument(page, "60-day-warranty-explained.md");
    await version(page, "content/es/blog/60-day-warranty-explained.md").getByRole("button", { name: "Show it in the preview" }).click();
    expect(await page.locator("#preview-path").inputValue()).toBe("/es/articulos/garantia-de-60-dias-explicada");
    await page.close();
  });

  it("edits a legal page beside its translation; a Spanish version made while Spanish leaves legal pages in English is built once language.yaml stops leaving them out", async () => {
    const before = await read("content/legal/privacy-policy.md");
    const page = await openEditor("Legal pages");
    const items = page.locator(".document-list li");
    expect(await items.count()).toBe(2);
    expect(await items.filter({ hasText: "privacy-policy.md" }).locator(".translation-status").textContent()).toBe("es: left in English");
    await openDocument(page, "privacy-policy.md");
    expect(await page.locator("#legal_heading").inputValue()).toBe("Privacy Policy");
    await page.fill("#legal_heading", "Our Privacy Policy");
    await page.getByRole("button", { name: "Save legal page", exact: true }).click();
    await expect.poll(() => savedMessage(page), { timeout: 60_000 }).toContain("Saved content/legal/privacy-policy.md");
    expect(await read("content/legal/privacy-policy.md")).toBe(before.replace("\nheading: Privacy Policy\n", "\nheading: Our Privacy Policy\n"));

    const spanish = page.locator(".untranslated-version");
    expect(await spanish.textContent()).toContain("Español leaves legal pages in English on purpose (content/es/language.yaml, untranslated)");
    await spanish.getByRole("button", { name: "Translate into es" }).click();
    expect(await page.locator("#legal_es_heading").inputValue()).toBe("Our Privacy Policy");
    await page.fill("#legal_es_title", "Política de privacidad | {company}");
    await page.fill("#legal_es_heading", "Política de privacidad");
    await page.fill("#legal_es_description", "Cómo {company} recoge, usa y protege su información.");
    const body = page.locator("#legal_es-body");
    await body.fill((await body.inputValue()).replace("This Privacy Policy explains", "Esta política de privacidad explica"));
    await page.getByRole("button", { name: "Save (es)", exact: true }).click();
    await expect.poll(() => savedMessage(page), { timeout: 60_000 }).toContain("Saved content/es/legal/privacy-policy.md");
    expect(frontMatter(await read("content/es/legal/privacy-policy.md"))).toMatchObject({ heading: "Política de privacidad", updated: "2025-10-13" });
    await session.editor.whenIdle();
    expect(existsSync(built("es/privacy-policy.html"))).toBe(false);

    await page.getByRole("button", { name: "Languages", exact: true }).click();
    await page.getByRole("checkbox", { name: "legal" }).uncheck();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect.poll(() => savedMessage(page), { timeout: 60_000 }).toContain("Saved content/es/language.yaml");
    expect(parseDocument(await read("content/es/language.yaml")).toJS().untranslated).toEqual([]);
    await until(() => existsSync(built("es/privacy-policy.html")), "the Spanish privacy policy");
    expect(await readFile(built("es/privacy-policy.html"), "utf8")).toContain("Política de privacidad");

    await page.getByRole("button", { name: "Legal pages", exact: true }).click();
    await version(page, "content/es/legal/privacy-policy.md").getByRole("button", { name: "Show it in the preview" }).click();
    expect(await page.locator("#preview-path").inputValue()).toBe("/es/privacy-policy");
    await page.close();
  });

  it("keeps a town paragraph typed for a language that has no cities.yaml yet: the save creates the file", async () => {
    // Needs the save API's `create` for a YAML file (the lead engineer's change to editor-api.ts).
    await rm(path.join(session.dir, "content/es/cities.yaml"));
    const page = await openEditor("Towns");
    const slug = (parseDocument(await read("site.yaml")).toJS().cities as Array<{ slug: string }>)[0]!.slug;
    const intro = `${slug} tiene suelos blandos donde las tuzas cavan todo el año; las atrapamos sin veneno.`;
    expect(await page.locator(`label[for="intro-es-${slug}"]`).textContent()).toBe("Intro (es) — not translated yet");
    await page.fill(`#intro-es-${slug}`, intro);
    await page.getByRole("button", { name: "Save towns" }).click();
    // A refusal stays in the towns' form; a save is announced at the top as the form starts again.
    await expect.poll(async () => (await page.locator(".notice, .town-form .status").allTextContents()).join(" "), { timeout: 60_000 }).toContain("Saved content/es/cities.yaml");
    expect(parseDocument(await read("content/es/cities.yaml")).toJS()).toEqual({ [slug]: { intro } });
    await until(() => existsSync(built(`es/control-de-tuzas-${slug}.html`)), "the town's Spanish page");
    await page.close();
  });

  it("stacks the versions at 375 px, nothing wider than the screen", async () => {
    const { context: phone } = await newIsolatedContext(session.browser, { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
    const page = await openEditor("Articles", phone);
    await openDocument(page, "60-day-warranty-explained.md");
    const [top, below] = [(await version(page, "content/blog/60-day-warranty-explained.md").boundingBox())!, (await version(page, "content/es/blog/60-day-warranty-explained.md").boundingBox())!];
    expect(below.y).toBeGreaterThanOrEqual(top.y + top.height);
    expect(below.x).toBe(top.x);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    for (const section of ["Legal pages", "Languages"]) {
      await page.getByRole("button", { name: section, exact: true }).click();
      await page.locator("main .document-pair, main .document-list, main form").first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), section).toBeLessThanOrEqual(375);
    }
    await phone.close();
  });
});
