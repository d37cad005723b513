import { readFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyOwnFormSite } from "../helpers/own-form-site.ts";
import { buildProject, editProjectFile, removeDir } from "../helpers/sample-site.ts";

// The own-form fixture with Cloudflare Turnstile on its form (leads.turnstile, with
// Cloudflare's always-passing test site key): the widget's place in the form, the policy allowing
// Cloudflare's script and frame, the privacy policy saying so. own-form.test.ts: a form without it.
let dir: string;
beforeAll(async () => {
  dir = await copyOwnFormSite();
  await editProjectFile(dir, "site.yaml", (text) => text.replace("\nleads:\n  delivery: server\n", '\nleads:\n  delivery: server\n  turnstile: { siteKey: "1x00000000000000000000AA" }\n'));
  await buildProject(dir);
}, 120_000);
afterAll(() => removeDir(dir));

const page = (file: string) => readFile(path.join(dir, "dist", file), "utf8");
const formOf = (html: string) => html.slice(html.indexOf("<form"), html.indexOf("</form>") + 7);
const directive = (headers: string, name: string) => new RegExp(`${name} ([^;\\n]*)`).exec(headers)?.[1]?.split(" ") ?? [];

describe("the own form with Cloudflare Turnstile", () => {
  it("holds the widget's place in the form, with the site key and the page's language, before the consent and the button", async () => {
    const place = '<div class="lead-turnstile" data-turnstile="" data-sitekey="1x00000000000000000000AA" data-language="en"></div><p class="modal-consent">';
    expect(formOf(await page("about.html"))).toContain(place);
    expect(formOf(await page("es/nosotros.html"))).toContain(place.replace('"en"', '"es"'));
    // Explicit rendering: nothing of Cloudflare's is in the page until the modal opens.
    expect(await page("index.html")).not.toContain("challenges.cloudflare.com");
  });

  it("lets the browser load Cloudflare's script and frame, and nothing else of Cloudflare's", async () => {
    const headers = await readFile(path.join(dir, "dist", "_headers"), "utf8");
    expect(directive(headers, "script-src")).toContain("https://challenges.cloudflare.com");
    expect(directive(headers, "frame-src")).toContain("https://challenges.cloudflare.com");
    expect(directive(headers, "connect-src")).not.toContain("https://challenges.cloudflare.com");
    expect(directive(headers, "form-action")).toEqual(["'self'"]);
  });

  it("loads Cloudflare's script from the form's own script, imported when the visitor acts; the page's stays within its budget", async () => {
    const html = await page("index.html");
    const scripts = [...html.matchAll(/<script type="module" src="([^"]+)"><\/script>/g)].map((match) => match[1]!);
    expect(scripts).toHaveLength(1);
    const code = await readFile(path.join(dir, "dist", scripts[0]!));
    expect(gzipSync(code, { level: 9 }).length).toBeLessThanOrEqual(3584);
    // Not with the page: the form's chunk, which the page imports on use, loads Cloudflare's script.
    expect(code.toString()).not.toContain("https://challenges.cloudflare.com");
    const chunk = /import\("\.\/(lead-form\.[\w-]+\.js)"\)/.exec(code.toString())![1]!;
    expect((await readFile(path.join(dir, "dist", "assets", chunk), "utf8"))).toContain("https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit");
  });

  it("says in the privacy policy that Cloudflare checks that the sender is a person", async () => {
    const policy = await page("privacy-policy.html");
    expect(policy).toContain("<p>Our form holds Cloudflare Turnstile, a check that the sender is a person, which keeps out automated spam:");
    expect(policy).toContain("It does not receive what you write in the form.</p>");
  });
});
