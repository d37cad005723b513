import { existsSync } from "node:fs";
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildProject, editProjectFile, removeDir } from "../helpers/sample-site.ts";
import { copyOwnFormSite } from "../helpers/own-form-site.ts";
import { runCli } from "../helpers/run-cli.ts";

// The own-form fixture: a site with its own call-back form (site.yaml's leads, delivery server)
// instead of a provider's: the form's markup on every page of both languages, the thank-you pages,
// the policy.
let dir: string;
beforeAll(async () => {
  dir = await copyOwnFormSite();
  await buildProject(dir);
}, 120_000);
afterAll(() => removeDir(dir));

const page = (file: string) => readFile(path.join(dir, "dist", file), "utf8");
const formOf = (html: string) => html.slice(html.indexOf("<form"), html.indexOf("</form>") + 7);
const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${value}"/>`;
/** The page's own path: a field of the page outside the form every page shares, joined to it by its id. */
const pageField = (value: string) => `<input type="hidden" form="lead-form" name="page" value="${value}"/>`;

describe("the site's own call-back form", () => {
  it("is in the modal of every page, posting to /api/lead, with the fields of the contract, each labelled", async () => {
    const html = await page("about.html");
    expect(html).toContain('data-lead-modal=""');
    expect(html).not.toContain("<iframe class=\"modal-form\"");
    const form = formOf(html);
    expect(form).toMatch(/^<form id="lead-form" class="lead-form" [^>]*action="\/api\/lead" method="post">/);
    const names = [...form.matchAll(/<(?:input|select|textarea)\b[^>]*\bname="([^"]+)"/g)].map((match) => match[1]);
    expect(names).toEqual(["name", "phone", "town", "service", "message", "website", "stamp", "lang", "thanks"]);
    expect(html).toContain(pageField("/about"));
    // Every visible control has a label naming it by id.
    for (const id of ["lead-name", "lead-phone", "lead-town", "lead-service", "lead-message", "lead-website"]) {
      expect(form, id).toContain(`<label for="${id}">`);
      expect(form, id).toMatch(new RegExp(`<(input|select|textarea) id="${id}"`));
    }
    expect(form).toContain('<input id="lead-name" type="text" autoComplete="name" required=""');
    expect(form).toContain('<input id="lead-phone" type="tel" inputMode="tel" autoComplete="tel" required=""');
    expect(form).toContain('<option value="other">Another town</option></select>');
    expect(form).toContain('<option value="residential">Residential</option><option value="commercial">Commercial</option>');
    expect(form).toContain('<div class="lead-honeypot" aria-hidden="true"><label for="lead-website">Leave this field empty</label><input id="lead-website" type="text" tabindex="-1" autoComplete="off" name="website"/></div>');
    expect(form).toContain(hidden("stamp", "") + hidden("lang", "en") + hidden("thanks", "/thank-you"));
    expect(form).toContain('<p class="modal-consent">By submitting, you agree');
    // The quote buttons open the modal instead of writing an e-mail.
    expect(html).toContain('href="#callback-request" data-callback-open=""');
    expect(html).not.toContain('href="mailto:office@gopherguard.example.com">Get a Free Quote');
  });

  it("says each page's own path, language and thank-you page, in that language's words", async () => {
    expect(await page("index.html")).toContain(pageField("/"));
    const [article] = (await readdir(path.join(dir, "content", "blog"))).filter((file) => file.endsWith(".md"));
    const slug = /^slug: (\S+)$/m.exec(await readFile(path.join(dir, "content", "blog", article!), "utf8"))![1]!;
    expect(await page(`blog/${slug}.html`)).toContain(pageField(`/blog/${slug}`));
    const spanish = await page("es/nosotros.html");
    expect(formOf(spanish)).toContain(hidden("lang", "es") + hidden("thanks", "/es/gracias"));
    expect(spanish).toContain(pageField("/es/nosotros"));
    expect(spanish).toContain('<label for="lead-phone">Número de teléfono</label>');
    expect(spanish).toContain('<option value="other">Otra ciudad</option>');
    expect(spanish).toContain('data-required="Complete este campo, por favor."');
    expect(spanish).toContain('<a href="/privacy-policy">Política de privacidad</a>');
  });

  it("ends a request sent without JavaScript on a thank-you page per language, kept out of search", async () => {
    const english = await page("thank-you.html");
    expect(english).toContain('<meta name="robots" content="noindex"/>');
    expect(english).toContain("<h1>Thank you! We have your request.</h1>");
    expect(english).toContain("within 30 minutes during business hours, from (951) 555-0142.");
    const spanish = await page("es/gracias.html");
    expect(spanish).toContain('<html lang="es">');
    expect(spanish).toContain('<meta name="robots" content="noindex"/>');
    expect(spanish).toContain("<h1>¡Gracias! Recibimos su solicitud.</h1>");
    const sitemap = await readFile(path.join(dir, "dist", "sitemap.xml"), "utf8");
    expect(sitemap).toContain("/about</loc>");
    expect(sitemap).not.toMatch(/thank-you|gracias/);
  });

  it("lets the browser post only to the site itself, and asks nothing of the lead provider", async () => {
    const headers = await readFile(path.join(dir, "dist", "_headers"), "utf8");
    expect(headers).toContain("form-action 'self'");
    for (const origin of ["leadconnectorhq", "msgsndr", "gohighlevel", "challenges.cloudflare.com"]) expect(headers).not.toContain(origin);
    expect(await page("index.html")).not.toMatch(/leadconnectorhq|msgsndr|data-turnstile/);
  });

  it("says in the privacy policy what the form collects and where it goes", async () => {
    const policy = await page("privacy-policy.html");
    expect(policy).toContain("Our call-back form is our own: when you send it, we receive what you enter (your name, phone number, town, the service you need and any message)");
    expect(policy).toContain("<p>Our website&#39;s own server keeps each request and e-mails it to us.</p>");
    expect(policy).not.toContain("lead-management provider");
    expect(policy).not.toContain("Netlify");
    expect(policy).not.toContain("Turnstile");
  });

  it("loads the form's script and styles within the budget of 6 KB of our JavaScript per page", async () => {
    const html = await page("index.html");
    const scripts = [...html.matchAll(/<script type="module" src="([^"]+)"><\/script>/g)].map((match) => match[1]!);
    expect(scripts).toHaveLength(1);
    const code = await readFile(path.join(dir, "dist", scripts[0]!));
    expect(code.toString()).toContain("data-lead-form");
    // Cloudflare Turnstile's code is in the bundle of a site with it only (own-form-turnstile.test.ts).
    expect(code.toString()).not.toContain("challenges.cloudflare.com");
    expect(gzipSync(code, { level: 9 }).length).toBeLessThanOrEqual(6144);
    const css = await readFile(path.join(dir, "dist", /<link rel="stylesheet" href="\/([^"]+)"/.exec(html)![1]!), "utf8");
    expect(css).toContain(".lead-honeypot{");
  });

  it("keeps a language whose thank-you words are missing: its requests end on the default language's thank-you page, and check says so", async () => {
    const words = path.join(dir, "content/es/pages/thank-you.yaml");
    const kept = await readFile(words, "utf8");
    await rm(words);
    try {
      const built = await runCli(["build"], { cwd: dir });
      expect(built.code).toBe(0);
      expect(built.stderr).toContain("content/es/pages/thank-you.yaml  not translated yet: the /es/ version of the thank-you page is left out until it is");
      expect(built.stdout).toContain("Español (es): the thank-you page not translated yet, so built in the default language only");
      const spanish = await page("es/nosotros.html");
      expect(formOf(spanish)).toContain(hidden("thanks", "/thank-you"));
      expect(existsSync(path.join(dir, "dist", "es", "gracias.html"))).toBe(false);
      expect(existsSync(path.join(dir, "dist", "thank-you.html"))).toBe(true);
    } finally {
      await writeFile(words, kept);
    }
  });

  it("names the words chrome.yaml lacks for the form, in one line (the last test: it breaks the copy)", async () => {
    await editProjectFile(dir, "content/chrome.yaml", (text) => text.replace(/\nleadForm:\n(?: {2}.*\n)+/, "\n"));
    const built = await runCli(["build"], { cwd: dir });
    expect(built.code).toBe(1);
    expect(built.stderr.split("\n")[0]).toBe(
      "content/chrome.yaml:1:1  leadForm  missing: site.yaml's leads puts the site's own call-back form on every page; its words: leadForm: { name: Your name, phone: Phone number, … } (docs/settings.md has them all)",
    );
  });
});
