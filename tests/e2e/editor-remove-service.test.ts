import { existsSync } from "node:fs";
import { cp, mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { startEditor, type EditorServer } from "../../src/editor/editor-server.ts";
import { createLogger } from "../../src/log.ts";
import { launchChromium, newIsolatedContext } from "../helpers/browser.ts";
import { REPO_ROOT, removeDir } from "../helpers/sample-site.ts";

// A service that licences list and customers' quotes name, removed as the owner removes it: the
// confirmation says what else changes, and one save takes its id out of both (the heating example).
let dir: string;
let editor: EditorServer;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "gopher-site-remove-service-"));
  await cp(path.join(REPO_ROOT, "examples/heating-cooling-spokane"), dir, { recursive: true });
  editor = await startEditor({ config: path.join(dir, "site.yaml"), port: 0, log: createLogger({ level: "quiet" }), outDir: path.join(dir, ".edit-out") });
  browser = await launchChromium();
  ({ context } = await newIsolatedContext(browser, { viewport: { width: 1280, height: 900 } }));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await editor?.close();
  if (dir) await removeDir(dir);
});

const read = async (file: string) => parse(await readFile(path.join(dir, file), "utf8"));

describe("removing a service others name, in Chromium", { timeout: 180_000 }, () => {
  it("takes its id out of the licences' places and its quotes in the same save, after saying so", async () => {
    const page = await context.newPage();
    await page.goto(`${editor.editorUrl}#Services`);
    await page.getByRole("button", { name: "Remove Water Heaters" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Remove Water Heaters?" });
    expect(await confirm.textContent()).toContain("These licences are no longer listed on its page: Washington Contractor License; Idaho HVAC Contractor License.");
    expect(await confirm.textContent()).toContain("The quotes of Tom B. are about it: they stay, shown with your first service.");
    await confirm.getByRole("button", { name: "Remove it" }).click();
    await page.getByRole("list", { name: "Services" }).getByText("Water Heaters").waitFor({ state: "detached", timeout: 90_000 });

    const site = (await read("site.yaml")) as { services: Array<{ id: string }>; licenses: Array<{ shownOn: string[] }> };
    expect(site.services.map((service) => service.id)).toEqual(["furnace-repair", "ac-installation", "heat-pumps", "duct-cleaning"]);
    for (const licence of site.licenses) expect(licence.shownOn).toEqual(["footer", "about", "furnace-repair", "ac-installation", "heat-pumps"]);
    const quotes = ((await read("content/testimonials.yaml")) as { items: Array<{ name: string; service?: string }> }).items;
    expect(quotes.find((quote) => quote.name === "Tom B.")).toEqual({ quote: expect.any(String), name: "Tom B.", town: "Spokane" });
    expect(existsSync(path.join(dir, "content/services/water-heaters.yaml"))).toBe(false);
    // The owner's comments in site.yaml are still there.
    expect(await readFile(path.join(dir, "site.yaml"), "utf8")).toContain("# Five services, in the menu's order");
  });
});
