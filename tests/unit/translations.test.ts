import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load-config.ts";
import { loadEditions } from "../../src/content/load-editions.ts";
import { formatProblem } from "../../src/errors.ts";
import { problemLinesAsync } from "../helpers/problems.ts";
import { documentConditions } from "../../src/routes/privacy.ts";
import { copyFixture } from "../helpers/fixture-site.ts";
import { editProjectFile, removeDir } from "../helpers/sample-site.ts";

// A translation is refused, with file:line:column, when it has keys or placeholders the default
// language lacks, or when its words for a fact carry other numbers than site.yaml's. What it lacks
// is a translation still to write: those pages are left out of the language, with a warning.
let dir: string;
beforeEach(async () => {
  dir = await copyFixture("small");
});
afterEach(() => removeDir(dir));

const edit = (file: string, change: (text: string) => string) => editProjectFile(dir, file, change);

async function editions() {
  const { site } = await loadConfig({ path: path.join(dir, "site.yaml"), displayPath: "site.yaml" });
  return loadEditions({ site, contentDir: path.join(dir, "content"), displayDir: "content", conditions: documentConditions(site) });
}

async function problems(): Promise<string[]> {
  return problemLinesAsync(editions);
}

const lineOf = async (file: string, text: string) => (await readFile(path.join(dir, file), "utf8")).split("\n").findIndex((line) => line.includes(text)) + 1;

describe("translations", () => {
  it("load as they are in a site whose translations are complete", async () => {
    expect(await problems()).toEqual([]);
  });

  it("refuse an extra key and an unknown placeholder, each with its place, all at once; a missing key is a translation still to write", async () => {
    await edit("content/es/pages/about.yaml", (text) => text.replace(/^description: >-\n(?: {2}.*\n)+/m, ""));
    await edit("content/es/pages/home.yaml", (text) => text.replace("\nhero:\n", "\nextra: sobra\nhero:\n"));
    await edit("content/es/faq.yaml", (text) => text.replace("{trapWindow}", "{ventana}"));
    const found = await problems();
    expect(found).toHaveLength(2);
    expect(found.find((line) => line.startsWith("content/es/pages/home.yaml"))).toMatch(
      new RegExp(`^content/es/pages/home\\.yaml:${await lineOf("content/es/pages/home.yaml", "extra: sobra")}:\\d+ +extra +`),
    );
    expect(found.find((line) => line.startsWith("content/es/faq.yaml"))).toMatch(/^content\/es\/faq\.yaml:\d+:\d+ .*unknown placeholder \{ventana\}/);
    await edit("content/es/pages/home.yaml", (text) => text.replace("\nextra: sobra\n", "\n"));
    await edit("content/es/faq.yaml", (text) => text.replace("{ventana}", "{trapWindow}"));
    const spanish = (await editions())[1]!;
    expect(spanish.pending).toEqual({ pageTypes: ["about"], cities: [] });
    expect(spanish.warnings.map(formatProblem)).toEqual([
      "content/es/pages/about.yaml:1:1  description  not translated yet: the /es/ version of the about page is left out until it is (is required (expected string))",
    ]);
  });

  it("take an optional key the default language has and the translation lacks as still to write, naming the default's file", async () => {
    // Neither language gives the residential hero a picture's alt text; the English one now does.
    expect(await readFile(path.join(dir, "content/es/services/residential.yaml"), "utf8")).not.toContain("imageAlt");
    await edit("content/services/residential.yaml", (text) => text.replace(/\n(hero:\n {2}heading: .*\n)/, "\n$1  imageAlt: A lawn\n"));
    expect(await problems()).toEqual([]);
    const spanish = (await editions())[1]!;
    expect(spanish.pending.pageTypes).toEqual(["residential"]);
    expect(spanish.warnings.map(formatProblem).join("\n")).toMatch(/content\/es\/services\/residential\.yaml:\d+:\d+ +hero\.imageAlt +not translated yet: .*\(missing: content\/services\/residential\.yaml has it\)/);
  });

  it("refuse words for a fact with other numbers than site.yaml's, and facts that do not exist", async () => {
    await edit("content/es/language.yaml", (text) => text.replace("trapWindow: 24–48 horas", "trapWindow: 12–24 horas").replace("facts:\n", "facts:\n  noSuchFact: algo\n"));
    const found = await problems();
    const file = "content/es/language.yaml";
    expect(found).toContain(`${file}:${await lineOf(file, "trapWindow:")}:15  facts.trapWindow  has the numbers (12, 24), site.yaml's trapWindow has (24, 48): "24–48 hours"`);
    const noSuchFact = await lineOf(file, "noSuchFact");
    expect(found.some((line) => line.startsWith(`${file}:${noSuchFact}:`) && line.includes("no such fact"))).toBe(true);
  });

  it("refuse an article that translates no article, and a city paragraph for no city", async () => {
    await edit("content/es/cities.yaml", (text) => `${text}\nno-such-town:\n  intro: Un pueblo que no existe.\n`);
    await writeFile(path.join(dir, "content/es/blog/no-twin.md"), (await readFile(path.join(dir, "content/es/blog/60-day-warranty-explained.md"), "utf8")).replace(/slug: .*/, "slug: sin-gemelo"));
    const found = (await problems()).join("\n");
    expect(found).toMatch(/content\/es\/cities\.yaml:\d+:\d+ +no-such-town +no city in site\.yaml has this slug/);
    expect(found).toMatch(/content\/es\/blog\/no-twin\.md +translates no article/);
  });
});

describe("language.yaml", () => {
  it("needs the note for readers when it leaves page types untranslated, and site.yaml's texts in its words", async () => {
    await edit("content/es/language.yaml", (text) => text.replace(/\nuntranslatedNote: .*\n/, "\n").replace(/\nshareImageAlt: .*\n?/, "\n"));
    const found = (await problems()).join("\n");
    expect(found).toMatch(/content\/es\/language\.yaml:\d+:\d+ +untranslatedNote +is required with untranslated/);
    expect(found).toMatch(/content\/es\/language\.yaml:1 +shareImageAlt +missing: site\.yaml has brand\.shareImageAlt/);
  });
});
