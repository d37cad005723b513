import { readdir, readFile, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEditor, type EditorServer } from "../../src/editor/editor-server.ts";
import { CHROMIUM_ARGS, findChromium, newIsolatedContext } from "../helpers/browser.ts";
import { copyFixture } from "../helpers/fixture-site.ts";
import { removeDir } from "../helpers/sample-site.ts";
import { terminalLog } from "../helpers/terminal-log.ts";

let dir: string;
/** The article the tests open: the small site's first (content/blog/<name>.md). */
let articleName: string;
let article: string;
let editor: EditorServer;
let browser: Browser;
let context: BrowserContext;
// Where the article's meta refresh would send the editor's tab: another origin of this machine.
let elsewhere: Server;
let elsewhereUrl: string;
/** What the editor's build printed: the article's problems, named from the folder the editor ran in. */
const { log, lines: terminal } = terminalLog();

beforeAll(async () => {
  dir = await copyFixture("small");
  articleName = (await readdir(path.join(dir, "content/blog"))).filter((file) => file.endsWith(".md")).sort()[0]!;
  article = `content/blog/${articleName}`;
  elsewhere = createServer((_request, response) => response.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>Elsewhere</title>"));
  await new Promise<void>((resolve) => elsewhere.listen(0, "127.0.0.1", resolve));
  elsewhereUrl = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}/`;
  // An article a text editor or a pasted snippet left with raw HTML: the build refuses it, and so
  // must the editor's preview, instead of running it in the editor's tab.
  // The article names {reviewClaim}, which the preview fills as the build does.
  const text = await readFile(path.join(dir, article), "utf8");
  await writeFile(path.join(dir, article), `${text}\nCall {phone} today.\n\n<meta http-equiv="refresh" content="0;url=${elsewhereUrl}">\n\nA picture: <img src=x onerror="document.title='ran'">\n`);
  editor = await startEditor({ config: path.join(dir, "site.yaml"), port: 0, log, outDir: path.join(dir, ".edit-out") });
  browser = await chromium.launch({ executablePath: await findChromium(), args: CHROMIUM_ARGS, headless: true });
  ({ context } = await newIsolatedContext(browser, { viewport: { width: 1280, height: 900 } }));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await editor?.close();
  await new Promise((resolve) => elsewhere?.close(resolve));
  if (dir) await removeDir(dir);
});

/** What raw HTML in a text would put into the editor's page. */
const RAW = 'meta[http-equiv], img[src="x"], img[onerror]';

/** The editor on its Articles section, an article open; every load of the tab after the first is recorded in `loads`. */
async function openArticle(): Promise<Page & { loads: string[] }> {
  const page = Object.assign(await context.newPage(), { loads: [] as string[] });
  // Every element raw HTML would insert, counted as it is inserted (a moment later it could be gone, or have acted).
  await page.addInitScript((selector) => {
    (window as unknown as { rawInserted: number }).rawInserted = 0;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node instanceof Element && (node.matches(selector) || node.querySelector(selector))) (window as unknown as { rawInserted: number }).rawInserted++;
        }
      }
    }).observe(document, { subtree: true, childList: true });
  }, RAW);
  await page.goto(`${editor.editorUrl}#Articles`);
  page.on("framenavigated", (frame) => frame === page.mainFrame() && page.loads.push(frame.url()));
  await page.locator(".document-list li", { hasText: articleName }).getByRole("button").click();
  return page;
}

/** Elements raw HTML in a text put into the editor's page, ever. */
const inserted = (page: Page) => page.evaluate((selector) => Math.max((window as unknown as { rawInserted: number }).rawInserted, document.querySelectorAll(selector).length), RAW);

describe("the editor's markdown preview in Chromium", { timeout: 120_000 }, () => {
  it("reports an article's raw HTML as the build does: the tab stays on the editor, nothing is inserted", async () => {
    const page = await openArticle();
    const preview = page.getByLabel("Text preview (English)");
    await expect.poll(() => preview.locator("li").allTextContents(), { timeout: 30_000 }).toHaveLength(2);
    // The text is shown: had its refresh of 0 s been inserted, it would be counted now, and the tab left.
    expect(await inserted(page)).toBe(0);
    expect(page.loads).toEqual([]);
    expect(await page.title()).toBe("Edit the site · gopher-site");
    const built = terminal.filter((line) => line.startsWith(`${dir}/${article}:`)).map((line) => line.slice(dir.length + 1));
    expect(built).toEqual([expect.stringContaining('raw HTML (<meta http-equiv="refresh"'), expect.stringContaining("raw HTML (<img src=x onerror=")]);
    expect(await preview.locator("li").allTextContents()).toEqual(built);
    expect(await inserted(page)).toBe(0);
    await page.close();
  });

  it("shows the text with the site's facts, and follows its links in the site preview, not the editor's tab", async () => {
    const page = await openArticle();
    const body = page.locator("#article-body");
    await body.fill("Call {phone} today.\n\n## What to do\n\nSee [our service](/residential-gopher-control).");
    const preview = page.getByLabel("Text preview (English)");
    await expect.poll(() => preview.locator("p").first().textContent(), { timeout: 30_000 }).toBe("Call (951) 555-0142 today.");
    expect(await preview.locator("h2").textContent()).toBe("What to do");
    expect(await preview.locator("a").getAttribute("href")).toBe("/residential-gopher-control");
    await preview.locator("a").click();
    await expect.poll(() => page.locator("#preview-path").inputValue()).toBe("/residential-gopher-control");
    expect(page.url()).toBe(`${editor.editorUrl}#Articles`);

    // Raw HTML typed into the text is refused the same way.
    await body.fill(`Hello.\n\n<meta http-equiv="refresh" content="0;url=${elsewhereUrl}">`);
    await expect.poll(() => preview.textContent(), { timeout: 30_000 }).toContain("is not allowed in markdown; write it as markdown instead");
    expect(await inserted(page)).toBe(0);
    expect(page.loads).toEqual([]);
    expect(page.url()).toBe(`${editor.editorUrl}#Articles`);
    await page.close();
  });
});
