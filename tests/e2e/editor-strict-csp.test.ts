import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newIsolatedContext } from "../helpers/browser.ts";
import { useEditorInBrowser } from "../helpers/editor-in-browser.ts";

// The editor's page allows scripts of its own origin only (no 'unsafe-eval'): the form library's
// validators come compiled from the server (src/editor/form-validators.ts) instead of with `new Function`.
const session = useEditorInBrowser();

interface Watched {
  page: Page;
  /** Console errors and warnings (a failed request's own line left out) and uncaught errors. */
  complaints: string[];
}

async function watchedPage(width = 1280): Promise<Watched> {
  const { context } = await newIsolatedContext(session.browser, { viewport: { width, height: 900 } });
  const page = await context.newPage();
  const complaints: string[] = [];
  page.on("console", (message) => {
    if ((message.type() === "error" || message.type() === "warning") && !message.text().startsWith("Failed to load resource")) complaints.push(message.text().slice(0, 300));
  });
  page.on("pageerror", (error) => complaints.push(error.message.slice(0, 300)));
  // Every refusal of the page's policy, eval's among them, as the page itself hears it.
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => console.error(`CSP refused ${event.violatedDirective}: ${event.blockedURI}`));
  });
  return { page, complaints };
}

/** The section, as the owner opens it: by its button in the editor's menu. */
async function openSection(watched: Watched, section: string): Promise<void> {
  if (!watched.page.url().startsWith(session.editor.editorUrl)) await watched.page.goto(session.editor.editorUrl);
  const button = watched.page.getByRole("button", { name: section, exact: true });
  await button.click();
  await expect.poll(() => button.getAttribute("aria-current")).toBe("page");
}

describe("the editor under its own Content-Security-Policy (Chromium)", { timeout: 180_000 }, () => {
  it("shows every section's forms without evaluating code, so nothing is refused or logged", async () => {
    const watched = await watchedPage();
    for (const section of ["Business", "Requests", "Towns", "Services", "Own pages", "Testimonials", "FAQ", "Page texts", "Articles", "Legal pages", "Languages"]) {
      await openSection(watched, section);
      // A form whose validator is still on its way says so; each section's first form is whole.
      await watched.page.locator("main input:not([type=hidden]), main textarea, main li, main .requests").first().waitFor();
      await expect.poll(() => watched.page.locator("main .loading").count(), { timeout: 30_000 }).toBe(0);
    }
    expect(watched.complaints).toEqual([]);
    await watched.page.context().close();
  });

  it("picks each section's kind from its values: the steps of Residential read 'Steps (how it works)'", async () => {
    const watched = await watchedPage();
    await openSection(watched, "Services");
    await watched.page.getByRole("button", { name: /^Residential/ }).first().click();
    const kinds = watched.page.locator("main select[id*='sections'][id$='__oneof_select']");
    await kinds.first().waitFor();
    const chosen = await kinds.evaluateAll((selects) => selects.map((select) => (select as HTMLSelectElement).selectedOptions[0]?.textContent ?? ""));
    // content/services/residential.yaml: cards, steps, prose, reviews.
    expect(chosen.slice(0, 4)).toEqual(["Cards", "Steps (how it works)", "Paragraphs", "Reviews"]);
    expect(watched.complaints).toEqual([]);
    await watched.page.context().close();
  });
});
