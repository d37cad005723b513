import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newIsolatedContext } from "../helpers/browser.ts";
import { useEditorInBrowser } from "../helpers/editor-in-browser.ts";

// The editor on a phone loads the header and its first section; each other section's code, and
// the rest of the state, when the section opens (docs/speed.md, "The editor on a phone").
const session = useEditorInBrowser();

/** A phone-sized page on the editor (at `hash`), with every script and API request it makes, in order. */
async function openPhone(hash = ""): Promise<{ page: Page; scripts: string[]; api: string[] }> {
  const { context } = await newIsolatedContext(session.browser, { viewport: { width: 375, height: 800 } });
  const page = await context.newPage();
  const scripts: string[] = [];
  const api: string[] = [];
  page.on("request", (request) => {
    const { pathname, search } = new URL(request.url());
    if (request.resourceType() === "script") scripts.push(pathname.replace("/__editor/", ""));
    if (pathname.startsWith("/__editor/api/")) api.push(pathname.replace("/__editor/api/", "") + search);
  });
  await page.goto(`${session.editor.editorUrl}${hash}`);
  return { page, scripts, api };
}

const chunkOf = (scripts: readonly string[], section: string) => scripts.filter((name) => name.startsWith(`${section}-`));

describe("the editor's sections, each loaded when opened (Chromium, 375 px)", { timeout: 120_000 }, () => {
  it("opens on Business with the state's first part, and brings a section's code and the rest of the state when it opens", async () => {
    const { page, scripts, api } = await openPhone();
    await page.locator("main input#site_yaml_company_name").waitFor();
    expect(chunkOf(scripts, "business-form")).toHaveLength(1);
    for (const section of ["towns", "requests", "page-list", "copy-forms", "articles", "language-settings", "history"]) expect(chunkOf(scripts, section), section).toEqual([]);
    expect(api[0]).toBe("state?part=site");

    await page.getByRole("button", { name: "Towns", exact: true }).click();
    await page.locator(".town-form h3").waitFor();
    expect(chunkOf(scripts, "towns")).toHaveLength(1);
    // Towns needs the other languages' town paragraphs: the whole state, asked for as it opened.
    expect(api).toContain("state");

    await page.getByRole("button", { name: "Business", exact: true }).click();
    await page.locator("main input#site_yaml_company_name").waitFor();
    // Each chunk once: a section opened again has its code.
    expect(new Set(scripts).size).toBe(scripts.length);
    await page.context().close();
  });

  it("opens on the section its address names, with that section's code, and asks for the rest of the state after a moment", async () => {
    const { page, scripts, api } = await openPhone("#Requests");
    await page.locator("main .requests").waitFor();
    expect(chunkOf(scripts, "requests")).toHaveLength(1);
    expect(chunkOf(scripts, "towns")).toEqual([]);
    expect(api[0]).toBe("state?part=site");
    // With nothing else to do, the page asks for the rest (it waits 2 s, then for the browser to be idle).
    await expect.poll(() => api.includes("state"), { timeout: 15_000 }).toBe(true);
    await page.getByRole("button", { name: "FAQ", exact: true }).click();
    await page.locator("main .file-form textarea, main .file-form input:not([type=hidden])").first().waitFor();
    expect(chunkOf(scripts, "copy-forms")).toHaveLength(1);
    await page.context().close();
  });

  it("opens on a section that needs the whole state with the whole state at once", async () => {
    const { page, api } = await openPhone("#Translations");
    await page.locator(".untranslated-list").waitFor();
    expect(api[0]).toBe("state");
    expect(api).not.toContain("state?part=site");
    await page.context().close();
  });
});
