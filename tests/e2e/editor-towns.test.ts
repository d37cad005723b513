import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import { parseDocument } from "yaml";
import { describe, expect, it } from "vitest";
import { useEditorInBrowser } from "../helpers/editor-in-browser.ts";

// The Towns section's rough edges: adding a town the site has, removing one other towns list as nearby.
const session = useEditorInBrowser();

const openTowns = (width: number): Promise<Page> => session.open("Towns", width, "#town-query");

const towns = async () => parseDocument(await readFile(path.join(session.dir, "site.yaml"), "utf8")).toJS().cities as Array<{ name: string; slug: string; nearby: string[] }>;

describe("the Towns section (Chromium)", { timeout: 120_000 }, () => {
  it("offers a town the site has already as itself, not as a second one to add (1280 px)", async () => {
    const page = await openTowns(1280);
    // Its example is this site's own base town, from site.yaml.
    expect(await page.getAttribute("#town-query", "placeholder")).toBe("92596 or Winchester");
    await page.fill("#town-query", "92591");
    await page.getByRole("button", { name: "Find" }).click();
    const offers = page.locator(".matches button");
    await expect.poll(() => offers.count()).toBeGreaterThan(0);
    expect(await offers.allTextContents()).toContain("Temecula is on the site already: show it");
    expect(await page.getByRole("button", { name: /^Add Temecula/ }).count()).toBe(0);
    await page.getByRole("button", { name: "Temecula is on the site already: show it" }).click();
    expect(await page.locator(".town-form h3").textContent()).toBe("Temecula");
    expect((await towns()).filter((town) => town.slug === "temecula")).toHaveLength(1);
  });

  it("asks before ✕ removes a town, naming the towns that list it as nearby, and takes it out of their lists (1280 px)", async () => {
    const page = await openTowns(1280);
    const before = await towns();
    const listers = before.filter((town) => town.nearby.includes("menifee")).map((town) => town.name);
    expect(listers).toContain("Murrieta");
    expect(listers.length).toBeGreaterThan(1);
    const murrietaNearby = before.find((town) => town.slug === "murrieta")!.nearby.filter((slug) => slug !== "menifee");
    await page.getByRole("button", { name: "Remove Menifee", exact: true }).click();
    const ask = page.getByRole("group", { name: "Remove Menifee?" });
    expect(await ask.locator("p").innerText()).toBe(`Remove Menifee and its page? ${listers.join(", ")} list it as nearby: it is taken out of their lists too. Nothing is saved until Save towns.`);
    await ask.getByRole("button", { name: "Keep it" }).click();
    expect(await page.locator(".town-list .town-name").allInnerTexts()).toContain("Menifee");

    await page.getByRole("button", { name: "Remove Menifee", exact: true }).click();
    await page.getByRole("button", { name: "Yes, remove Menifee" }).click();
    expect(await page.locator(".town-list .town-name").allInnerTexts()).not.toContain("Menifee");
    await page.locator(".town-list .town-name", { hasText: "Murrieta" }).click();
    const nearby = page.locator('.town-form select[id$="_nearby"]');
    expect((await nearby.evaluate((select: HTMLSelectElement) => [...select.selectedOptions].map((option) => option.textContent))).sort()).toEqual([...murrietaNearby].sort());
    await page.getByRole("button", { name: "Save towns" }).click();
    await expect.poll(() => page.locator("header .notice").textContent(), { timeout: 60_000 }).toContain("Saved site.yaml");
    const saved = await towns();
    expect(saved.map((town) => town.slug)).not.toContain("menifee");
    expect(saved.filter((town) => town.nearby.includes("menifee"))).toEqual([]);
    expect(saved.find((town) => town.slug === "murrieta")!.nearby).toEqual(murrietaNearby);
  });

  it("marks the towns a removal leaves short of nearby towns, and names each town in the Save's problems (1280 px)", async () => {
    const page = await openTowns(1280);
    const before = await readFile(path.join(session.dir, "site.yaml"), "utf8");
    // Menifee gone (the test before), Temecula lists 3 nearby towns, Murrieta among them: 2 are left without it.
    const temeculaNearby = (await towns()).find((town) => town.slug === "temecula")!.nearby;
    expect(temeculaNearby).toHaveLength(3);
    expect(temeculaNearby).toContain("murrieta");
    await page.getByRole("button", { name: "Remove Murrieta", exact: true }).click();
    await page.getByRole("button", { name: "Yes, remove Murrieta" }).click();
    const temecula = page.locator(".town-list .town-name", { hasText: "Temecula" });
    expect(await temecula.innerText()).toBe("Temecula ⚠ needs nearby towns");
    await page.getByRole("button", { name: "Save towns" }).click();
    const problems = page.locator(".town-form .status.problems code");
    await expect.poll(() => problems.count(), { timeout: 60_000 }).toBeGreaterThan(0);
    const lines = await problems.allTextContents();
    const index = (await towns()).filter((town) => town.slug !== "murrieta").findIndex((town) => town.slug === "temecula");
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^site\\.yaml:\\d+:\\d+  cities\\.${index}\\.nearby \\(Temecula\\)  list 3 or 4 nearby towns`)));
    for (const line of lines.filter((text) => / {2}cities\.\d+/.test(text))) expect(line).toMatch(/ {2}cities\.\d+\S* \([A-Z][\w ]+\) {2}/);
    expect(await temecula.innerText()).toBe("Temecula ⚠ has a problem");
    expect(await readFile(path.join(session.dir, "site.yaml"), "utf8")).toBe(before);
  });
});
