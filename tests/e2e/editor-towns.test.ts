import { readFile } from "node:fs/promises";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { parseDocument } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEditor, type EditorServer } from "../../src/editor/editor-server.ts";
import { CHROMIUM_ARGS, findChromium, newIsolatedContext } from "../helpers/browser.ts";
import { copySample, removeDir } from "../helpers/sample-site.ts";
import { terminalLog } from "../helpers/terminal-log.ts";

// The Towns section's rough edges: adding a town the site has, removing one other towns list as nearby.
let dir: string;
let editor: EditorServer;
let browser: Browser;

beforeAll(async () => {
  dir = await copySample();
  editor = await startEditor({ config: path.join(dir, "site.yaml"), port: 0, log: terminalLog().log, outDir: path.join(dir, ".edit-out") });
  browser = await chromium.launch({ executablePath: await findChromium(), args: CHROMIUM_ARGS, headless: true });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await editor?.close();
  if (dir) await removeDir(dir);
});

async function openTowns(width: number): Promise<Page> {
  const { context } = await newIsolatedContext(browser, { viewport: { width, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${editor.editorUrl}#Towns`);
  await page.locator("#town-query").waitFor();
  return page;
}

const towns = async () => parseDocument(await readFile(path.join(dir, "site.yaml"), "utf8")).toJS().cities as Array<{ name: string; slug: string; nearby: string[] }>;

describe("the Towns section (Chromium)", { timeout: 120_000 }, () => {
  it("offers a town the site has already as itself, not as a second one to add (1280 px)", async () => {
    const page = await openTowns(1280);
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
});
