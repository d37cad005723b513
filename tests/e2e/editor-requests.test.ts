import path from "node:path";
import { describe, expect, it } from "vitest";
import type { LeadFields } from "../../src/leads/lead-form.ts";
import { openOutbox } from "../../src/leads/outbox.ts";
import { useEditorInBrowser } from "../helpers/editor-in-browser.ts";
import { copyFixture } from "../helpers/fixture-site.ts";

// The owner between jobs, on a phone: the requests the quote form took, the newest first, a tap
// that calls back, one marked done, a robot's post delivered after all. Chromium at 375 px.
const lead = (name: string, phone: string, message: string): LeadFields => ({ name, phone, town: "Murrieta", service: "Residential", message, lang: "en", page: "/murrieta-gopher-control", thanks: "" });

const session = useEditorInBrowser({
  project: async () => {
    const dir = await copyFixture("small");
    const outbox = await openOutbox(path.join(dir, "leads"), { channels: ["email"] });
    const older = await outbox.add(lead("Maria Lopez", "(951) 555-0100", "Mounds along the fence."), ["email"]);
    await outbox.delivered(older!.id, "email");
    await outbox.add(lead("Sam Ortiz", "+1 951 555 0101", "Gophers under the vegetable beds,\nand one near the pool."), ["email"]);
    await outbox.add(lead("Ana Ruiz", "951-555-0102", "Sent too fast for a person."), ["email"], { spam: "too fast" });
    return dir;
  },
});

describe("the Requests section (Chromium, 375 px)", { timeout: 120_000 }, () => {
  it("lists the requests newest first, each phone a link that calls, and marks one done", async () => {
    const page = await session.open("Requests", 375, "main .request");
    // The held request the other test delivers joins this list then: these two are this test's.
    const cards = page.locator("main .requests > .request-list > .request").filter({ hasNotText: "Ana Ruiz" });
    expect(await cards.locator(".request-name").allTextContents()).toEqual(["Sam Ortiz", "Maria Lopez"]);
    const newest = cards.first();
    expect(await newest.locator(".request-phone").getAttribute("href")).toBe("tel:+19515550101");
    expect(await cards.nth(1).locator(".request-phone").getAttribute("href")).toBe("tel:9515550100");
    expect(await newest.locator(".request-message").innerText()).toBe("Gophers under the vegetable beds,\nand one near the pool.");
    expect(await newest.locator(".request-meta").textContent()).toBe("From /murrieta-gopher-control · waiting to be delivered");
    expect(await cards.nth(1).locator(".request-meta").textContent()).toContain("delivered (email)");
    // Nothing runs wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await cards.nth(1).getByRole("button", { name: "Done" }).click();
    await expect.poll(() => cards.locator(".request-name").allTextContents()).toEqual(["Sam Ortiz"]);
    expect(await page.locator("main [role=status]").first().textContent()).toBe("Maria Lopez: marked done.");
    const done = page.locator("main details.requests-apart", { hasText: "Done (1)" });
    await done.locator("summary").click();
    expect(await done.locator(".request-name").allTextContents()).toEqual(["Maria Lopez"]);
    // Still done after the page is opened again.
    const again = await session.open("Requests", 375, "main .request");
    expect((await again.locator("main .requests > .request-list .request-name").allTextContents()).filter((name) => name !== "Ana Ruiz")).toEqual(["Sam Ortiz"]);
  });

  it("delivers a request held as a robot's after all", async () => {
    const page = await session.open("Requests", 375, "main .request");
    const held = page.locator("main details.requests-apart", { hasText: "Held as robots' (1)" });
    await held.locator("summary").click();
    expect(await held.locator(".request-meta").textContent()).toContain("held: too fast");
    await held.getByRole("button", { name: "Not a robot: deliver it" }).click();
    await expect.poll(() => page.locator("main [role=status]").first().textContent()).toContain("Ana Ruiz: Delivered after all");
    // The message comes with the answer; the list is read again after it.
    await expect.poll(() => page.locator("main details.requests-apart", { hasText: "Held as robots'" }).count()).toBe(0);
    await expect.poll(() => page.locator("main .requests > .request-list .request-name").allTextContents()).toContain("Ana Ruiz");
  });
});
