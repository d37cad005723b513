import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { createLogger } from "../../src/log.ts";
import { newIsolatedContext } from "../helpers/browser.ts";
import { useEditorInBrowser } from "../helpers/editor-in-browser.ts";

// The Services section driven as the owner drives it: a service added, moved up, then removed.
const session = useEditorInBrowser({ log: createLogger({ level: "quiet" }) });
let context: BrowserContext;

beforeAll(async () => {
  ({ context } = await newIsolatedContext(session.browser, { viewport: { width: 1280, height: 900 } }));
});

const read = (file: string) => readFile(path.join(session.dir, file), "utf8");
const serviceIds = async () => (parse(await read("site.yaml")) as { services: Array<{ id: string }> }).services.map((service) => service.id);
/** Where the first link to `address` in a project's file is, as the build names it (file:line:column of the address). */
async function linkIn(file: string, address: string): Promise<string> {
  const lines = (await read(file)).split("\n");
  const line = lines.findIndex((text) => text.includes(`](${address})`));
  expect(line, `${file} links to ${address}`).toBeGreaterThanOrEqual(0);
  return `${file}:${line + 1}:${lines[line]!.indexOf(`](${address})`) + 3}`;
}
/** The project's articles in a language's folder (content/blog or content/es/blog) that link to `address`. */
async function articlesLinkingTo(folder: string, address: string): Promise<string[]> {
  const names = (await readdir(path.join(session.dir, folder))).filter((name) => name.endsWith(".md")).sort();
  const linking = await Promise.all(names.map(async (name) => ((await read(`${folder}/${name}`)).includes(`](${address})`) ? `${folder}/${name}` : undefined)));
  return linking.filter((file) => file !== undefined);
}
const listed = (page: Page) => page.getByRole("list", { name: "Services" }).locator(".town-name").allTextContents();

