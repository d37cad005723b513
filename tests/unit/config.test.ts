import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config/load-config.ts";
import { problemLines } from "../helpers/problems.ts";

const SAMPLE = readFileSync(path.resolve(import.meta.dirname, "../../site.yaml"), "utf8");

/** The printed problem lines for a site.yaml text, or [] when it is valid. */
function problemsOf(text: string): string[] {
  return problemLines(() => parseConfig(text, "site.yaml"));
}

/** 1-based line of the first line containing `needle` in `text`. */
function lineOf(text: string, needle: string): number {
  const index = text.split("\n").findIndex((line) => line.includes(needle));
  if (index < 0) throw new Error(`"${needle}" not in text`);
  return index + 1;
}

function replaceOnce(text: string, from: string, to: string): string {
  expect(text).toContain(from);
  return text.replace(from, to);
}

describe("site.yaml validation", () => {
  it("accepts the sample and reports the towns without a page", () => {
    const { site, notices } = parseConfig(SAMPLE, "site.yaml");
    expect(site.cities).toHaveLength(28);
    expect(site.format).toBe("file");
    expect(notices).toEqual([
      "Highland lists San Bernardino as nearby; it has no page of its own, so its link goes to /service-areas",
      "Riverside lists Jurupa Valley as nearby; it has no page of its own, so its link goes to /service-areas",
    ]);
  });

  it("names file, line, column and field of a wrong type", () => {
    const text = replaceOnce(SAMPLE, "  days: 60\n", "  days: sixty\n");
    const line = lineOf(text, "days: sixty");
    expect(problemsOf(text)).toEqual([`site.yaml:${line}:9  warranty.days  expected number, got text "sixty"`]);
  });

  it("reports an unknown key at the key, with a suggestion for a typo", () => {
    const text = replaceOnce(SAMPLE, "email: office@", "emial: office@");
    const line = lineOf(text, "emial:");
    expect(problemsOf(text)).toEqual([
      `site.yaml:${lineOf(text, "company:")}:1  email  is required (expected string)`,
      `site.yaml:${line}:1  emial  unknown key; did you mean "email"?`,
    ]);
  });

  it("lists every problem at once", () => {
    let text = replaceOnce(SAMPLE, "    lat: 33.4936\n", "    lat: 133.4936\n");
    text = replaceOnce(text, 'tel: "+19515550142"', 'tel: "555"');
    text = replaceOnce(text, "email: office@gopherguard.example.com", "email: not-an-email");
    const lines = problemsOf(text);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe(`site.yaml:${lineOf(text, 'tel: "555"')}:8  phone.tel  must be the number in international form, e.g. +19095550100`);
    expect(lines[1]).toBe(`site.yaml:${lineOf(text, "email: not-an-email")}:8  email  must be an e-mail address, e.g. office@example.com`);
    expect(lines[2]).toMatch(new RegExp(`^site\\.yaml:${lineOf(text, "lat: 133.4936")}:10  cities\\.\\d+\\.lat  latitude must be between -90 and 90$`));
  });

  it("checks the business type against schema.org's LocalBusiness types, suggesting the spelling", () => {
    const wrong = replaceOnce(SAMPLE, "businessType: HomeAndConstructionBusiness", "businessType: PestControl");
    expect(problemsOf(wrong)).toEqual([
      `site.yaml:${lineOf(wrong, "businessType:")}:15  businessType  must be a schema.org LocalBusiness type, e.g. HomeAndConstructionBusiness, Plumber, HVACBusiness, RoofingContractor (every one: src/config/local-business-types.ts)`,
    ]);
    const misspelt = replaceOnce(SAMPLE, "businessType: HomeAndConstructionBusiness", "businessType: hvac-business");
    expect(problemsOf(misspelt)).toEqual([`site.yaml:${lineOf(misspelt, "businessType:")}:15  businessType  must be written as schema.org writes it: HVACBusiness`]);
    expect(parseConfig(replaceOnce(SAMPLE, "businessType: HomeAndConstructionBusiness", "businessType: Plumber"), "site.yaml").site.businessType).toBe("Plumber");
    expect(parseConfig(replaceOnce(SAMPLE, "businessType: HomeAndConstructionBusiness\n", ""), "site.yaml").site.businessType).toBe("HomeAndConstructionBusiness");
  });

  it("names the line and field of a wrong address or service", () => {
    let text = replaceOnce(SAMPLE, "cityPath: /{city}-gopher-control", "cityPath: /gopher-control");
    text = replaceOnce(text, "    path: /commercial-gopher-control", "    path: commercial gopher control");
    text = replaceOnce(text, "  - id: residential", "  - id: Residential Work");
    expect(problemsOf(text)).toEqual([
      `site.yaml:${lineOf(text, "cityPath:")}:11  cityPath  must be an address containing {city} (the city's slug), e.g. /{city}-roof-repair`,
      `site.yaml:${lineOf(text, "id: Residential Work")}:9  services.0.id  must be lowercase letters, digits and single hyphens, e.g. north-hills`,
      `site.yaml:${lineOf(text, "path: commercial gopher")}:11  services.1.path  must be an address of lowercase letters, digits and single hyphens after a /, e.g. /roof-repair`,
    ]);
  });

  it("names a licence place that is no page, with the services' ids it may name", () => {
    const text = replaceOnce(SAMPLE, "    shownOn: [commercial]", "    shownOn: [sidebar]");
    expect(problemsOf(text)).toEqual([
      `site.yaml:${lineOf(text, "shownOn: [sidebar]")}:15  licenses.1.shownOn.0  must be one of: footer, about, legal, residential, commercial (the services are site.yaml's services ids)`,
    ]);
  });

  it("gives each service its own id and address, never a kind of page's name", () => {
    let text = replaceOnce(SAMPLE, "  - id: commercial\n    path: /commercial-gopher-control\n", "  - id: residential\n    path: /residential-gopher-control\n  - id: about\n    path: /about-us\n");
    text = replaceOnce(replaceOnce(text, "shownOn: [footer, about, commercial]", "shownOn: [footer, about]"), "shownOn: [commercial]", "shownOn: [residential]");
    expect(problemsOf(text)).toEqual([
      `site.yaml:${lineOf(text, "id: residential") + 2}:9  services.1.id  "residential" is already the id of services.0`,
      `site.yaml:${lineOf(text, "id: residential") + 3}:11  services.1.path  /residential-gopher-control is already the address of the service residential; choose another path`,
      `site.yaml:${lineOf(text, "id: about")}:9  services.2.id  "about" names a kind of page (home, service, service-areas, about, city, blog, article, legal, own, not-found, thank-you, footer); choose another id`,
    ]);
  });

  it("needs at least one service, and takes one alone", () => {
    const none = replaceOnce(SAMPLE, "services:\n  - id: residential\n    path: /residential-gopher-control\n  - id: commercial\n    path: /commercial-gopher-control\n", "services: []\n");
    expect(problemsOf(none)).toEqual([`site.yaml:${lineOf(none, "services:")}:11  services  list at least one service: - id: <name> / path: /<address>`]);
    const one = replaceOnce(SAMPLE, "  - id: commercial\n    path: /commercial-gopher-control\n", "").replace("shownOn: [footer, about, commercial]", "shownOn: [footer, about]").replace("shownOn: [commercial]", "shownOn: [residential]");
    expect(parseConfig(one, "site.yaml").site.services).toEqual([{ id: "residential", path: "/residential-gopher-control" }]);
  });

  it("shows the list shape to a site.yaml whose services are in the old shape, built from its own services", () => {
    const old = replaceOnce(
      SAMPLE,
      "services:\n  - id: residential\n    path: /residential-gopher-control\n  - id: commercial\n    path: /commercial-gopher-control\n",
      "services:\n  residential:\n    path: /residential-gopher-control\n  commercial:\n    path: /commercial-gopher-control\n",
    );
    expect(problemsOf(old)).toEqual([
      `site.yaml:${lineOf(old, "  residential:")}:3  services  must be a list of services: - id: residential / path: /residential-gopher-control / - id: commercial / path: /commercial-gopher-control (each one's copy in content/services/<id>.yaml)`,
    ]);
  });

  it("points a result promised in words, once a key of results, to facts", () => {
    const old = replaceOnce(SAMPLE, "  hours: 48\n", "  hours: 48\n  followUp: 24–72 hours\n");
    expect(problemsOf(old)).toEqual([
      `site.yaml:${lineOf(old, "followUp:")}:3  results.followUp  unknown key; results has days and hours: write followUp under facts: instead (copy names it {followUp} as before)`,
    ]);
  });

  it("refuses two facts of one name: a licence, a price or a fact in words taking another's placeholder", () => {
    let text = replaceOnce(SAMPLE, "  diyGasCost: $10–$25\n", "  diyGasCost: $10–$25\n  phone: call us\n  setupPrice: free\n");
    text = replaceOnce(text, "  - name: applicator\n", "  - name: business\n");
    expect(problemsOf(text)).toEqual([
      `site.yaml:${lineOf(text, "  - name: business") + 4}:11  licenses.3.name  {businessLicense} is already licenses.2 (Business License); choose another name`,
      `site.yaml:${lineOf(text, "  phone: call us")}:10  facts.phone  {phone} is already a fact every site has; choose another name`,
      `site.yaml:${lineOf(text, "  setupPrice: free")}:15  facts.setupPrice  {setupPrice} is already the price setup; choose another name`,
    ]);
  });

  it("names a price or fact whose name copy could not use, at the name", () => {
    let text = replaceOnce(SAMPLE, "    setup: 295", "    Setup Fee: 295");
    text = replaceOnce(text, "  trapWindow: 24", "  trap-window: 24");
    const rule = "must be a name of letters and digits starting with a lowercase letter, e.g. setup or weeklyVisit";
    expect(problemsOf(text)).toEqual([
      `site.yaml:${lineOf(text, "Setup Fee:")}:5  prices.items.Setup Fee  this name ${rule}`,
      `site.yaml:${lineOf(text, "trap-window:")}:3  facts.trap-window  this name ${rule}`,
    ]);
  });

  it("takes a site without warranty, results, prices, facts or licences", () => {
    let text = SAMPLE.slice(0, SAMPLE.indexOf("licenses:\n")) + SAMPLE.slice(SAMPLE.indexOf("reviews:\n"));
    text = text.slice(0, text.indexOf("warranty:\n")) + "callbackMinutes: 30\n\n" + text.slice(text.indexOf("copyrightYear:"));
    const { site } = parseConfig(text, "site.yaml");
    expect(site.licenses).toEqual([]);
    expect(site.warranty).toBeUndefined();
    expect(site.prices).toEqual({ currency: "USD", items: {} });
    expect(site.facts).toEqual({});
  });

  it("rejects duplicate city slugs, pointing at the second", () => {
    const text = replaceOnce(SAMPLE, "    slug: wildomar\n", "    slug: temecula\n");
    const secondLine = text.split("\n").findLastIndex((line) => line === "    slug: temecula") + 1;
    expect(problemsOf(text)).toContain(
      `site.yaml:${secondLine}:11  cities.25.slug  "temecula" is already used by cities.24 (Temecula)`,
    );
  });

  it("rejects a nearby slug that names no city or town", () => {
    const text = replaceOnce(SAMPLE, "nearby: [murrieta, menifee, wildomar, french-valley]", "nearby: [murrieta, menifee, wildomarr, french-valley]");
    const line = lineOf(text, "wildomarr");
    expect(problemsOf(text)).toEqual([
      `site.yaml:${line}:33  cities.24.nearby.2  no city or town has the slug "wildomarr"; add it to cities, or to townsWithoutPage if it has no page`,
    ]);
  });

  it("rejects javascript: and data: URLs", () => {
    let text = replaceOnce(SAMPLE, "writeReviewUrl: https://", "writeReviewUrl: javascript:alert(1)//");
    text = replaceOnce(text, "embedScriptUrl: https://link.msgsndr.com/js/form_embed.js", "embedScriptUrl: data:text/javascript,alert(1)");
    const lines = problemsOf(text);
    expect(lines).toEqual([
      `site.yaml:${lineOf(text, "writeReviewUrl:")}:19  reviews.writeReviewUrl  must be an https:// address, e.g. https://www.example.com/page`,
      `site.yaml:${lineOf(text, "embedScriptUrl:")}:21  integrations.leadForm.embedScriptUrl  must be an https:// address, e.g. https://www.example.com/page`,
    ]);
  });

  it("rejects a phone display that does not match the number dialled", () => {
    const text = replaceOnce(SAMPLE, "display: (951) 555-0142", "display: (951) 555-0199");
    expect(problemsOf(text)).toEqual([
      `site.yaml:${lineOf(text, "tel: ")}:8  phone.tel  dials +19515550142, but phone.display shows (951) 555-0199`,
    ]);
  });

  it("reports YAML syntax errors with their position", () => {
    const text = replaceOnce(SAMPLE, "copyrightYear: 2025", "copyrightYear: [2025");
    const lines = problemsOf(text);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines[0]).toMatch(/^site\.yaml:\d+:\d+  invalid YAML: /);
  });

  it("explains tabs, empty files, non-mappings and alias bombs", () => {
    expect(problemsOf("company:\n\tname: x\n")[0]).toMatch(/^site\.yaml:2:1  .*tab/i);
    expect(problemsOf("")).toEqual(["site.yaml:1:1  the file is empty; copy the sample site.yaml to start"]);
    expect(problemsOf("- a\n- b\n")).toEqual(["site.yaml:1:1  expected a YAML mapping of settings (key: value lines)"]);
    const bomb = ["a: &a [x, x, x, x, x, x, x, x, x]"];
    for (let i = 0; i < 9; i++) bomb.push(`${"bcdefghij"[i]}: &${"bcdefghij"[i]} [*${i === 0 ? "a" : "bcdefghij"[i - 1]}, *${i === 0 ? "a" : "bcdefghij"[i - 1]}, *${i === 0 ? "a" : "bcdefghij"[i - 1]}, *${i === 0 ? "a" : "bcdefghij"[i - 1]}, *${i === 0 ? "a" : "bcdefghij"[i - 1]}, *${i === 0 ? "a" : "bcdefghij"[i - 1]}, *${i === 0 ? "a" : "bcdefghij"[i - 1]}, *${i === 0 ? "a" : "bcdefghij"[i - 1]}, *${i === 0 ? "a" : "bcdefghij"[i - 1]}]`);
    expect(problemsOf(bomb.join("\n"))[0]).toMatch(/too many YAML aliases/);
  });

  it("accepts a byte-order mark", () => {
    expect(problemsOf(`\uFEFF${SAMPLE}`)).toEqual([]);
  });
});

