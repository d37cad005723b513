import { describe, expect, it } from "vitest";
import { useBuiltSite } from "../helpers/built-site.ts";
import { accordionStates, dialogOpen, openFromHero, postMessage, RIVERSIDE } from "../helpers/page-actions.ts";

// The browser behaviours on Spanish pages: the same scripts, with the Spanish settings and copy.
const suite = useBuiltSite();
const { visit } = suite;

describe("a Spanish page", () => {
  it("opens the call-back dialog in Spanish, closes it with its button, and thanks the visitor in Spanish", async () => {
    const { formId, allowedOrigins } = suite.sample.site.integrations.leadForm!;
    const { page, errors } = await visit("/es");
    expect(await page.getAttribute("html", "lang")).toBe("es");
    await openFromHero(page);
    expect(await page.locator("[data-callback-modal] h2").textContent()).toBe("Pida que le llamemos hoy");
    const close = page.getByRole("button", { name: "Cerrar" });
    await close.press("Enter");
    await expect.poll(() => dialogOpen(page)).toBe(false);

    await openFromHero(page);
    await postMessage(page, allowedOrigins[0]!, { formId, type: "form-submitted" });
    const toast = page.locator("[data-toast-region] .toast");
    await expect.poll(() => toast.count()).toBe(1);
    expect(await toast.textContent()).toBe(`✓ ¡Listo! Un técnico le llamará muy pronto desde el ${suite.sample.site.phone.display}.`);
    expect(errors).toEqual([]);
  });

  it("sorts the service areas by distance once the visitor allows location, with links to Spanish city pages", async () => {
    const { context, page } = await visit("/es/areas-de-servicio", { geolocation: RIVERSIDE });
    const control = page.locator("[data-sort-control]").first();
    await expect.poll(() => control.isVisible()).toBe(true);
    await context.grantPermissions(["geolocation"]);
    await control.click();
    const first = page.locator("[data-distance-sort] li a").first();
    await expect.poll(() => first.textContent()).toMatch(/^Riverside/);
    expect(await first.getAttribute("href")).toBe("/es/control-de-tuzas-riverside");
  });

  it("keeps one FAQ item open at a time", async () => {
    const { page } = await visit("/es");
    const items = page.locator("[data-accordion] details");
    const states = () => accordionStates(page);
    await items.nth(1).locator("summary").click();
    await items.nth(2).locator("summary").click();
    const open = await states();
    expect(open.filter(Boolean)).toHaveLength(1);
    expect(open[2]).toBe(true);
  });

  it("switches to the same page in English with the header's language link", async () => {
    const { page } = await visit("/es/nosotros");
    await page.locator('.language-switcher a[hreflang="en"]').click();
    await page.waitForURL(/\/about$/);
    expect(await page.getAttribute("html", "lang")).toBe("en");
  });
});
