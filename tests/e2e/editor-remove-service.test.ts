import { existsSync } from "node:fs";
import { cp, mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BrowserContext } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { createLogger } from "../../src/log.ts";
import { newIsolatedContext } from "../helpers/browser.ts";
import { useEditorInBrowser } from "../helpers/editor-in-browser.ts";
import { REPO_ROOT } from "../helpers/sample-site.ts";

// A service that licences list and customers' quotes name, removed as the owner removes it: the
// confirmation says what else changes, and one save takes its id out of both (the heating example).
const session = useEditorInBrowser({
  project: async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "gopher-site-remove-service-"));
    await cp(path.join(REPO_ROOT, "examples/heating-cooling-spokane"), dir, { recursive: true });
    return dir;
  },
  log: createLogger({ level: "quiet" }),
});
let context: BrowserContext;

beforeAll(async () => {
  ({ context } = await newIsolatedContext(session.browser, { viewport: { width: 1280, height: 900 } }));
});

const read = async (file: string) => parse(await readFile(path.join(session.dir, file), "utf8"));

describe("removing a service others name, in Chromium", { timeout: 180_000 }, () => {
  it("takes its id out of the licences' places and its quotes in the same save, after saying so", async () => {
    const page = await context.newPage();
    await page.goto(`${session.editor.editorUrl}#Services`);
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
    expect(existsSync(path.join(session.dir, "content/services/water-heaters.yaml"))).toBe(false);
    // The owner's comments in site.yaml are still there.
    expect(await readFile(path.join(session.dir, "site.yaml"), "utf8")).toContain("# Five services, in the menu's order");
  });
});
