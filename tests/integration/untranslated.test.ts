import { existsSync } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.ts";
import { copyFixture } from "../helpers/fixture-site.ts";
import { buildProject, removeDir } from "../helpers/sample-site.ts";

// A translation never blocks the default language: what is not translated yet is built in the
// default language only, said in a notice and a warning (an error with check --strict).
let dir: string;
beforeEach(async () => {
  dir = await copyFixture("small");
});
afterEach(() => removeDir(dir));

/** Problems name files relative to the working folder: the project's own files, as the CLI would name them. */
const inProject = (file: string) => path.relative(dir, path.resolve(file));
const html = (outFile: string) => readFile(path.join(dir, "dist", outFile), "utf8");
/** The line of a project file a text is on. */
const lineOf = async (file: string, text: string) => (await readFile(path.join(dir, file), "utf8")).split("\n").findIndex((line) => line.includes(text)) + 1;

async function addTown(): Promise<void> {
  const config = path.join(dir, "site.yaml");
  const text = await readFile(config, "utf8");
  const town = [
    "  - name: Sun City",
    "    slug: sun-city",
    "    lat: 33.7092",
    "    lng: -117.1973",
    "    neighborhoods: [Cherry Hills, Sun City Gardens, Quail Creek, Menifee Lakes]",
    "    nearby: [menifee, winchester, french-valley]",
    "    intro: >-",
    "      Sun City's irrigated lawns and golf course edges draw pocket gophers in from the open land",
    "      around Menifee, and its older yards have soft, easy soil for their tunnels.",
    "",
  ].join("\n");
  await writeFile(config, text.replace("\ncities:\n", `\ncities:\n${town}`));
}

