import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEditor, type EditorServer } from "../../src/editor/editor-server.ts";
import { CHROMIUM_ARGS, findChromium, newIsolatedContext } from "../helpers/browser.ts";
import { copyFixture } from "../helpers/fixture-site.ts";
import { removeDir } from "../helpers/sample-site.ts";
import { terminalLog } from "../helpers/terminal-log.ts";

let dir: string;
let editor: EditorServer;
let browser: Browser;
let stopped = false;
const { log } = terminalLog();

beforeAll(async () => {
  dir = await copyFixture("small");
  editor = await startEditor({ config: path.join(dir, "site.yaml"), port: 0, log, outDir: path.join(dir, ".edit-out") });
  browser = await chromium.launch({ executablePath: await findChromium(), args: CHROMIUM_ARGS, headless: true });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  if (!stopped) await editor?.close();
  if (dir) await removeDir(dir);
});

/** A new article's form at `width`, its picture field ready. */
async function newArticle(width: number): Promise<Page> {
  const { context } = await newIsolatedContext(browser, { viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${editor.editorUrl}#Articles`);
  await page.fill("#new-slug", `upload-at-${width}`);
  await page.getByRole("button", { name: "Start" }).click();
  await page.locator("#article-picture").waitFor();
  return page;
}

describe("the editor's picture upload in Chromium", { timeout: 180_000 }, () => {
  for (const width of [1280, 375]) {
    it(`says a refusal as an error at ${width} px: role=alert, red, not the green of a success`, async () => {
      const page = await newArticle(width);
      const script = path.join(dir, "photo.jpg");
      await writeFile(script, "<svg onload=alert(1)></svg>");
      await page.setInputFiles("#article-picture", script);
      const alert = page.locator(".picture [role=alert]");
      await expect.poll(() => alert.textContent(), { timeout: 30_000 }).toBe("Not uploaded: only JPEG, PNG, WebP or AVIF pictures can be uploaded");
      expect(await alert.evaluate((node) => getComputedStyle(node).color)).toBe("rgb(127, 29, 29)");
      expect(await alert.isVisible()).toBe(true);
      await page.context().close();
    });
  }

  it("scales down a photo over 8 MB and says from what size to what size", async () => {
    const page = await newArticle(375);
    const photo = path.join(dir, "phone-photo.jpg");
    await sharp(randomBytes(2600 * 1800 * 3), { raw: { width: 2600, height: 1800, channels: 3 } }).jpeg({ quality: 100, chromaSubsampling: "4:4:4" }).toFile(photo);
    await page.setInputFiles("#article-picture", photo);
    const status = page.locator(".picture [role=status]");
    await expect.poll(() => status.textContent(), { timeout: 60_000 }).toMatch(/^Your photo was \d+\.\d MB, 2600 × 1800 pixels; it was scaled down to 2600 × 1800, \d\.\d MB\. Uploaded: it goes into public\/images\/phone-photo\.jpg when you save/);
    expect(await page.locator(".picture [role=alert]").count()).toBe(0);
    expect(await page.locator("#article_image").inputValue()).toBe("/images/phone-photo.jpg");
    await page.context().close();
  });

  // Last: it stops the editor.
  it("leaves nothing in public/images/ for an article abandoned after its upload, and nothing in the temp folder once stopped", async () => {
    const page = await newArticle(1280);
    const photo = path.join(dir, "abandoned-yard.png");
    await sharp({ create: { width: 800, height: 600, channels: 3, background: "#5b8c3a" } }).png().toFile(photo);
    await page.setInputFiles("#article-picture", photo);
    await expect.poll(() => page.locator("#article_image").inputValue(), { timeout: 30_000 }).toBe("/images/abandoned-yard.png");
    const kept = await editor.uploadsFolder()!;
    expect(await readdir(kept)).toContain("abandoned-yard.png");
    await page.context().close();
    const images = await readdir(path.join(dir, "public/images")).catch(() => [] as string[]);
    expect(images.filter((name) => name.startsWith("abandoned-yard") || name.startsWith("phone-photo"))).toEqual([]);
    stopped = true;
    await editor.close();
    expect(existsSync(kept)).toBe(false);
  });
});
