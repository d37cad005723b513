import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { problemLinesAsync } from "../helpers/problems.ts";
import { copyFixture } from "../helpers/fixture-site.ts";
import { buildProject, editProjectFile, removeDir } from "../helpers/sample-site.ts";

// A service's sections take an own page's vocabulary: its prices (site.yaml's, by name) and its FAQ
// are shown on its page and given to search engines as the Service's offers and an FAQPage.
let dir: string;
beforeEach(async () => {
  dir = await copyFixture("small");
});
afterEach(() => removeDir(dir));

const edit = (file: string, change: (text: string) => string) => editProjectFile(dir, file, change);
const read = (file: string) => readFile(path.join(dir, "dist", file), "utf8");
const lineOf = async (file: string, text: string) => (await readFile(path.join(dir, file), "utf8")).split("\n").findIndex((line) => line.includes(text)) + 1;
const jsonLd = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);

/** Puts a price table and two FAQ blocks (one question asked in both) before the service's steps. */
const withPricesAndFaq = (words: { prices: string; setup: string; extra: string; note: string; faq: string; question: string; answer: string; more: string }) => (text: string) =>
  text.replace(
    "  - id: process\n",
    `  - id: prices
    type: prices
    heading: ${words.prices}
    rows:
      - label: ${words.setup}
        price: setup
        note: ${words.note}
      - label: ${words.extra}
        price: extraGopher
  - id: questions
    type: faq
    heading: ${words.faq}
    items:
      - question: ${words.question}
        answer: "${words.answer}"
  - id: more-questions
    type: faq
    heading: ${words.more}
    items:
      - question: ${words.question}
        answer: "${words.answer}"
  - id: process
`,
  );

const english = { prices: "What It Costs", setup: "Setup and first gopher", extra: "Each additional gopher", note: "Includes the inspection", faq: "Questions", question: "How long is the warranty?", answer: "{warrantyDays} days from the last visit.", more: "More Questions" };
const spanish = { prices: "Lo que cuesta", setup: "Instalación y primera tuza", extra: "Cada tuza adicional", note: "Incluye la inspección", faq: "Preguntas", question: "¿Cuánto dura la garantía?", answer: "{warrantyDays} días desde la última visita.", more: "Más preguntas" };

describe("a service's prices and FAQ", { timeout: 60_000 }, () => {
  it("are shown in the page's locale, and are its Service's offers and its FAQPage", async () => {
    await edit("content/services/residential.yaml", withPricesAndFaq(english));
    await edit("content/es/services/residential.yaml", withPricesAndFaq(spanish));
    await buildProject(dir);
    const page = await read("residential-gopher-control.html");
    expect(page).toContain('<tr><th scope="row">Setup and first gopher<span class="price-note">Includes the inspection</span></th><td>$295</td></tr><tr><th scope="row">Each additional gopher</th><td>$45</td></tr>');
    expect(page).toContain('<details class="faq-item" name="questions-items"><summary>How long is the warranty?</summary>');
    expect(page).toContain("60 days from the last visit.");
    const [service, faq, ...others] = jsonLd(page);
    expect(service!.offers).toEqual([
      { "@type": "Offer", name: "Setup and first gopher", price: 295, priceCurrency: "USD" },
      { "@type": "Offer", name: "Each additional gopher", price: 45, priceCurrency: "USD" },
    ]);
    // Two FAQ blocks make one FAQPage, a question asked in both listed once.
    expect(faq).toEqual({
      "@context": "https://schema.org",
      "@type": "FAQPage",
      url: "https://www.gopherguard.example.com/residential-gopher-control",
      mainEntity: [{ "@type": "Question", name: "How long is the warranty?", acceptedAnswer: { "@type": "Answer", text: "60 days from the last visit." } }],
    });
    expect(others).toEqual([]);

    const translated = await read("es/control-de-tuzas-residencial.html");
    expect(translated).toContain('<th scope="row">Instalación y primera tuza<span class="price-note">Incluye la inspección</span></th><td>$295</td>');
    expect(translated).toContain("60 días desde la última visita.");
    expect(jsonLd(translated)[0]!.offers).toEqual([
      { "@type": "Offer", name: "Instalación y primera tuza", price: 295, priceCurrency: "USD" },
      { "@type": "Offer", name: "Cada tuza adicional", price: 45, priceCurrency: "USD" },
    ]);

    // A service without a price table has no offers and, without questions, no FAQPage.
    const other = jsonLd(await read("commercial-gopher-control.html"));
    expect(other.map((block) => block["@type"])).toEqual(["Service"]);
    expect(other[0]).not.toHaveProperty("offers");

    // The price table's styles are in the stylesheet of the service page that has one (its sections' own).
    const stylesheet = page.match(/<link rel="stylesheet" href="\/(assets\/service[a-z-]*\.[^"]+\.css)"/)![1]!;
    expect(await read(stylesheet)).toContain(".price-table");
    const without = (await read("commercial-gopher-control.html")).match(/<link rel="stylesheet" href="\/(assets\/service[a-z-]*\.[^"]+\.css)"/)![1]!;
    expect(await read(without)).not.toContain(".price-table");
  });

  it("refuse a price site.yaml does not have, at its line, with the prices it has", async () => {
    await edit("content/services/residential.yaml", withPricesAndFaq(english));
    await edit("content/services/residential.yaml", (text) => text.replace("price: extraGopher", "price: extraMole"));
    const line = await lineOf("content/services/residential.yaml", "price: extraMole");
    expect(await problemLinesAsync(() => buildProject(dir, { write: false, displayFrom: dir }))).toEqual([
      `content/services/residential.yaml:${line}:16  sections.1.rows.1.price  must name a price of site.yaml's prices: setup, extraGopher`,
    ]);
  });
});
