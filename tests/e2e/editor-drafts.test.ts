import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newIsolatedContext } from "../helpers/browser.ts";
import { useEditorInBrowser } from "../helpers/editor-in-browser.ts";

// Nothing the owner typed is lost: a closed tab (a dead battery, a phone that killed the browser)
// offers the unsaved changes back next time, on the file as it is then; a save the network lost
// says so and keeps the text. In Chromium at 375 px, as on a phone.
const session = useEditorInBrowser();
const EMAIL = "#site_yaml_email";

async function openIn(context: BrowserContext, section: string, ready: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${session.editor.editorUrl}#${section}`);
  await page.locator(ready).first().waitFor();
  return page;
}

/** Whether this browser keeps a draft of `file` (the editor's localStorage, drafts.ts). */
function keepsDraft(page: Page, file: string): Promise<boolean> {
  return page.evaluate((name) => Object.keys(localStorage).some((key) => key.startsWith("gopher-site draft ") && key.endsWith(` ${name}`)), file);
}

const offer = (page: Page) => page.locator("main .draft-offer");

describe("drafts kept in the browser (Chromium, 375 px)", { timeout: 120_000 }, () => {
  it("offers back what was typed before the tab closed, and forgets it once saved", async () => {
    const { context } = await newIsolatedContext(session.browser, { viewport: { width: 375, height: 800 } });
    const first = await openIn(context, "Business", EMAIL);
    const original = await first.inputValue(EMAIL);
    await first.fill(EMAIL, "kept@sample-gophers.example.com");
    // Closed at once: the draft is written as the page goes, not only after the typing pause.
    await first.close();

    const second = await openIn(context, "Business", EMAIL);
    await offer(second).waitFor();
    expect(await offer(second).textContent()).toMatch(/You typed changes here today at .+ that were not saved\./);
    expect(await second.inputValue(EMAIL)).toBe(original);
    // The form waits for the choice: nothing typed now could be lost under the kept draft.
    expect(await second.locator(EMAIL).isEditable()).toBe(false);
    await offer(second).getByRole("button", { name: "Restore them" }).click();
    await expect.poll(() => second.locator(EMAIL).isEditable()).toBe(true);
    expect(await second.inputValue(EMAIL)).toBe("kept@sample-gophers.example.com");
    expect(await offer(second).count()).toBe(0);
    await second.getByRole("button", { name: "Save", exact: true }).click();
    await expect.poll(() => second.locator("header .notice").textContent(), { timeout: 60_000 }).toContain("Saved site.yaml");
    expect(await readFile(path.join(session.dir, "site.yaml"), "utf8")).toContain("kept@sample-gophers.example.com");
    await expect.poll(() => keepsDraft(second, "site.yaml")).toBe(false);
    await second.close();

    const third = await openIn(context, "Business", EMAIL);
    expect(await third.inputValue(EMAIL)).toBe("kept@sample-gophers.example.com");
    expect(await offer(third).count()).toBe(0);
    await context.close();
  });

  it("makes the changes again on the file saved since, and Discard forgets them", async () => {
    const { context } = await newIsolatedContext(session.browser, { viewport: { width: 375, height: 800 } });
    const first = await openIn(context, "Business", EMAIL);
    await first.fill(EMAIL, "typed@sample-gophers.example.com");
    await expect.poll(() => keepsDraft(first, "site.yaml")).toBe(true);
    await first.close();
    // Meanwhile the file changes elsewhere (another device, a text editor): its company name.
    const config = path.join(session.dir, "site.yaml");
    const text = await readFile(config, "utf8");
    const renamed = text.replace(/^  name: .+$/m, '  name: "Gopher Guard Elsewhere"');
    expect(renamed).not.toBe(text);
    await writeFile(config, renamed);
    await session.editor.whenIdle();

    const second = await openIn(context, "Business", EMAIL);
    await offer(second).waitFor();
    expect(await offer(second).textContent()).toContain("The file was saved since");
    await offer(second).getByRole("button", { name: "Restore them" }).click();
    expect(await second.inputValue(EMAIL)).toBe("typed@sample-gophers.example.com");
    expect(await second.inputValue("#site_yaml_company_name")).toBe("Gopher Guard Elsewhere");
    await second.close();

    // Restored but not saved, it is still kept; Discard forgets it.
    const third = await openIn(context, "Business", EMAIL);
    await offer(third).waitFor();
    await offer(third).getByRole("button", { name: "Discard" }).click();
    expect(await third.inputValue(EMAIL)).not.toBe("typed@sample-gophers.example.com");
    expect(await keepsDraft(third, "site.yaml")).toBe(false);
    await third.close();
    const fourth = await openIn(context, "Business", EMAIL);
    expect(await offer(fourth).count()).toBe(0);
    await context.close();
  });

  it("keeps what was typed in a section left for another, and offers it on coming back", async () => {
    const { context } = await newIsolatedContext(session.browser, { viewport: { width: 375, height: 800 } });
    const page = await openIn(context, "Business", EMAIL);
    const original = await page.inputValue(EMAIL);
    await page.fill(EMAIL, "switched@sample-gophers.example.com");
    // At once, before the typing pause: the form goes, and what it held is written as it goes.
    await page.locator("nav[aria-label=Sections]").getByRole("button", { name: "Towns" }).click();
    await page.locator("nav[aria-label=Sections]").getByRole("button", { name: "Business" }).click();
    await offer(page).waitFor();
    expect(await page.inputValue(EMAIL)).toBe(original);
    await offer(page).getByRole("button", { name: "Restore them" }).click();
    expect(await page.inputValue(EMAIL)).toBe("switched@sample-gophers.example.com");
    await offer(page).waitFor({ state: "detached" });
    await context.close();
  });

  it("says a save the network lost, and keeps the text in the form and the browser", async () => {
    const { context } = await newIsolatedContext(session.browser, { viewport: { width: 375, height: 800 } });
    const page = await openIn(context, "Business", EMAIL);
    await page.route("**/__editor/api/save", (route) => route.abort("internetdisconnected"));
    await page.fill(EMAIL, "offline@sample-gophers.example.com");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect.poll(() => page.locator("header .notice").textContent()).toContain("Not saved: the editor could not be reached");
    expect(await page.inputValue(EMAIL)).toBe("offline@sample-gophers.example.com");
    await expect.poll(() => keepsDraft(page, "site.yaml")).toBe(true);
    expect(await readFile(path.join(session.dir, "site.yaml"), "utf8")).not.toContain("offline@sample-gophers.example.com");
    await context.close();
  });

  it("keeps an article's text too", async () => {
    const { context } = await newIsolatedContext(session.browser, { viewport: { width: 375, height: 800 } });
    const openArticle = async () => {
      const page = await openIn(context, "Articles", "main .document-list button");
      await page.locator("main .document-list button").first().click();
      await page.locator("main .markdown-file textarea").first().waitFor();
      return page;
    };
    const first = await openArticle();
    const file = await first.locator("main .markdown-file").first().getAttribute("data-file");
    const body = first.locator("main .markdown-file textarea").first();
    const before = await body.inputValue();
    await body.fill(`${before}\n\nA paragraph typed on the phone.\n`);
    await first.close();

    const second = await openArticle();
    const again = second.locator(`main .markdown-file[data-file="${file}"]`);
    await again.locator(".draft-offer").waitFor();
    expect(await again.locator("textarea").inputValue()).toBe(before);
    await again.getByRole("button", { name: "Restore them" }).click();
    expect(await again.locator("textarea").inputValue()).toContain("A paragraph typed on the phone.");
    await context.close();
  });
});
