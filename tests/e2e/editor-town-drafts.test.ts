import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newIsolatedContext } from "../helpers/browser.ts";
import { useEditorInBrowser } from "../helpers/editor-in-browser.ts";

// Nothing typed in the Towns section is lost either (editor-drafts.test.ts for the other forms): a
// town's paragraphs typed, a town added, kept in the browser per file (site.yaml's towns, each
// language's paragraphs) and offered back after a closed tab; a save the network lost says so and
// keeps them. In Chromium at 375 px, as on a phone.
const session = useEditorInBrowser();
const INTRO = '.town-form [id$="_intro"]';
const SPANISH = "#intro-es-menifee";

async function openTowns(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${session.editor.editorUrl}#Towns`);
  await page.locator(INTRO).first().waitFor();
  return page;
}

/** The files this browser keeps a draft of (the editor's localStorage, drafts.ts). */
function draftsKept(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("gopher-site draft ")).map((key) => key.split(" ").at(-1)!).sort());
}

const offer = (page: Page) => page.locator("main .draft-offer");
const townNames = (page: Page) => page.locator(".town-list .town-name").allInnerTexts();
const read = (file: string) => readFile(path.join(session.dir, file), "utf8");
const context375 = async () => (await newIsolatedContext(session.browser, { viewport: { width: 375, height: 800 } })).context;

describe("the Towns section's drafts kept in the browser (Chromium, 375 px)", { timeout: 120_000 }, () => {
  it("offers back a town's paragraphs typed before the tab closed, read-only until Restore, and forgets them once saved", async () => {
    const context = await context375();
    const first = await openTowns(context);
    expect(await first.locator(".town-form h3").textContent()).toBe("Menifee");
    const english = await first.inputValue(INTRO);
    const spanish = await first.inputValue(SPANISH);
    await first.fill(INTRO, "Menifee's paragraph, typed on the phone.");
    await first.fill(SPANISH, "El párrafo de Menifee, escrito en el teléfono.");
    // Closed at once: the drafts are written as the page goes, not only after the typing pause.
    await first.close();

    const second = await openTowns(context);
    await offer(second).waitFor();
    expect(await offer(second).textContent()).toMatch(/^You typed changes here today at .+ that were not saved\. The form below waits for your choice\.Restore themDiscard$/);
    // Each file's draft under its own name: site.yaml's towns apart from the Business form's site.yaml.
    expect(await draftsKept(second)).toEqual(["content/es/cities.yaml", "site.yaml#cities"]);
    expect(await second.inputValue(INTRO)).toBe(english);
    expect(await second.inputValue(SPANISH)).toBe(spanish);
    // The section waits for the choice: nothing typed or moved now could be lost under the kept draft.
    for (const field of [INTRO, SPANISH]) expect(await second.locator(field).isEditable()).toBe(false);
    for (const button of ["Save towns", "Move Menifee down", "Remove Menifee", "Find"]) expect(await second.getByRole("button", { name: button, exact: true }).isEnabled()).toBe(false);
    await offer(second).getByRole("button", { name: "Restore them" }).click();
    await expect.poll(() => second.locator(INTRO).isEditable()).toBe(true);
    expect(await second.inputValue(INTRO)).toBe("Menifee's paragraph, typed on the phone.");
    expect(await second.inputValue(SPANISH)).toBe("El párrafo de Menifee, escrito en el teléfono.");
    expect(await offer(second).count()).toBe(0);

    await second.getByRole("button", { name: "Save towns" }).click();
    await expect.poll(() => second.locator("header .notice").textContent(), { timeout: 60_000 }).toContain("Saved site.yaml, content/es/cities.yaml");
    expect(await read("site.yaml")).toContain("Menifee's paragraph, typed on the phone.");
    expect(await read("content/es/cities.yaml")).toContain("El párrafo de Menifee, escrito en el teléfono.");
    await expect.poll(() => draftsKept(second)).toEqual([]);
    await second.close();

    const third = await openTowns(context);
    expect(await third.inputValue(INTRO)).toBe("Menifee's paragraph, typed on the phone.");
    expect(await offer(third).count()).toBe(0);
    await context.close();
  });

  it("offers back a town added, made again on site.yaml saved since; Discard forgets it", async () => {
    const context = await context375();
    const first = await openTowns(context);
    const before = await townNames(first);
    await first.fill("#town-query", "92586");
    await first.getByRole("button", { name: "Find" }).click();
    await first.getByRole("button", { name: /^Add Sun City, CA \(92586/ }).click();
    await first.locator(".town-form h3", { hasText: "Sun City" }).waitFor();
    await first.close();
    // Meanwhile site.yaml changes elsewhere (another device, a text editor): a town's name.
    const config = path.join(session.dir, "site.yaml");
    const text = await readFile(config, "utf8");
    const renamed = text.replace(/^ {2}- name: Murrieta$/m, "  - name: Murrieta Hot Springs");
    expect(renamed).not.toBe(text);
    await writeFile(config, renamed);
    await session.editor.whenIdle();

    const second = await openTowns(context);
    await offer(second).waitFor();
    expect(await offer(second).textContent()).toContain("The file was saved since: restored, they are made again on it; check them before you Save.");
    expect(await townNames(second)).not.toContain("Sun City ⚠ needs nearby towns");
    await offer(second).getByRole("button", { name: "Restore them" }).click();
    const restored = before.map((name) => name.replace(/^Murrieta\b/, "Murrieta Hot Springs"));
    await expect.poll(() => townNames(second)).toEqual([...restored, "Sun City ⚠ needs nearby towns"]);
    // The town the draft changes is the one shown (a reopened tab starts on the first town).
    expect(await second.locator(".town-form h3").textContent()).toBe("Sun City");
    expect(await second.inputValue('.town-form [id$="_slug"]')).toBe("sun-city");
    await second.close();

    // Restored but not saved, it is still kept; Discard forgets it.
    const third = await openTowns(context);
    await offer(third).waitFor();
    await offer(third).getByRole("button", { name: "Discard" }).click();
    expect(await townNames(third)).toEqual(restored);
    expect(await draftsKept(third)).toEqual([]);
    await expect.poll(() => third.locator(INTRO).isEditable()).toBe(true);
    await third.close();
    const fourth = await openTowns(context);
    expect(await offer(fourth).count()).toBe(0);
    await context.close();
  });

  it("says a save the network lost, and keeps the town's text in the form and the browser", async () => {
    const context = await context375();
    const page = await openTowns(context);
    await page.route("**/__editor/api/save", (route) => route.abort("internetdisconnected"));
    await page.fill(INTRO, "Typed with no connection.");
    await page.getByRole("button", { name: "Save towns" }).click();
    await expect.poll(() => page.locator("header .notice").textContent()).toContain("Not saved: the editor could not be reached");
    await expect.poll(() => page.locator(".town-form .status").textContent()).toContain("Not saved: the editor could not be reached");
    await expect.poll(() => page.locator(INTRO).isEditable()).toBe(true);
    expect(await page.inputValue(INTRO)).toBe("Typed with no connection.");
    await expect.poll(() => draftsKept(page)).toEqual(["site.yaml#cities"]);
    expect(await read("site.yaml")).not.toContain("Typed with no connection.");
    // The tab closed now (the battery died): the text is offered back next time.
    await page.close();
    const again = await openTowns(context);
    await offer(again).waitFor();
    await offer(again).getByRole("button", { name: "Restore them" }).click();
    expect(await again.inputValue(INTRO)).toBe("Typed with no connection.");
    await context.close();
  });
});
