import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config/load-config.ts";
import { fillPlaceholders, mapStrings, placeholderFiller, repeatedWords, siteFacts, unknownPlaceholderMessage } from "../../src/content/placeholders.ts";
import { ROOT } from "../helpers/sample-data.ts";

describe("placeholderFiller", () => {
  it("fills like fillPlaceholders over every string of any copy tree", () => {
    const text = fc.array(fc.constantFrom("{city}", "{other}", "{", "}", "city", "a b", "{{city}}", "é"), { maxLength: 6 }).map((parts) => parts.join(""));
    const tree = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: "small" }, text, fc.integer(), fc.array(tie("node"), { maxLength: 3 }), fc.dictionary(fc.constantFrom("a", "b", "c"), tie("node"), { maxKeys: 3 })),
    })).node;
    fc.assert(
      fc.property(tree, fc.constantFrom("Temecula", "San $& Juan", "{city}", ""), (copy, city) => {
        expect(placeholderFiller(copy, "city")(city)).toEqual(mapStrings(copy, [], (value) => fillPlaceholders(value, { city })));
      }),
      { numRuns: 1000 },
    );
  });

  it("shares the parts without the placeholder between calls", () => {
    const copy = { title: "{city} Gopher Control", process: { steps: [{ title: "Call" }] } };
    const fill = placeholderFiller(copy, "city");
    const a = fill("Temecula");
    const b = fill("Murrieta");
    expect([a.title, b.title]).toEqual(["Temecula Gopher Control", "Murrieta Gopher Control"]);
    expect(a.process).toBe(copy.process);
    expect(b.process).toBe(copy.process);
  });
});

describe("repeatedWords", () => {
  const facts = { company: "Gopher Guard Family Trapping", town: "Temecula", warrantyDays: "60", region: "Lake Elsinore" };

  it("finds a word written twice across a placeholder's edge, on either side, whatever its case", () => {
    expect(repeatedWords("Every {company} trapping job", facts)).toEqual([{ name: "company", word: "Trapping", offset: 6, reads: "Family Trapping trapping" }]);
    expect(repeatedWords("Call the gopher {company}", facts)).toEqual([{ name: "company", word: "Gopher", offset: 16, reads: "gopher Gopher Guard" }]);
    expect(repeatedWords("Near lake {region} lake", facts).map((repeat) => repeat.word)).toEqual(["Lake"]);
  });

  it("leaves alone text that reads well, unknown placeholders, numbers and words joined by punctuation", () => {
    expect(repeatedWords("Every job {company} does", facts)).toEqual([]);
    expect(repeatedWords("Our {warrantyDays}-day warranty, 60 {warrantyDays} days", facts)).toEqual([]);
    expect(repeatedWords("trapping {unknown} trapping", facts)).toEqual([]);
    expect(repeatedWords("Ask {company}: trapping first", facts)).toEqual([]);
  });
});

describe("siteFacts", () => {
  const base = readFileSync(path.join(ROOT, "site.yaml"), "utf8");

  it("names each price, licence and fact in words as site.yaml does, prices in the page's locale", () => {
    const { site } = parseConfig(base.replace("    extraGopher: 45\n", "    extraGopher: 45\n    yearly: 1500\n"), "site.yaml");
    const facts = siteFacts(site);
    expect(facts).toMatchObject({ setupPrice: "$295", extraGopherPrice: "$45", yearlyPrice: "$1,500", trapWindow: "24–48 hours", warrantyDays: "60" });
    expect(facts.businessLicense).toBe("Business License #BL-0000-0000 (sample)");
    expect(siteFacts(site, "de-DE").yearlyPrice).toBe(new Intl.NumberFormat("de-DE", { style: "currency", currency: "USD", maximumFractionDigits: 0 }).format(1500));
  });

  it("has no fact the site lacks: no warranty, no warrantyDays", () => {
    const text = base.slice(0, base.indexOf("warranty:\n")) + base.slice(base.indexOf("results:\n"));
    const facts = siteFacts(parseConfig(text, "site.yaml").site);
    expect(facts).not.toHaveProperty("warrantyDays");
    expect(facts).not.toHaveProperty("noSetupChargeDays");
    expect(facts).toHaveProperty("resultDays", "2");
  });
});

describe("unknownPlaceholderMessage", () => {
  const known = ["company", "phone", "email", "baseTown", "region", "year", "legalUpdated", "diagnosticPrice", "setupPrice", "warrantyDays", "reviewClaim"];

  it("suggests the closest known name and lists the known ones closest first, at most eight, on one line", () => {
    expect(unknownPlaceholderMessage("diagnostcPrice", known)).toBe(
      "unknown placeholder {diagnostcPrice}; did you mean {diagnosticPrice}? Known: {diagnosticPrice}, {setupPrice}, {baseTown}, {company}, {email}, {legalUpdated}, {phone}, {region} and 3 more",
    );
  });

  it("suggests nothing for a name far from every known one, and still lists them (ties in alphabetical order)", () => {
    expect(unknownPlaceholderMessage("ventana", ["phone", "company"])).toBe("unknown placeholder {ventana}; known: {company}, {phone}");
    expect(unknownPlaceholderMessage("phone", [])).toBe("unknown placeholder {phone}; known: none");
  });
});
