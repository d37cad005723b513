import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEditor, type EditorServer } from "../../src/editor/editor-server.ts";
import { CHROMIUM_ARGS, findChromium, newIsolatedContext } from "../helpers/browser.ts";
import { addBareRemote, git, GIT_ENV, initSite } from "../helpers/git-repos.ts";
import { removeDir } from "../helpers/sample-site.ts";
import { terminalLog } from "../helpers/terminal-log.ts";

// Published from the computer, a host builds the pushed version (Netlify, Cloudflare, GitHub Pages):
// the Publish dialog says "Building…" until the live site has that version, then "Live". The host
// is a server on 127.0.0.1 answering /.well-known/gopher-site.json as the build writes it.
const saved = { ...process.env };
let dir: string;
let browser: Browser;
let editor: EditorServer;
let host: Server;
/** The version the host serves: none until its build is done. */
let hosted: string | undefined;

beforeAll(async () => {
  Object.assign(process.env, GIT_ENV);
  dir = await initSite(await mkdtemp(path.join(tmpdir(), "gopher-site-live-")));
  addBareRemote(dir);
  host = createServer((request, response) => {
    if (request.url?.startsWith("/.well-known/gopher-site.json") && hosted) response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ version: hosted }));
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => host.listen(0, "127.0.0.1", resolve));
  const liveSite = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  editor = await startEditor({ config: path.join(dir, "site.yaml"), port: 0, log: terminalLog().log, outDir: path.join(path.dirname(dir), "edit-out"), liveSite });
  browser = await chromium.launch({ executablePath: await findChromium(), args: CHROMIUM_ARGS, headless: true });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await editor?.close();
  await new Promise((resolve) => host?.close(resolve));
  for (const key of Object.keys(GIT_ENV)) if (saved[key] === undefined) delete process.env[key];
  if (dir) await removeDir(path.dirname(dir));
});

describe("Publish, then the live site built elsewhere (Chromium, 375 px)", { timeout: 180_000 }, () => {
  it("says Building… until the host serves the pushed version, then Live with its message", async () => {
    const { context } = await newIsolatedContext(browser, { viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${editor.editorUrl}#Business`);
    await page.fill("#site_yaml_phone_display", "(503) 555-0166");
    await page.fill("#site_yaml_phone_tel", "+15035550166");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect.poll(() => page.locator("header .notice").textContent(), { timeout: 60_000 }).toContain("Saved site.yaml");
    await page.locator("header").getByRole("button", { name: /^Publish/ }).click();
    const dialog = page.getByRole("dialog", { name: "Publish the site" });
    await dialog.getByRole("button", { name: "Publish now" }).click();
    await expect.poll(() => dialog.locator(".status.saved").innerText(), { timeout: 60_000 }).toContain("Published: pushed 1 version to origin/main.");
    await expect.poll(() => dialog.locator(".live-state").innerText()).toBe("Building… the host is putting “Phone number changed” online; this says Live once the site has it.");
    // The host's build is done: it serves the pushed version; the dialog, still open, asks again.
    hosted = git(dir, "rev-parse", "HEAD").trim();
    await expect.poll(() => dialog.locator(".live-state").innerText(), { timeout: 30_000 }).toMatch(/^Live since \d{1,2}:\d{2}\s?[AP]M — Phone number changed$/);
  });
});
