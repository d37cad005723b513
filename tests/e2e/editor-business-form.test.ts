import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { useEditorInBrowser } from "../helpers/editor-in-browser.ts";

// The Business form: the owner's everyday facts first, what only a developer changes folded away.
const session = useEditorInBrowser();

const openBusiness = (width: number): Promise<Page> => session.open("Business", width, "main input:not([type=hidden])");

/** The ids of the form's top-level fields, in the order the page shows them, and which are folded away. */
async function topFields(page: Page): Promise<{ shown: string[]; folded: string[] }> {
  return page.evaluate(() => {
    const root = document.querySelector("main .file-form form > fieldset, main .file-form fieldset")!;
    const fields = [...root.querySelectorAll(":scope > .form-group, :scope > details > .form-group")];
    const key = (field: Element) => (field.querySelector("[id^='site_yaml_']")?.id ?? "").replace(/^site_yaml_/, "").split("_")[0]!;
    return {
      shown: fields.filter((field) => !field.closest("details")).map(key),
      folded: fields.filter((field) => field.closest("details")).map(key),
    };
  });
}

describe("the Business form (Chromium)", { timeout: 120_000 }, () => {
  it("puts the everyday facts first and folds the developer's settings under Advanced (1280 px)", async () => {
    const page = await openBusiness(1280);
    expect(await page.locator("#site_yaml_cityPath").isVisible()).toBe(false);
    // The folded fields are made when Advanced is first opened (a phone shows the everyday facts sooner).
    expect(await page.locator("details.advanced .form-group").count()).toBe(0);
    await page.getByText(/^Advanced:/).click();
    await page.locator("#site_yaml_cityPath").waitFor();
    expect(await page.locator("#site_yaml_cityPath").isVisible()).toBe(true);
    const { shown, folded } = await topFields(page);
    expect(shown.slice(0, 4)).toEqual(["company", "phone", "emergency", "email"]);
    expect(shown).toContain("prices");
    // The services and own pages have sections of their own.
    expect(shown).not.toContain("services");
    expect(shown).not.toContain("pages");
    expect(folded).toEqual(["siteUrl", "format", "base", "businessType", "cityPath", "integrations", "timeZone", "languages", "defaultLocation"]);
    // Folded again, they stay made (what was typed in them is kept), out of sight.
    await page.getByText(/^Advanced:/).click();
    expect(await page.locator("#site_yaml_cityPath").isVisible()).toBe(false);
    expect(await page.locator("#site_yaml_cityPath").count()).toBe(1);
  });

  it("opens Advanced when a save is refused for one of its fields, so the message is seen (375 px)", async () => {
    const page = await openBusiness(375);
    await page.getByText(/^Advanced:/).click();
    await page.fill("#site_yaml_siteUrl", "not an address");
    await page.getByText(/^Advanced:/).click();
    expect(await page.locator("#site_yaml_siteUrl").isVisible()).toBe(false);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect.poll(() => page.locator("main .status.problems").count(), { timeout: 60_000 }).toBe(1);
    expect(await page.locator("#site_yaml_siteUrl").isVisible()).toBe(true);
    expect(await page.locator("main .status.problems").textContent()).toContain("siteUrl");
    // The field's own message, beside it inside Advanced, is on the screen once scrolled to.
    const message = page.locator("details.advanced .error-detail").first();
    await message.scrollIntoViewIfNeeded();
    expect(await message.isVisible()).toBe(true);
  });
});

describe("prices in the Business form (Chromium)", { timeout: 120_000 }, () => {
  it("are each a name and what it costs (an amount, free, a starting price, a range), saved as site.yaml writes them (375 px)", async () => {
    const page = await openBusiness(375);
    const prices = page.locator(".price-items");
    await prices.scrollIntoViewIfNeeded();
    expect(await prices.getByLabel("Name", { exact: true }).evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))).toEqual(["setup", "extraGopher"]);
    expect(await prices.textContent()).not.toMatch(/\bKey\b|newKey/);
    expect(await prices.textContent()).toContain("in copy: {setupPrice}");
    await prices.getByRole("button", { name: "Add a price" }).click();
    const camera = prices.locator(".price-item").nth(2);
    await camera.getByLabel("Name", { exact: true }).fill("camera");
    // A new price is 0, free, until the owner says otherwise.
    expect(await camera.getByLabel("Price", { exact: true }).inputValue()).toBe("free");
    await camera.getByLabel("Price", { exact: true }).selectOption("amount");
    await camera.getByLabel("Amount", { exact: true }).fill("150");
    await prices.getByRole("button", { name: "Add a price" }).click();
    const repipe = prices.locator(".price-item").nth(3);
    await repipe.getByLabel("Name", { exact: true }).fill("repipe");
    await repipe.getByLabel("Price", { exact: true }).selectOption("range");
    await repipe.getByLabel("From", { exact: true }).fill("4000");
    await repipe.getByLabel("To", { exact: true }).fill("9000");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    const saved = async () => parse(await readFile(path.join(session.dir, "site.yaml"), "utf8")).prices.items;
    await expect.poll(saved, { timeout: 60_000 }).toEqual({ setup: 295, extraGopher: 45, camera: 150, repipe: { from: 4000, to: 9000 } });
    // The save is over once the page says so (the files are read again then): only then the next change.
    await expect.poll(() => page.locator("header .notice").textContent(), { timeout: 60_000 }).toContain("Saved site.yaml");
    // A starting price needs the language's words for it (chrome.yaml's prices.from): the save says so, and writes nothing.
    await page.locator(".price-items .price-item").nth(1).getByLabel("Price", { exact: true }).selectOption("from");
    await expect.poll(() => page.getByRole("button", { name: "Save", exact: true }).isEnabled(), { timeout: 15_000 }).toBe(true);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect.poll(() => page.locator("main .status.problems").textContent(), { timeout: 60_000 }).toContain("prices.from");
    expect((await saved()).extraGopher).toBe(45);
  });
});

describe("a page's sections in the editor (Chromium)", { timeout: 120_000 }, () => {
  it("offers each kind of section by its name, not as numbered options", async () => {
    const page = await session.open("Services", 1280, '[data-file="content/services/residential.yaml"] select[id$="__oneof_select"]');
    const picker = page.locator('[data-file="content/services/residential.yaml"] select[id$="__oneof_select"]').first();
    const names = await picker.locator("option").allTextContents();
    expect(names).toEqual(expect.arrayContaining(["Cards", "Checklist", "Steps (how it works)", "Paragraphs", "Reviews", "Prices", "Questions and answers", "Team", "Gallery", "Services", "Call to action"]));
    expect(names.some((name) => /option \d/i.test(name))).toBe(false);
  });
});
