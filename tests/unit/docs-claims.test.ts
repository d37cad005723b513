import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { siteJsonSchema } from "../../src/config/json-schema.ts";
import { loadEditions } from "../../src/content/load-editions.ts";
import { renderPage } from "../../src/render/render-page.ts";
import { documentConditions } from "../../src/routes/privacy.ts";
import { chromeView } from "../../src/routes/site-views.ts";
import * as templates from "../../templates/index.tsx";
import { loadSample, renderablePages, ROOT } from "../helpers/sample-data.ts";

// What the documentation says the product does, held to what it does.
const doc = (file: string) => readFileSync(path.join(ROOT, "docs", file), "utf8").replace(/\s+/g, " ");
const sample = await loadSample();
const pages = renderablePages(sample);
const assets = { stylesheet: "/assets/site.css", scripts: ["/assets/site.js"] };
const render = (pagePath: string) => renderPage(templates, pages.find((page) => page.path === pagePath)!, chromeView(sample.site, sample.copy, sample.chromeLanguage), assets).html;

describe("the documentation", () => {
  it("puts the opt-out control where the privacy policy has it: after the policy's text, before the licences", () => {
    expect(doc("privacy.md").includes("an opt-out control in its own section of the privacy policy, after the policy's text and before the licences"), "docs/privacy.md's sentence").toBe(true);
    const html = render("/privacy-policy");
    const control = html.indexOf('id="your-privacy-choices"');
    const licences = html.indexOf('id="licenses-heading"');
    const lastPolicyHeading = html.lastIndexOf("<h2", control);
    expect(lastPolicyHeading).toBeGreaterThan(html.indexOf("<main"));
    expect(control).toBeGreaterThan(lastPolicyHeading);
    expect(licences).toBeGreaterThan(control);
  });

  it("says locale writes dates, prices and og:locale: a language's locale writes its prices", async () => {
    expect(doc("languages.md").includes("locale: en-US # dates, prices and og:locale, each as this locale writes them ($1,500)"), "docs/languages.md's locale line").toBe(true);
    const schema = siteJsonSchema() as { properties: { languages: { items: { properties: { locale: { description: string } } } } } };
    expect(schema.properties.languages.items.properties.locale.description).toMatch(/^Dates, prices and og:locale/);
    // Spanish written in France: its prices are written as fr-FR writes dollars.
    const languages = sample.site.languages.map((language) => (language.code === "es" ? { ...language, locale: "fr-FR" } : language));
    const site = { ...sample.site, languages };
    const editions = await loadEditions({ site, contentDir: path.join(ROOT, "content"), displayDir: "content", conditions: documentConditions(site) });
    const french = new Intl.NumberFormat("fr-FR", { style: "currency", currency: "USD", maximumFractionDigits: 0 }).format(295);
    expect(french).not.toBe("$295");
    expect(editions.map((edition) => [edition.locale, edition.facts.setupPrice])).toEqual([
      ["en-US", "$295"],
      ["fr-FR", french],
    ]);
  });

});