describe("services in the editor, in Chromium", { timeout: 180_000 }, () => {
  it("adds a service with its starter copy, starts its Spanish version, moves it up, and removes it after a confirmation naming its files", async () => {
    const page = await context.newPage();
    await page.goto(`${session.editor.editorUrl}#Services`);
    const add = page.getByRole("form", { name: "Add a service" });
    await add.getByLabel("Name").waitFor();
    expect(await listed(page)).toEqual(["Residential /residential-gopher-control", "Commercial /commercial-gopher-control"]);

    await add.getByLabel("Name").fill("Tree Trimming");
    // The address follows the name until the owner writes one.
    expect(await add.getByLabel("Address").inputValue()).toBe("/tree-trimming");
    await add.getByRole("button", { name: "Add service" }).click();
    await expect.poll(() => listed(page), { timeout: 90_000 }).toEqual(["Residential /residential-gopher-control", "Commercial /commercial-gopher-control", "Tree Trimming /tree-trimming"]);
    expect(await serviceIds()).toEqual(["residential", "commercial", "tree-trimming"]);
    expect(await read("content/services/tree-trimming.yaml")).toContain('name: "Tree Trimming"');
    // The new service is picked, with its form and the Spanish version's place beside it.
    await page.locator('[data-file="content/services/tree-trimming.yaml"]').waitFor();
    await page.getByText("Not translated into es yet: content/es/services/tree-trimming.yaml does not exist.").waitFor();
    // Its Spanish version starts as a copy of the English text, its form beside the English one.
    await page.getByRole("button", { name: "Start the es version from this text" }).click();
    await page.locator('[data-file="content/es/services/tree-trimming.yaml"]').waitFor({ timeout: 90_000 });
    expect(parse(await read("content/es/services/tree-trimming.yaml"))).toEqual(parse(await read("content/services/tree-trimming.yaml")));

    // Its address, in its site.yaml entry beside its copy.
    const entry = page.getByRole("region", { name: "Its entry in site.yaml" });
    await entry.getByLabel("Path").fill("/trees");
    await entry.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => listed(page), { timeout: 90_000 }).toContain("Tree Trimming /trees");
    expect(await read("site.yaml")).toContain("  - id: tree-trimming\n    path: /trees\n");

    await page.getByRole("button", { name: "Move Tree Trimming up" }).click();
    await expect.poll(() => listed(page), { timeout: 90_000 }).toEqual(["Residential /residential-gopher-control", "Tree Trimming /trees", "Commercial /commercial-gopher-control"]);
    expect(await serviceIds()).toEqual(["residential", "tree-trimming", "commercial"]);

    await page.getByRole("button", { name: "Remove Tree Trimming" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Remove Tree Trimming?" });
    expect(await confirm.getByRole("listitem").allTextContents()).toEqual(["content/services/tree-trimming.yaml", "content/es/services/tree-trimming.yaml"]);
    expect(await confirm.textContent()).toContain("these files you wrote for it are deleted:");
    await confirm.getByRole("button", { name: "Remove it" }).click();
    await expect.poll(() => listed(page), { timeout: 90_000 }).toEqual(["Residential /residential-gopher-control", "Commercial /commercial-gopher-control"]);
    expect(await serviceIds()).toEqual(["residential", "commercial"]);
    expect(existsSync(path.join(session.dir, "content/services/tree-trimming.yaml")) || existsSync(path.join(session.dir, "content/es/services/tree-trimming.yaml"))).toBe(false);
  });

  it("removes nothing of a service the site still needs, and lists why", async () => {
    const page = await context.newPage();
    await page.goto(`${session.editor.editorUrl}#Services`);
    await page.getByRole("button", { name: "Remove Commercial" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Remove Commercial?" });
    expect(await confirm.getByRole("listitem").allTextContents()).toEqual(["content/services/commercial.yaml", "content/es/services/commercial.yaml"]);
    expect(await confirm.textContent()).toContain("Its address in content/es/language.yaml goes too.");
    await confirm.getByRole("button", { name: "Remove it" }).click();
    // Its licences and quotes are named first and would be taken out with it; the articles linking to it stop the save, every one at once.
    expect(await confirm.textContent()).toContain("These licences are no longer listed on its page: ");
    expect(await confirm.textContent()).toMatch(/The quotes of .+ are about it: they stay, shown with your first service\./);
    await page.getByText("links to /commercial-gopher-control", { exact: false }).first().waitFor({ timeout: 90_000 });
    const refusal = (await page.getByRole("alert").last().textContent())!;
    // Every article linking to the service, in English and in Spanish, at the link's line and column.
    const linking = [...(await articlesLinkingTo("content/blog", "/commercial-gopher-control")), ...(await articlesLinkingTo("content/es/blog", "/commercial-gopher-control"))];
    expect(linking.filter((file) => file.startsWith("content/blog/"))).not.toEqual([]);
    expect(linking.filter((file) => file.startsWith("content/es/blog/"))).not.toEqual([]);
    for (const file of linking) {
      expect(refusal).toContain(`${await linkIn(file, "/commercial-gopher-control")}  links to /commercial-gopher-control, which is not a page or file of the site`);
    }
    expect(await read("site.yaml")).toContain("shownOn: [footer, about, commercial]");
    expect(await read("content/testimonials.yaml")).toContain("service: commercial");
    expect(existsSync(path.join(session.dir, "content/services/commercial.yaml"))).toBe(true);
    expect(await serviceIds()).toEqual(["residential", "commercial"]);
  });

  it("adds a page of the owner's own to a site without any, linked from the footer, and removes it", async () => {
    const page = await context.newPage();
    await page.goto(`${session.editor.editorUrl}#Own%20pages`);
    const add = page.getByRole("form", { name: "Add a page" });
    await add.getByLabel("Name").fill("Financing");
    await add.getByLabel("Link to it from").selectOption("footer");
    await add.getByRole("button", { name: "Add page" }).click();
    const listed = () => page.getByRole("list", { name: "Own pages" }).locator(".town-name").allTextContents();
    await expect.poll(listed, { timeout: 90_000 }).toEqual(["Financing /financing"]);
    expect((parse(await read("site.yaml")) as { pages: unknown }).pages).toEqual([{ id: "financing", path: "/financing", menu: "footer" }]);
    await page.locator('[data-file="content/own/financing.yaml"]').waitFor();

    await page.getByRole("button", { name: "Remove Financing" }).click();
    await page.getByRole("alertdialog", { name: "Remove Financing?" }).getByRole("button", { name: "Remove it" }).click();
    await page.getByText("No pages of your own yet.").waitFor({ timeout: 90_000 });
    expect((parse(await read("site.yaml")) as { pages: unknown }).pages).toEqual([]);
    expect(existsSync(path.join(session.dir, "content/own/financing.yaml"))).toBe(false);
  });
});
