import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { newIsolatedContext } from "../helpers/browser.ts";
import { useEditorInBrowser } from "../helpers/editor-in-browser.ts";

const session = useEditorInBrowser();

async function openEditor(section: string, width: number): Promise<Page> {
  const { context } = await newIsolatedContext(session.browser, { viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${session.editor.editorUrl}#${encodeURIComponent(section)}`);
  await page.locator("main input:not([type=hidden])").first().waitFor();
  return page;
}

describe("the editor's forms in an owner's words, in Chromium", { timeout: 180_000 }, () => {
  it("labels a list's entries 'Item 1', 'Item 2' at 1280 px, never rjsf's 'Items-1'", async () => {
    const page = await openEditor("FAQ", 1280);
    const labels = await page.locator("main legend, main label").allTextContents();
    // A required entry keeps rjsf's asterisk.
    expect(labels.filter((label) => /^Item [12]\*?$/.test(label)).length).toBeGreaterThanOrEqual(2);
    expect(labels.filter((label) => /-\d+\*?$/.test(label))).toEqual([]);
    await page.context().close();
  });

  it("puts a text's translation beside it at 1280 px, the preview open", async () => {
    const page = await openEditor("FAQ", 1280);
    const [english, spanish] = await Promise.all([page.locator(".languages > *").nth(0).boundingBox(), page.locator(".languages > *").nth(1).boundingBox()]);
    expect(spanish!.x).toBeGreaterThanOrEqual(english!.x + english!.width);
    expect(Math.abs(spanish!.y - english!.y)).toBeLessThan(5);
    await page.context().close();
  });

  it("prints a field's help once at 1280 px: site.yaml's comment, with the default the schema names", async () => {
    const page = await openEditor("Business", 1280);
    await page.getByText(/^Advanced:/).click();
    expect(await page.locator("#site_yaml_cityPath__description").textContent()).toBe(
      "Addresses of the pages in the default language (another language's are in its language.yaml). {city} is each city's slug: /{city}-gopher-control makes /temecula-gopher-control. Default: /{city}",
    );
    expect(await page.locator("#site_yaml_businessType__description").textContent()).toBe(
      "The schema.org type search engines are told the business is (structured data): LocalBusiness or one of its subtypes, e.g. Plumber, HVACBusiness, RoofingContractor. schema.org has no pest-control type; HomeAndConstructionBusiness (services around homes and buildings) is the default.",
    );
    await page.context().close();
  });

  it("says a refused save under its fields in words, at 1280 px: no type names, another field by its label", async () => {
    const page = await openEditor("Business", 1280);
    const company = await page.locator("#site_yaml_company_name").inputValue();
    await page.fill("#site_yaml_company_name", "");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect.poll(() => page.locator("#site_yaml_company_name__error").textContent(), { timeout: 60_000 }).toBe("Required: fill this in.");
    // The cross-checks run once the fields are whole: the phone's names the other field.
    await page.fill("#site_yaml_company_name", company);
    await page.fill("#site_yaml_phone_display", "(909) 555-0199");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect.poll(() => page.locator("#site_yaml_phone_tel__error").textContent(), { timeout: 60_000 }).toContain("but “Phone › Display” shows (909) 555-0199");
    const tel = await page.locator("#site_yaml_phone_tel__error").textContent();
    expect(tel).not.toContain("phone.display");
    await page.context().close();
  });

  it("brings the preview into view at 375 px when Show preview opens it below the form", async () => {
    const page = await openEditor("Business", 375);
    await page.getByRole("button", { name: "Show preview" }).click();
    await expect.poll(() => page.locator("aside.preview").evaluate((node) => {
      const box = node.getBoundingClientRect();
      return box.top >= 0 && box.top < innerHeight / 2;
    })).toBe(true);
    await page.context().close();
  });
});
