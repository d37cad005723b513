import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useEditorInBrowser } from "../helpers/editor-in-browser.ts";

// What the owner sees of a save wherever they are in a long form, at the widths where it went wrong.
const session = useEditorInBrowser();

const openBusiness = (width: number): Promise<Page> => session.open("Business", width, "main input:not([type=hidden])");

/** Whether the element is the topmost thing at its own centre (nothing, the header included, lies over it). */
function uncovered(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).first().evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top !== null && (top === element || element.contains(top));
  });
}

const notice = (page: Page) => page.locator("header .notice");

/** Whether the element is on the screen and nothing lies over it. */
async function inView(page: Page, selector: string): Promise<boolean> {
  const box = await page.locator(selector).first().boundingBox();
  const height = page.viewportSize()!.height;
  return box !== null && box.y >= 0 && box.y + Math.min(box.height, 40) <= height && (await uncovered(page, selector));
}

describe("a save's feedback in the editor (Chromium)", { timeout: 120_000 }, () => {
  for (const width of [375, 1280]) {
    it(`keeps the sticky Save below the header after a save, and clears "Saved" when the owner edits again (${width} px)`, async () => {
      const page = await openBusiness(width);
      await page.fill("#site_yaml_email", `office${width}@sample-gophers.example.com`);
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect.poll(() => notice(page).textContent(), { timeout: 60_000 }).toContain("Saved site.yaml");
      // Far down the form, "Saved" still showing: the form's header (and its Save) sticks under the editor's header.
      await page.locator("#site_yaml_copyrightYear").scrollIntoViewIfNeeded();
      await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(1000);
      expect(await notice(page).isVisible()).toBe(true);
      await expect.poll(() => uncovered(page, "main .file-form-header .save")).toBe(true);
      await page.locator("#site_yaml_phone_display").fill(`(951) 555-0${width}`);
      expect(await notice(page).textContent()).toBe("");
      expect(await notice(page).isVisible()).toBe(false);
    });
  }

  it("says a refused save in the header, in view far down the form, instead of the last 'Saved', and shows the problems on request (375 px)", async () => {
    const page = await openBusiness(375);
    await page.fill("#site_yaml_company_name", "Sample Gophers");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect.poll(() => notice(page).textContent(), { timeout: 60_000 }).toContain("Saved site.yaml");
    await page.fill("#site_yaml_email", "office-at-example");
    await page.locator("#site_yaml_copyrightYear").scrollIntoViewIfNeeded();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect.poll(() => notice(page).textContent(), { timeout: 60_000 }).toContain("Not saved: the site would not build.");
    expect(await notice(page).textContent()).not.toContain("Saved site.yaml");
    expect(await inView(page, "header .notice")).toBe(true);
    const problems = page.locator("main .status.problems");
    expect(await problems.textContent()).toContain("email  must be an e-mail address");
    expect(await inView(page, "main .status.problems")).toBe(false);
    await notice(page).getByRole("button", { name: "Show what is wrong" }).click();
    await expect.poll(() => inView(page, "main .status.problems")).toBe(true);
  });

  it("asks before the tab closes while typed text or a town added is not saved, and not once it is saved (1280 px)", async () => {
    /** Closes the page as a tab is closed; whether the browser asked first. */
    const closeAsks = async (page: Page) => {
      let asked = false;
      page.once("dialog", (dialog) => {
        asked = dialog.type() === "beforeunload";
        void dialog.accept();
      });
      await page.close({ runBeforeUnload: true });
      await expect.poll(() => page.isClosed()).toBe(true);
      return asked;
    };
    const untouched = await openBusiness(1280);
    await untouched.locator("#site_yaml_company_name").click();
    expect(await closeAsks(untouched)).toBe(false);

    const typed = await openBusiness(1280);
    await typed.fill("#site_yaml_company_name", "Gopher Guard Trapping");
    expect(await closeAsks(typed)).toBe(true);

    const saved = await openBusiness(1280);
    await saved.fill("#site_yaml_company_name", "Gopher Guard Trapping");
    await saved.getByRole("button", { name: "Save", exact: true }).click();
    await expect.poll(() => notice(saved).textContent(), { timeout: 60_000 }).toContain("Saved site.yaml");
    expect(await closeAsks(saved)).toBe(false);

    const towns = await openBusiness(1280);
    await towns.getByRole("navigation", { name: "Sections" }).getByRole("button", { name: "Towns" }).click();
    await towns.fill("#town-query", "92586");
    await towns.getByRole("button", { name: "Find" }).click();
    await towns.getByRole("button", { name: /^Add Sun City, CA/ }).click();
    expect(await closeAsks(towns)).toBe(true);
  });

  it("says at Save what a town saved without its Spanish paragraph leaves to do, and what that means (1280 px)", async () => {
    const page = await openBusiness(1280);
    await page.getByRole("navigation", { name: "Sections" }).getByRole("button", { name: "Towns" }).click();
    await page.fill("#town-query", "92586");
    await page.getByRole("button", { name: "Find" }).click();
    await page.getByRole("button", { name: /^Add Sun City, CA \(92586/ }).click();
    const field = (name: string) => page.locator(`.town-form [id$="_${name}"]`).first();
    for (const [i, name] of ["Sun City Civic", "Cherry Hills", "Menifee Lakes", "Quail Creek"].entries()) {
      await page.locator('.town-form [id$="_neighborhoods__add"]').click();
      await field(`neighborhoods_${i}`).fill(name);
    }
    await field("nearby").selectOption(["menifee", "murrieta", "winchester"]);
    await field("intro").fill("Sun City is a retirement community where lawns, roses and golf course edges draw gophers from the open fields around Menifee.");
    await page.getByRole("button", { name: "Save towns" }).click();
    await expect.poll(() => notice(page).textContent(), { timeout: 60_000 }).toContain("Saved site.yaml");
    const left = page.locator("header .left-to-do");
    expect(await left.locator("p").innerText()).toBe("Saved, with one thing left to do: the site builds, but gopher-site check --strict fails until it is done.");
    expect(await left.locator("li").allTextContents()).toEqual(["content/es/cities.yaml:1  sun-city.intro  not translated yet: the /es/ page of Sun City is left out until it is"]);
    expect(await inView(page, "header .left-to-do")).toBe(true);
  });
});
