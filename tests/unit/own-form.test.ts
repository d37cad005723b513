import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config/load-config.ts";
import { schemasFor } from "../../src/editor/schemas.ts";
import { cspDirectives } from "../../src/hosting/csp.ts";
import { ownFormView } from "../../src/routes/lead-form.ts";
import { documentConditions } from "../../src/routes/privacy.ts";
import { problemLines } from "../helpers/problems.ts";
import { loadSample, ROOT } from "../helpers/sample-data.ts";

const sample = await loadSample();
const SAMPLE_YAML = readFileSync(path.join(ROOT, "site.yaml"), "utf8");
const PROVIDER = /\n {2}leadForm:\n(?: {4}.*\n)+/;

/** The sample's site.yaml with `leads` (YAML lines), and without its lead provider unless `provider`. */
function siteWith(leads: string, provider = false) {
  const yaml = (provider ? SAMPLE_YAML : SAMPLE_YAML.replace(PROVIDER, "\n")).replace("\nintegrations:\n", `\n${leads}\nintegrations:\n`);
  return parseConfig(yaml, "site.yaml").site;
}

describe("site.yaml's leads", () => {
  it("defaults to e-mail delivery and refuses an unknown delivery or a webhook not on https, in one line each", () => {
    expect(siteWith("leads:\n  delivery: server\n").leads).toEqual({ delivery: "server", email: true });
    const lines = problemLines(() => siteWith("leads:\n  delivery: mail\n  webhook: http://crm.example.com/hook\n"));
    expect(lines).toEqual([
      expect.stringMatching(/^site\.yaml:\d+:\d+ {2}leads\.delivery {2}must be "server" \(gopher-site serve\), "netlify" \(Netlify Forms\) or "cloudflare" \(the Cloudflare Pages worker\)$/),
      expect.stringMatching(/^site\.yaml:\d+:\d+ {2}leads\.webhook {2}must be an https:\/\/ address/),
    ]);
  });

  it("gives the modal the site's own form only without a lead provider, whose form a site keeps until it removes it", () => {
    const language = { code: "en", locale: "en-US", thankYou: "/thank-you" };
    expect(ownFormView(siteWith("leads:\n  delivery: server\n", true), sample.copy, language)).toBeUndefined();
    const form = ownFormView(siteWith("leads:\n  delivery: server\n"), sample.copy, language)!;
    expect(form).toMatchObject({ action: "/api/lead", netlify: false, lang: "en", thanks: "/thank-you" });
    expect(form.services).toEqual([{ value: "residential", label: "Residential" }, { value: "commercial", label: "Commercial" }]);
    expect(form.towns.slice(0, 2)).toEqual([{ value: "Banning", label: "Banning" }, { value: "Beaumont", label: "Beaumont" }]);
    const netlify = ownFormView(siteWith("leads:\n  delivery: netlify\n"), sample.copy, { ...language, code: "es", thankYou: "/es/gracias", cityNames: { banning: "Banín" } })!;
    expect(netlify).toMatchObject({ action: "/es/gracias", netlify: true, lang: "es" });
    expect(netlify.towns[0]).toEqual({ value: "Banning", label: "Banín" });
  });

  it("lets the privacy policy say what the form collects and where it goes", () => {
    expect(documentConditions(sample.site)).toMatchObject({ leadForm: true, ownForm: false, ownFormServer: false });
    expect(documentConditions(siteWith("leads:\n  delivery: cloudflare\n"))).toMatchObject({ leadForm: false, ownForm: true, ownFormServer: false, ownFormNetlify: false, ownFormCloudflare: true, ownFormTurnstile: false });
  });

  it("lets Cloudflare Turnstile's script and frame in, and the policy name it, only on the site's own form with leads.turnstile", () => {
    const turnstile = 'leads:\n  delivery: cloudflare\n  turnstile: { siteKey: "1x00000000000000000000AA" }\n';
    const policy = (site: ReturnType<typeof siteWith>) => Object.fromEntries(cspDirectives(site));
    const withIt = policy(siteWith(turnstile));
    expect(withIt["script-src"]).toContain("https://challenges.cloudflare.com");
    expect(withIt["frame-src"]).toContain("https://challenges.cloudflare.com");
    expect(documentConditions(siteWith(turnstile))).toMatchObject({ ownForm: true, ownFormTurnstile: true });
    expect(ownFormView(siteWith(turnstile), sample.copy, { code: "en", locale: "en-US", thankYou: "/thank-you" })).toMatchObject({ turnstileSiteKey: "1x00000000000000000000AA" });
    // Without it, or with a lead provider's form in the modal, nothing of Cloudflare's is allowed.
    for (const site of [siteWith("leads:\n  delivery: cloudflare\n"), siteWith(turnstile, true), sample.site]) {
      expect(Object.values(policy(site)).flat()).not.toContain("https://challenges.cloudflare.com");
      expect(documentConditions(site).ownFormTurnstile).toBe(false);
    }
  });

  it("is in the editor's business form, and the thank-you page's copy is a page text", () => {
    const schemas = schemasFor(["residential"]);
    const leads = (schemas.site.properties as Record<string, { properties: Record<string, { enum?: string[] }> }>).leads!;
    expect(Object.keys(leads.properties)).toEqual(["delivery", "email", "webhook", "turnstile"]);
    expect(leads.properties.delivery!.enum).toEqual(["server", "netlify", "cloudflare"]);
    expect(Object.keys(schemas.copy)).toContain("pages/thank-you.yaml");
    expect(Object.keys((schemas.copy["chrome.yaml"] as { properties: Record<string, unknown> }).properties)).toContain("leadForm");
  });
});
