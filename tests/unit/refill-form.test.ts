import { readFileSync } from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LeadForm } from "../../templates/sections/lead-form.tsx";
import { parseConfig } from "../../src/config/load-config.ts";
import { refillForm } from "../../src/leads/refill-form.ts";
import { ownFormView } from "../../src/routes/lead-form.ts";
import { loadSample, ROOT } from "../helpers/sample-data.ts";

const sample = await loadSample();
const yaml = readFileSync(path.join(ROOT, "site.yaml"), "utf8").replace(/\n {2}leadForm:\n(?: {4}.*\n)+/, "\n").replace("\nintegrations:\n", "\nleads:\n  delivery: server\nintegrations:\n");
const form = ownFormView(parseConfig(yaml, "site.yaml").site, sample.copy, { code: "en", locale: "en-US", thankYou: "/thank-you" })!;
const page = `<!doctype html><html><body><main>Page</main><dialog id="callback-request" class="modal" aria-labelledby="callback-title">${renderToStaticMarkup(createElement(LeadForm, { form, consent: null }))}</dialog></body></html>`;
const fields = { name: 'Ana "<b>"', phone: "12", town: "Temecula", service: "commercial", message: "Mounds </textarea><script>x()</script>", lang: "en", page: "/", thanks: "/thank-you" };
const words = { required: "Please fill this in.", phone: "Please enter a phone number we can call, with its area code." };

describe("the form sent back without JavaScript", () => {
  it("holds what was typed, escaped, with each error beside its field and the dialog open", () => {
    const html = refillForm(page, { fields, errors: { phone: "phone" }, words, alert: "invalid", stamp: "1800000000000.0123456789ab.abcdef" })!;
    expect(html).toContain('<dialog id="callback-request" class="modal" aria-labelledby="callback-title" data-lead-refused="">');
    expect(html).toMatch(/<input id="lead-name"[^>]* name="name" value="Ana &quot;&lt;b&gt;&quot;"\/>/);
    expect(html).toMatch(/<input id="lead-phone"[^>]* name="phone" value="12" aria-invalid="true" aria-describedby="lead-phone-error"\/>/);
    expect(html).toContain('<option value="Temecula" selected="">Temecula</option>');
    expect(html).toContain('<option value="commercial" selected="">Commercial</option>');
    expect(html).toContain(">Mounds &lt;/textarea&gt;&lt;script&gt;x()&lt;/script&gt;</textarea>");
    expect(html).toContain('data-field-error="phone">Please enter a phone number we can call, with its area code.</p>');
    expect(html).toContain('data-field-error="name"></p>');
    expect(html).toMatch(/data-lead-alert=""[^>]*>Something in the form needs a second look\. Please check it and send it again\.<\/p>/);
    expect(html).toContain('name="stamp" value="1800000000000.0123456789ab.abcdef"');
    expect(html.match(/ selected=""/g)).toHaveLength(2);
  });

  it("says the request could not be sent, keeping the typing, and leaves a page without the form alone", () => {
    const html = refillForm(page, { fields: { ...fields, phone: "951 555 0100" }, errors: {}, words, alert: "failed" })!;
    expect(html).toMatch(/data-lead-alert=""[^>]*>Your request could not be sent\. Please try again, or call us\.<\/p>/);
    expect(html).toContain('value="951 555 0100"/>');
    expect(html).toContain('name="stamp" value=""');
    expect(refillForm("<html><body>No form</body></html>", { fields, errors: {}, words, alert: "failed" })).toBeUndefined();
  });
});