describe("the fast YAML path", () => {
  it("reads the sample exactly as the careful parser does", async () => {
    const { parseYamlFast } = await import("../../src/config/read-yaml.ts");
    const { parseYaml } = await import("../../src/config/yaml-source.ts");
    expect(parseYamlFast(SAMPLE)!.data).toEqual(parseYaml("site.yaml", SAMPLE).data);
    expect(parseYamlFast("updated: 2025-10-13\nflag: yes\nn: 010\n")!.data).toEqual({ updated: "2025-10-13", flag: "yes", n: 10 });
  });

  it("leaves anchors, aliases and unparsable text to the careful parser", async () => {
    const { parseYamlFast } = await import("../../src/config/read-yaml.ts");
    expect(parseYamlFast("a: &x [1]\nb: *x\n")).toBeUndefined();
    expect(parseYamlFast("a: [1\n")).toBeUndefined();
    expect(parseYamlFast("a: 1\na: 2\n")).toBeUndefined();
    expect(parseYamlFast("email: a&b@example.com\nurl: https://x.example/?a=1&b=*\n")).toEqual({ data: { email: "a&b@example.com", url: "https://x.example/?a=1&b=*" } });
  });
});

describe("where the two YAML parsers differ", () => {
  it.each([
    ["%YAML 1.1\n---\na: yes\n"],
    ["days: !!float 60\n"],
    ["count: 0b1100100\n"],
    ["a: 1\rb: 2\r"],
  ])("the careful parser decides: %j", async (text) => {
    const { parseYamlFast } = await import("../../src/config/read-yaml.ts");
    expect(parseYamlFast(text)).toBeUndefined();
  });

  it("a tagged value gets the careful parser's answer, whatever else is in the file", () => {
    const tagged = SAMPLE.replace("  days: 60\n", "  days: !!float 60\n");
    const line = lineOf(tagged, "days: !!float 60");
    expect(problemsOf(tagged)).toEqual([`site.yaml:${line}:17  warranty.days  expected number, got text "60"`]);
    expect(problemsOf(tagged.replace("callbackMinutes: 30", "callbackMinutez: 30"))).toContain(`site.yaml:${line}:17  warranty.days  expected number, got text "60"`);
  });
});
