import { readFile } from "node:fs/promises";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM_ARGS, findChromium, newIsolatedContext } from "../helpers/browser.ts";
import { personForm, postLead } from "../helpers/lead-records.ts";
import { auditLines, OWNER, startOnlineSite, type OnlineSite } from "../helpers/online-site.ts";

// The owner on a phone (Chromium at 375 px) against `gopher-site serve --editor` in a process of its
// own: a link e-mailed to a real SMTP server, a passkey made and used with Chromium's virtual
// authenticator (WebAuthn over the DevTools protocol), a save and Publish with the served page
// changed, the Requests section. ONLINE_EDITOR_PICTURES=folder keeps the screens at 375 px.
let site: OnlineSite;
let browser: Browser;
const pictures = process.env.ONLINE_EDITOR_PICTURES;
const picture = async (page: Page, name: string) => {
  if (pictures) await page.screenshot({ path: path.join(pictures, `${name}-375.png`), fullPage: false });
};

beforeAll(async () => {
  [site, browser] = await Promise.all([startOnlineSite(), findChromium().then((executablePath) => chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true }))]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe("the editor online, on a phone (Chromium, 375 px)", { timeout: 180_000 }, () => {
  it("signs in by an e-mailed link, adds a passkey, signs in again with one touch, saves and publishes: the served page changes", async () => {
    const { context, blocked } = await newIsolatedContext(browser, { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));

    // Not signed in: the editor sends to its sign-in page.
    await page.goto(`${site.url}/__editor/`);
    expect(new URL(page.url()).pathname).toBe("/__editor/login");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toMatch(/^Sign in to edit /);
    await picture(page, "editor-sign-in");

    // The e-mailed link: its page's button signs in.
    const before = site.mailbox.messages.length;
    await page.getByLabel("Your e-mail address").fill(OWNER);
    await page.getByRole("button", { name: "E-mail me a sign-in link" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toContain("a sign-in link is on its way");
    const link = await site.linkFor(OWNER, before);
    expect(new URL(link).host).toBe(new URL(site.url).host);
    await page.goto(link);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${site.url}/__editor/`);
    await page.locator("main input:not([type=hidden]), main .history").first().waitFor();
    const bar = page.getByRole("region", { name: "Your account" });
    expect(await bar.locator(".account-who").textContent()).toBe(`Signed in as ${OWNER}`);
    // The site beside the editor is the live one, which no page may frame: a tab of its own, no preview.
    expect(await page.locator("header").getByRole("link", { name: "Open the site" }).getAttribute("href")).toBe("/");
    expect(await page.locator("iframe").count()).toBe(0);

    // "Use this phone's fingerprint or face next time": a passkey, made by the virtual authenticator.
    const cdp = await context.newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });
    await bar.getByRole("button", { name: "Set it up" }).click();
    await expect.poll(() => bar.locator(".account-said").textContent()).toBe("Done: next time, sign in with this phone's fingerprint or face.");
    const keys = JSON.parse(await readFile(path.join(site.dir, "owners", "passkeys.json"), "utf8")) as Array<{ email: string }>;
    expect(keys.map((key) => key.email)).toEqual([OWNER]);
    expect((await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials).toHaveLength(1);

    // Signed out, then in again with the passkey: one touch, no e-mail.
    await bar.getByRole("button", { name: "Sign out", exact: true }).click();
    await page.waitForURL(/\/__editor\/login\?said=signed-out$/);
    const mails = site.mailbox.messages.length;
    await page.getByRole("button", { name: "Sign in with this phone's fingerprint or face" }).click();
    await page.waitForURL(`${site.url}/__editor/`);
    await page.locator("#site_yaml_phone_display").waitFor();
    expect(site.mailbox.messages.length).toBe(mails);
    // Signed in with a passkey: nothing more to offer.
    expect(await page.getByRole("region", { name: "Your account" }).locator(".account-offer").isHidden()).toBe(true);

    // A save, then Publish: live on this server, the page served changed.
    await page.fill("#site_yaml_phone_display", "(951) 555-0177");
    await page.fill("#site_yaml_phone_tel", "+19515550177");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect.poll(() => page.locator("header .notice").textContent(), { timeout: 60_000 }).toContain("Saved site.yaml. Publish puts it on the site.");
    expect(await (await fetch(`${site.url}/`)).text()).not.toContain("555-0177");
    await page.locator("header").getByRole("button", { name: /^Publish/ }).click();
    const dialog = page.getByRole("dialog", { name: "Publish the site" });
    await expect.poll(() => dialog.locator(".changes").innerText()).toBe("Phone number changed");
    await dialog.getByRole("button", { name: "Publish now" }).click();
    await expect.poll(() => dialog.locator(".status.saved").innerText(), { timeout: 60_000 }).toContain("Live on this server now.");
    await expect.poll(() => dialog.locator(".live-state").innerText()).toMatch(/^Live since \d{1,2}:\d{2}\s?[AP]M — Phone number changed$/);
    expect(await (await fetch(`${site.url}/`)).text()).toContain("(951) 555-0177");
    expect((await dialog.boundingBox())!.width).toBeLessThanOrEqual(375);
    await picture(page, "editor-live");
    await dialog.getByRole("button", { name: "Close" }).click();

    // A request the quote form took comes into the Requests section.
    const secret = (await readFile(path.join(site.dir, "leads", ".secret"), "utf8")).trim();
    expect((await postLead(site.url, await personForm(secret, "Rosa Diaz"))).status).toBeLessThan(400);
    await page.goto("about:blank");
    await page.goto(`${site.url}/__editor/#Requests`);
    await expect.poll(() => page.locator("main .request-name").allTextContents(), { timeout: 30_000 }).toContain("Rosa Diaz");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await picture(page, "editor-online-requests");

    const said = (await auditLines(site.dir)).filter((line) => line.who === OWNER).map((line) => line.what);
    expect(said).toEqual(expect.arrayContaining(["signed in by an e-mailed link", "added a passkey", "signed out", "signed in with a passkey", "save", "publish"]));
    expect(blocked).toEqual([]);
    expect(errors).toEqual([]);
  });
});