describe("a translation still to write", () => {
  it("leaves a new town's page out of the other language, with a notice, and builds everything else", async () => {
    await addTown();
    const result = await buildProject(dir);
    expect(existsSync(path.join(dir, "dist/sun-city-gopher-control.html"))).toBe(true);
    expect(existsSync(path.join(dir, "dist/es/control-de-tuzas-sun-city.html"))).toBe(false);
    expect(existsSync(path.join(dir, "dist/es/control-de-tuzas-menifee.html"))).toBe(true);
    expect(result.notices).toContain("Español (es): 1 town page not translated yet, so built in the default language only (check --strict fails until they are)");
    expect(result.warnings.map((warning) => `${inProject(warning.file)}  ${warning.field}  ${warning.message}`)).toContain(
      "content/es/cities.yaml  sun-city.intro  not translated yet: the /es/ page of Sun City is left out until it is",
    );
    const english = await html("sun-city-gopher-control.html");
    expect(english).not.toContain('<link rel="alternate" hrefLang');
    // The switcher leads to the other language's home; that language's links to the town stay in English.
    expect(english).toMatch(/<a hrefLang="es" href="\/es"/);
    expect(await html("es/areas-de-servicio.html")).toContain('href="/sun-city-gopher-control"');
  }, 90_000);

  it("fails check --strict on it, naming the file and the town", async () => {
    await addTown();
    const strict = await runCli(["check", "--strict"], { cwd: dir });
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain("content/es/cities.yaml:1  sun-city.intro  not translated yet: the /es/ page of Sun City is left out until it is (an error with --strict)");
  }, 90_000);

  it("takes a town left in the default language on purpose: language.yaml's untranslated names its slug, and check --strict passes", async () => {
    await addTown();
    const settings = path.join(dir, "content/es/language.yaml");
    await writeFile(settings, (await readFile(settings, "utf8")).replace("untranslated: [legal]", "untranslated: [legal, sun-city]"));
    const strict = await runCli(["check", "--strict"], { cwd: dir });
    expect(strict.stderr).toBe("");
    expect(strict.code).toBe(0);
    const result = await buildProject(dir);
    expect(existsSync(path.join(dir, "dist/es/control-de-tuzas-sun-city.html"))).toBe(false);
    expect(result.notices.filter((notice) => notice.includes("not translated yet"))).toEqual([]);
    expect(await html("es/areas-de-servicio.html")).toContain('href="/sun-city-gopher-control"');
  }, 90_000);

  it("says where a translation's text shows site.yaml's worded fact in the default language, and not for a fact of figures alone", async () => {
    const settings = path.join(dir, "content/es/language.yaml");
    await writeFile(settings, (await readFile(settings, "utf8")).replace("  trapWindow: 24–48 horas\n", ""));
    // A Spanish text naming a fact of figures alone, which needs no words of its own.
    const article = path.join(dir, "content/es/blog/60-day-warranty-explained.md");
    await writeFile(article, `${await readFile(article, "utf8")}\nLos cebos de la tienda cuestan {diyPoisonCost}.\n`);
    const result = await buildProject(dir);
    const said = result.warnings.map((warning) => `${inProject(warning.file)}:${warning.line}  ${warning.field ?? ""}  ${warning.message}`);
    const words = `{trapWindow} is site.yaml's words, "24–48 hours", in the default language: give this language's words in ${path.join(dir, "content/es/language.yaml")}'s facts`;
    // At the key of the text that names it, as every copy warning is.
    const step = (await lineOf("content/es/pages/home.yaml", "{trapWindow}")) - 2;
    expect(said).toContain(`content/es/pages/home.yaml:${step}  process.steps.1.text  ${words}`);
    expect(said.some((line) => line.startsWith("content/es/services/residential.yaml:") && line.endsWith(words))).toBe(true);
    // The English pages have their own words; a fact of figures ($20–$60) reads the same in Spanish.
    expect(said.filter((line) => line.startsWith("content/") && !line.startsWith("content/es/") && line.includes("default language"))).toEqual([]);
    expect(said.some((line) => line.includes("{diyPoisonCost}"))).toBe(false);
  }, 90_000);

  it("leaves a page type out whose copy lacks a key, and the whole language when a shared text does", async () => {
    const about = path.join(dir, "content/es/pages/about.yaml");
    await writeFile(about, (await readFile(about, "utf8")).replace(/^description: >-\n(?: {2}.*\n)+/m, ""));
    const partial = await buildProject(dir);
    expect(existsSync(path.join(dir, "dist/about.html"))).toBe(true);
    expect(existsSync(path.join(dir, "dist/es/nosotros.html"))).toBe(false);
    expect(existsSync(path.join(dir, "dist/es.html"))).toBe(true);
    expect(await html("es.html")).toContain('href="/about"');
    expect(partial.warnings.map((warning) => warning.message)).toContain(
      "not translated yet: the /es/ version of the about page is left out until it is (is required (expected string))",
    );

    await rm(path.join(dir, "content/es/chrome.yaml"));
    const english = await buildProject(dir, { out: path.join(dir, "dist-en") });
    expect(english.pages.every((page) => page.lang === "en")).toBe(true);
    expect(english.pages).toHaveLength(partial.pages.filter((page) => page.lang === "en").length);
    expect(english.notices).toContain("Español (es) is left out: its shared texts are not all translated yet (the warnings name each one)");
    expect(english.warnings.map((warning) => `${inProject(warning.file)}  ${warning.message}`)).toContain(
      "content/es/chrome.yaml  not translated yet: the /es/ site is left out until it is (file not found; every copy file is required)",
    );
  }, 90_000);

  it("checks the links of a translated article only where the article is built: not while the language's blog waits for its texts", async () => {
    const articlePage = path.join(dir, "content/es/pages/article.yaml");
    await writeFile(articlePage, (await readFile(articlePage, "utf8")).replace(/^backLabel: .*\n/m, ""));
    // A link to a Spanish article (the fixture's one article, linking to itself): a page only once
    // the Spanish blog is built.
    const warranty = path.join(dir, "content/es/blog/60-day-warranty-explained.md");
    const spanish = (await readFile(warranty, "utf8")).match(/^slug: (.*)$/m)![1]!.trim();
    await writeFile(warranty, `${await readFile(warranty, "utf8")}\nVea [lo que cubre](/es/blog/${spanish}).\n`);
    const result = await buildProject(dir);
    expect(result.pages.some((page) => page.path.startsWith("/es/blog"))).toBe(false);
    expect(result.pages.some((page) => page.path === "/blog/60-day-warranty-explained")).toBe(true);
  }, 90_000);

  it("leaves the language's blog out while no article is translated, its folder empty: the rest of the language is built", async () => {
    await rm(path.join(dir, "content/es/blog"), { recursive: true, force: true });
    await mkdir(path.join(dir, "content/es/blog"));
    const result = await buildProject(dir);
    expect(result.pages.some((page) => page.path.startsWith("/es/blog"))).toBe(false);
    expect(result.pages.some((page) => page.path === "/es/nosotros")).toBe(true);
    expect(result.warnings.map((warning) => `${inProject(warning.file)}  ${warning.message}`)).toContain(
      "content/es/blog  not translated yet: the /es/ blog is left out until it is (no article translated yet: translate one, named like the article it translates)",
    );
    // The Spanish pages' blog link leads to the English blog.
    expect(await html("es/nosotros.html")).toContain('href="/blog"');
  }, 90_000);
});
