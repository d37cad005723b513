import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startEditor, type EditorServer } from "../../src/editor/editor-server.ts";
import { CHROMIUM_ARGS, findChromium, newIsolatedContext } from "../helpers/browser.ts";
import { addBareRemote, cloneOf, copySite, git, GIT_ENV, initSite, messages, siteCli } from "../helpers/git-repos.ts";
import { editProjectFile, removeDir } from "../helpers/sample-site.ts";
import { temporaryFolders } from "../helpers/temporary-folders.ts";
import { terminalLog } from "../helpers/terminal-log.ts";

// The owner's loop in the editor: save, Publish (to a bare repository as the remote), History, Undo.
const folders = temporaryFolders("gopher-site-editor-publish-");
const saved = { ...process.env };
let starter: string;
let browser: Browser;
const editors: EditorServer[] = [];

beforeAll(async () => {
  // The editor runs git in this process: the tests' identity, not this machine's.
  Object.assign(process.env, GIT_ENV);
  starter = await initSite(await mkdtemp(path.join(tmpdir(), "gopher-site-starter-")));
  browser = await chromium.launch({ executablePath: await findChromium(), args: CHROMIUM_ARGS, headless: true });
}, 120_000);

// Each test's editor is closed (its last build done) before its folder is removed: a rebuild after
// a publish or an undo would write into the folder as it goes. Hooks after run last registered first.
afterEach(async () => {
  await Promise.all(editors.splice(0).map((editor) => editor.close()));
});

afterAll(async () => {
  await browser?.close();
  for (const key of Object.keys(GIT_ENV)) if (saved[key] === undefined) delete process.env[key];
  if (starter) await removeDir(path.dirname(starter));
});

