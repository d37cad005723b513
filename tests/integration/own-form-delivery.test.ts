import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildProject, removeDir } from "../helpers/sample-site.ts";
import { copyOwnFormSite } from "../helpers/own-form-site.ts";

// Where site.yaml's leads.delivery sends the form: Netlify Forms takes it with Netlify's own
// attributes; the privacy policy names the host that receives the requests.
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map(removeDir)));

async function built(delivery: "netlify" | "cloudflare"): Promise<(file: string) => Promise<string>> {
  const dir = await copyOwnFormSite(delivery);
  dirs.push(dir);
  await buildProject(dir);
  return (file) => readFile(path.join(dir, "dist", file), "utf8");
}

describe("the own form's delivery", () => {
  it("netlify: Netlify Forms' markup (its form name and honeypot), posting to the language's thank-you page", async () => {
    const page = await built("netlify");
    const english = await page("about.html");
    expect(english).toMatch(/<form id="lead-form" class="lead-form" [^>]* name="lead" data-netlify="true" netlify-honeypot="website" action="\/thank-you" method="post">/);
    expect(english).toContain('<input type="hidden" name="form-name" value="lead"/><input type="hidden" name="stamp" value=""/>');
    expect(await page("es/nosotros.html")).toMatch(/<form id="lead-form" class="lead-form" [^>]* name="lead" data-netlify="true" netlify-honeypot="website" action="\/es\/gracias" method="post">/);
    const policy = await page("privacy-policy.html");
    expect(policy).toContain("<p>Our web host, Netlify, receives and stores each request for us and passes it on to us.</p>");
    expect(policy).not.toContain("own server");
  }, 120_000);

  it("cloudflare: the form posts to /api/lead, and the policy names Cloudflare", async () => {
    const page = await built("cloudflare");
    const english = await page("about.html");
    expect(english).toMatch(/<form id="lead-form" class="lead-form" [^>]*action="\/api\/lead" method="post">/);
    expect(english).not.toContain("data-netlify");
    expect(await page("privacy-policy.html")).toContain("<p>Our web host, Cloudflare, receives each request for us and passes it on to us.</p>");
  }, 120_000);
});