/** A copy of the starter site with a bare remote, and the editor on it in Chromium at `width`. */
async function openEditor(section: string, width: number): Promise<{ dir: string; remote: string; page: Page }> {
  const parent = folders();
  const dir = await copySite(starter, parent);
  const remote = addBareRemote(dir);
  const editor = await startEditor({ config: path.join(dir, "site.yaml"), port: 0, log: terminalLog().log, outDir: path.join(parent, "edit-out") });
  editors.push(editor);
  const { context } = await newIsolatedContext(browser, { viewport: { width, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${editor.editorUrl}#${encodeURIComponent(section)}`);
  await page.locator("main input:not([type=hidden]), main .history").first().waitFor();
  return { dir, remote, page };
}

async function savePhone(page: Page, digits: string): Promise<void> {
  await page.fill("#site_yaml_phone_display", `(503) 555-${digits}`);
  await page.fill("#site_yaml_phone_tel", `+1503555${digits}`);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect.poll(() => page.locator("header .notice").textContent(), { timeout: 60_000 }).toContain("Saved site.yaml");
}

const publishButton = (page: Page) => page.locator("header").getByRole("button", { name: /^Publish/ });

describe("Publish, History and Undo in the editor (Chromium)", { timeout: 180_000 }, () => {
  it("shows the saved change in words on the Publish button, publishes it to the remote, and says so in the dialog (1280 px)", async () => {
    const { dir, remote, page } = await openEditor("Business", 1280);
    await expect.poll(() => publishButton(page).textContent()).toBe("Publish");
    await savePhone(page, "0199");
    await expect.poll(() => publishButton(page).textContent(), { timeout: 30_000 }).toBe("Publish1 not published");
    await publishButton(page).click();
    const dialog = page.getByRole("dialog", { name: "Publish the site" });
    await expect.poll(() => dialog.locator(".changes").innerText()).toBe("Phone number changed");
    await dialog.getByLabel(/^Message/).fill("New office line");
    await dialog.getByRole("button", { name: "Publish now" }).click();
    await expect.poll(() => dialog.getByRole("status").innerText(), { timeout: 60_000 }).toContain("Published: pushed 1 version to origin/main.");
    expect(messages(remote, "main")).toEqual(["New office line", "Site started with gopher-site init"]);
    expect(git(dir, "status", "--porcelain")).toBe("");
    await expect.poll(() => dialog.innerText()).toContain("Everything saved is published.");
    await expect.poll(() => publishButton(page).textContent()).toBe("Publish");
  });

  it("refuses to publish a site with a problem, listing it as the CLI prints it in the dialog, and commits nothing (375 px)", async () => {
    const { dir, remote, page } = await openEditor("Business", 375);
    // A mistake made in a text editor beside the editor: the editor's own saves never write one.
    await editProjectFile(dir, "site.yaml", (text) => text.replace(/^email: .*$/m, 'email: "office-at-example"'));
    const line = (await readFile(path.join(dir, "site.yaml"), "utf8")).split("\n").findIndex((text) => text.startsWith("email:")) + 1;
    await publishButton(page).click();
    const dialog = page.getByRole("dialog", { name: "Publish the site" });
    await expect.poll(() => dialog.locator(".changes").innerText()).toBe("E-mail address changed");
    await dialog.getByRole("button", { name: "Publish now" }).click();
    const alert = dialog.getByRole("alert");
    await expect.poll(() => alert.innerText(), { timeout: 60_000 }).toContain("Not published: the site has problems");
    expect(await alert.locator("code").allTextContents()).toEqual([`site.yaml:${line}:8  email  must be an e-mail address, e.g. office@example.com`]);
    expect(await alert.isVisible()).toBe(true);
    expect(messages(remote, "main")).toEqual(["Site started with gopher-site init"]);
    expect(git(dir, "status", "--porcelain")).toBe(" M site.yaml\n");
    const box = await dialog.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(375);
  });

  it("settles a clash with a version published meanwhile by a choice of values, yours or published, then publishes (375 px)", async () => {
    const { dir, remote, page } = await openEditor("Business", 375);
    // Someone else, on another computer, published another phone number meanwhile.
    const other = cloneOf(remote);
    await editProjectFile(other, "site.yaml", (text) => text.replace(/display: "\(503\) 555-\d{4}"\n {2}tel: "\+1503555\d{4}"/, 'display: "(503) 555-0111"\n  tel: "+15035550111"'));
    expect((await siteCli(other, "publish")).code).toBe(0);
    await savePhone(page, "0122");
    await publishButton(page).click();
    const dialog = page.getByRole("dialog", { name: "Publish the site" });
    await dialog.getByRole("button", { name: "Publish now" }).click();
    const choice = dialog.getByRole("form", { name: "Someone else published a change to the same values meanwhile" });
    await choice.waitFor({ timeout: 60_000 });
    expect(await choice.locator("legend").allTextContents()).toEqual(["site.yaml › Phone › Display", "site.yaml › Phone › Tel"]);
    const display = choice.getByRole("group", { name: "site.yaml › Phone › Display" });
    expect(await display.getByRole("radio").evaluateAll((radios) => radios.map((radio) => radio.closest("label")!.textContent))).toEqual(["Yours: (503) 555-0122", "Published: (503) 555-0111"]);
    const publishWith = choice.getByRole("button", { name: "Publish with these choices" });
    expect(await publishWith.isDisabled()).toBe(true);
    await display.getByRole("radio", { name: /^Yours/ }).check();
    expect(await publishWith.isDisabled()).toBe(true);
    await choice.getByRole("group", { name: "site.yaml › Phone › Tel" }).getByRole("radio", { name: /^Yours/ }).check();
    const box = await dialog.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(375);
    await publishWith.click();
    await expect.poll(() => dialog.getByRole("status").innerText(), { timeout: 60_000 }).toContain("Published: pushed 1 version to origin/main.");
    expect(git(remote, "show", "main:site.yaml")).toContain('display: "(503) 555-0122"');
    expect(messages(remote, "main").slice(0, 2)).toEqual(["Phone number changed", "Phone number changed"]);
    expect(await readFile(path.join(dir, "site.yaml"), "utf8")).not.toMatch(/^(<<<<<<<|>>>>>>>)/m);
  });

  it("opens a site whose site.yaml has conflict markers with the choice of values, then the editor (375 px)", async () => {
    const parent = folders();
    const dir = await copySite(starter, parent);
    const remote = addBareRemote(dir);
    const other = cloneOf(remote);
    const phone = (digits: string) => (text: string) => text.replace(/display: "\(503\) 555-\d{4}"\n {2}tel: "\+1503555\d{4}"/, `display: "(503) 555-${digits}"\n  tel: "+1503555${digits}"`);
    await editProjectFile(other, "site.yaml", phone("0111"));
    expect((await siteCli(other, "publish")).code).toBe(0);
    await editProjectFile(dir, "site.yaml", phone("0122"));
    expect((await siteCli(dir, "publish")).code).toBe(1);
    expect(() => git(dir, "pull", "--rebase")).toThrow();
    const editor = await startEditor({ config: path.join(dir, "site.yaml"), port: 0, log: terminalLog().log, outDir: path.join(parent, "edit-out") });
    editors.push(editor);
    const { context } = await newIsolatedContext(browser, { viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.goto(editor.editorUrl);
    const choice = page.getByRole("form", { name: "Two versions of the same values: choose which to keep" });
    await choice.waitFor();
    for (const field of ["display", "tel"]) await choice.getByRole("group", { name: `site.yaml › phone › ${field}` }).getByRole("radio", { name: /^Published/ }).check();
    await choice.getByRole("button", { name: "Keep these and go on" }).click();
    await expect.poll(() => page.getByRole("status").first().textContent(), { timeout: 60_000 }).toContain("the rebase is finished");
    await page.getByRole("button", { name: "Open the editor" }).click();
    await page.locator("#site_yaml_phone_display").waitFor();
    expect(await page.locator("#site_yaml_phone_display").inputValue()).toBe("(503) 555-0111");
    // Every change of the owner's version gave way: it went, and theirs is the last version.
    expect(git(dir, "rev-parse", "HEAD")).toBe(git(remote, "rev-parse", "main"));
  });

  it("lists the versions in History and undoes one after asking, naming it; an undo a later change forbids says which (375 px)", async () => {
    const { dir, page } = await openEditor("Business", 375);
    for (const digits of ["0111", "0122"]) {
      await savePhone(page, digits);
      await publishButton(page).click();
      const dialog = page.getByRole("dialog", { name: "Publish the site" });
      await dialog.getByRole("button", { name: "Publish now" }).click();
      await expect.poll(() => dialog.getByRole("status").innerText(), { timeout: 60_000 }).toContain("Published:");
      await dialog.getByRole("button", { name: "Close" }).click();
    }
    const [second, first] = git(dir, "log", "--format=%h", "-2").split("\n");
    await page.getByRole("navigation", { name: "Sections" }).getByRole("button", { name: "History" }).click();
    const list = page.locator(".versions > li");
    await expect.poll(() => list.locator(".version-words").allInnerTexts()).toEqual(["Phone number changed", "Phone number changed", "Site started with gopher-site init"]);
    expect(await list.nth(0).locator("code").innerText()).toBe(second);
    expect(await list.nth(2).getByRole("button", { name: "Undo this change" }).count()).toBe(0);

    await list.nth(1).getByRole("button", { name: "Undo this change" }).click();
    await expect.poll(() => list.nth(1).locator(".confirm").innerText()).toContain(`Undo “Phone number changed” (${first})?`);
    await list.nth(1).getByRole("button", { name: "Yes, undo it" }).click();
    await expect.poll(() => list.nth(1).getByRole("alert").innerText(), { timeout: 60_000 }).toMatch(
      new RegExp(`^Not undone: a later version changed the same lines of site.yaml \\(${second} \\d{4}-\\d\\d-\\d\\d Phone number changed\\)`),
    );
    expect(git(dir, "log", "--format=%h", "-1").trim()).toBe(second);

    // The files read again after the undo come back only once the Business form is open, as on a busy
    // machine: the form opened meanwhile must start again from them.
    let letStateThrough!: () => void;
    const stateHeld = new Promise<void>((resolve) => (letStateThrough = resolve));
    await page.route("**/__editor/api/state", async (route) => {
      await stateHeld;
      await route.continue();
    });
    await list.nth(0).getByRole("button", { name: "Undo this change" }).click();
    await list.nth(0).getByRole("button", { name: "Yes, undo it" }).click();
    const status = page.locator(".history").getByRole("status");
    await expect.poll(() => status.innerText(), { timeout: 60_000 }).toMatch(/^Undid "Phone number changed" as a new version \w+\. Publish puts it online\.$/);
    expect(await status.isVisible()).toBe(true);
    await expect.poll(() => list.locator(".version-words").first().innerText()).toBe(`Undo: Phone number changed (${second})`);
    expect(await list.first().locator(".not-pushed").innerText()).toBe("not pushed yet");
    expect(await readFile(path.join(dir, "site.yaml"), "utf8")).toMatch(/display: "?\(503\) 555-0111"?\n/);
    // The Business form starts again from the file as the undo left it: a save there is no conflict.
    await page.getByRole("navigation", { name: "Sections" }).getByRole("button", { name: "Business" }).click();
    await page.locator("#site_yaml_phone_display").waitFor();
    letStateThrough();
    // The files are read again after the undo (a request): the form shows them once they are back.
    await expect.poll(() => page.inputValue("#site_yaml_phone_display"), { timeout: 30_000 }).toBe("(503) 555-0111");
    await expect.poll(() => publishButton(page).textContent()).toBe("Publish1 not published");
  });
});
