import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import type { BuildResult } from "../../src/build.ts";
import { withoutLanguages } from "../../scripts/synthetic-site.mjs";
import { copyFixture } from "../helpers/fixture-site.ts";
import { buildProject, removeDir } from "../helpers/sample-site.ts";

// The small fixture in English and Spanish: routes, alternates, switcher, localized links and
// formats; and a one-language site without any trace of languages.
let dir: string;
let built: BuildResult;
/** What the fixture's files say there is: its towns, services and articles in each language. */
let towns: number;
let services: number;
let articles: { en: number; es: number };
/** Every English page: home, service areas, about, blog, 404, the two legal pages, each service, town and article. */
const englishPages = () => 5 + 2 + services + towns + articles.en;
const html = (outFile: string) => readFile(path.join(dir, "dist", outFile), "utf8");
/** The site's address without a trailing slash, as pages' URLs start. */
const siteUrl = () => built.site.siteUrl.replace(/\/$/, "");
const byPath = () => new Map(built.pages.map((page) => [page.path, page]));
const attr = (tag: string, name: string) => tag.match(new RegExp(`${name}="([^"]*)"`, "i"))?.[1];
const alternatesOf = (text: string) =>
  [...text.matchAll(/<link rel="alternate" hrefLang="[^"]*" href="[^"]*"\/>/g)].map(([tag]) => ({ hreflang: attr(tag, "hreflang")!, href: attr(tag, "href")! }));

beforeAll(async () => {
  dir = await copyFixture("small");
  const site = parse(await readFile(path.join(dir, "site.yaml"), "utf8")) as { cities: unknown[]; services: unknown[] };
  towns = site.cities.length;
  services = site.services.length;
  const markdown = async (folder: string) => (await readdir(path.join(dir, folder))).filter((file) => file.endsWith(".md")).length;
  articles = { en: await markdown("content/blog"), es: await markdown("content/es/blog") };
  built = await buildProject(dir);
}, 90_000);
afterAll(() => removeDir(dir));

describe("a site in two languages", () => {
  it("keeps every English address and builds the Spanish pages under /es/, legal pages left in English", () => {
    const english = built.pages.filter((page) => page.lang === "en").map((page) => page.path);
    const spanish = built.pages.filter((page) => page.lang === "es");
    expect(english).toHaveLength(englishPages());
    expect(english).toContain("/about");
    expect(english).toContain("/temecula-gopher-control");
    expect(spanish.map((page) => page.path)).toEqual(
      expect.arrayContaining(["/es", "/es/control-de-tuzas-residencial", "/es/control-de-tuzas-comercial", "/es/areas-de-servicio", "/es/nosotros", "/es/blog", "/es/control-de-tuzas-temecula", "/es/blog/garantia-de-60-dias-explicada", "/es/404"]),
    );
    expect(spanish.filter((page) => page.template === "city")).toHaveLength(towns);
    expect(articles.es).toBeGreaterThan(0);
    expect(spanish.filter((page) => page.template === "article")).toHaveLength(articles.es);
    expect(spanish.filter((page) => page.template === "legal")).toEqual([]);
    expect(byPath().get("/es/404")!.outFile).toBe("es/404.html");
    expect(byPath().get("/es")!.outFile).toBe("es.html");
  });

  it("links each page to its versions with reciprocal hreflang alternates and x-default, only between pages that exist", async () => {
    const pages = byPath();
    let linked = 0;
    for (const page of built.pages) {
      const alternates = alternatesOf(await html(page.outFile));
      if (page.template === "not-found" || page.template === "legal") {
        expect(alternates, page.path).toEqual([]);
        continue;
      }
      expect(alternates.map((link) => link.hreflang), page.path).toEqual(["en", "es", "x-default"]);
      expect(alternates.find((link) => link.hreflang === page.lang)!.href, page.path).toBe(page.head.canonical);
      for (const link of alternates) {
        const target = pages.get(link.href.slice(siteUrl().length) || "/");
        expect(target, `${page.path} -> ${link.href}`).toBeDefined();
        // Reciprocal: the other version lists this page too.
        expect(alternatesOf(await html(target!.outFile)), `${link.href} back to ${page.path}`).toContainEqual({ hreflang: page.lang, href: page.head.canonical });
      }
      expect(alternates.at(-1)!.href).toBe(alternates[0]!.href);
      linked++;
    }
    // Each language: every page but the 404 page, and (in English) the two legal pages.
    const spanishPages = englishPages() - 2 - articles.en + articles.es;
    expect(linked).toBe(englishPages() - 1 - 2 + (spanishPages - 1));
  });

  it("lists the alternates in the sitemap", async () => {
    const sitemap = await html("sitemap.xml");
    expect(sitemap).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(sitemap).toContain(
      `<url><loc>${siteUrl()}/es/nosotros</loc><xhtml:link rel="alternate" hreflang="en" href="${siteUrl()}/about"/>`,
    );
    expect(sitemap).not.toContain("/es/404");
  });

  it("switches to the same page in the other language, or to its home when there is none", async () => {
    const switcher = async (outFile: string) =>
      [...(await html(outFile)).matchAll(/<nav class="language-switcher"[^>]*>(.*?)<\/nav>/g)].flatMap(([, list]) =>
        [...list!.matchAll(/<a [^>]*>/g)].map(([tag]) => ({ lang: attr(tag, "lang"), hreflang: attr(tag, "hreflang"), href: attr(tag, "href") })),
      );
    expect(await switcher("about.html")).toEqual([{ lang: "es", hreflang: "es", href: "/es/nosotros" }]);
    expect(await switcher("es/nosotros.html")).toEqual([{ lang: "en", hreflang: "en", href: "/about" }]);
    expect(await switcher("es/control-de-tuzas-temecula.html")).toEqual([{ lang: "en", hreflang: "en", href: "/temecula-gopher-control" }]);
    expect(await switcher("privacy-policy.html")).toEqual([{ lang: "es", hreflang: "es", href: "/es" }]);
    expect(await switcher("es/404.html")).toEqual([{ lang: "en", hreflang: "en", href: "/" }]);
    expect((await html("es/nosotros.html")).match(/<nav class="language-switcher" aria-label="([^"]*)"/)![1]).toBe("Idioma");
  });

  it("writes Spanish pages in Spanish: lang, og:locale, links to Spanish pages, dates, structured data", async () => {
    const article = await html("es/blog/garantia-de-60-dias-explicada.html");
    expect(article).toMatch(/^<!DOCTYPE html><html lang="es">/);
    expect(article).toContain('<meta property="og:locale" content="es_US"/><meta property="og:locale:alternate" content="en_US"/>');
    expect(article).toContain(">18 de octubre de 2025</time>");
    expect(article).toContain('"inLanguage":"es-US"');
    expect(article).toContain(`"item":"${siteUrl()}/es/blog"`);
    expect(await html("blog/60-day-warranty-explained.html")).toContain(">October 18, 2025</time>");

    // Customers' quotes stay in their own words, marked as English for screen readers.
    const home = await html("es.html");
    const quotes = [...home.matchAll(/<figure class="testimonial[^"]*"([^>]*)>/g)].map(([, rest]) => rest);
    expect(quotes.length).toBeGreaterThanOrEqual(2);
    expect(quotes.every((rest) => rest === ' lang="en"')).toBe(true);
    expect(await html("index.html")).not.toContain('<figure class="testimonial-card" lang=');

    // Every link of a Spanish page stays in Spanish but the legal pages (English only, said in the
    // footer) and the switcher's, which names its language.
    const english = new Set(built.pages.filter((page) => page.lang === "en").map((page) => page.path));
    for (const page of built.pages.filter((each) => each.lang === "es")) {
      const text = await html(page.outFile);
      expect(text, page.path).toContain("Los textos legales están disponibles solo en inglés.");
      const toEnglish = [...text.matchAll(/<a ([^>]*)>/g)]
        .map(([, attrs]) => attrs!)
        .filter((attrs) => !/hreflang=/i.test(attrs))
        .map((attrs) => attr(attrs, "href")!.split(/[#?]/)[0]!)
        .filter((href) => english.has(href) && !["/privacy-policy", "/terms-of-service"].includes(href));
      expect(toEnglish, page.path).toEqual([]);
    }
  });

  it("describes the business and the share picture in the page's language, and names only the locales a page has", async () => {
    const home = await html("es.html");
    const business = JSON.parse(home.match(/<script type="application\/ld\+json">(\{"@context":"https:\/\/schema\.org","@type":"HomeAndConstructionBusiness".*?)<\/script>/)![1]!);
    expect(business.description).not.toBe(built.site.company.description);
    expect(business.description).toMatch(/tuzas/);
    expect(home).not.toContain(`content="${built.site.brand.shareImageAlt}"`);
    expect(await html("privacy-policy.html")).not.toContain("og:locale:alternate");
    expect(await html("about.html")).toContain('<meta property="og:locale:alternate" content="es_US"/>');
  });

  it("refuses two languages writing one file, naming the language's slugs to change", async () => {
    const settings = path.join(dir, "content/es/language.yaml");
    const original = await readFile(settings, "utf8");
    await writeFile(settings, original.replace("  about: nosotros", "  about: blog"));
    try {
      await expect(buildProject(dir, { out: path.join(dir, "dist-clash") })).rejects.toThrow("both /es/blog and /es/blog would be written here; change the slugs in content/es/language.yaml");
    } finally {
      await writeFile(settings, original);
    }
  });

  it("refuses a default-language page writing another language's file (an English legal page named es.md), naming both languages", async () => {
    const twin = path.join(dir, "content/legal/es.md");
    const terms = await readFile(path.join(dir, "content/legal/terms-of-service.md"), "utf8");
    await writeFile(twin, terms.replace(/^title: .*$/m, "title: Another title for the clash").replace(/^heading: .*$/m, "heading: Another heading"));
    try {
      await expect(buildProject(dir, { out: path.join(dir, "dist-clash") })).rejects.toThrow(
        "es.html  both /es (en) and /es (es) would be written here; rename the en page or change the slugs in content/es/language.yaml",
      );
    } finally {
      await rm(twin);
    }
  });

  it("gives each language its own script settings: the toast in Spanish", async () => {
    const script = (text: string) => text.match(/<script type="module" src="(\/assets\/site\.[^"]+\.js)"/)![1]!;
    const english = script(await html("index.html"));
    const spanish = script(await html("es.html"));
    expect(spanish).not.toBe(english);
    expect(await html(spanish.slice(1))).toContain("Un técnico le llamará muy pronto");
  });
});

describe("a one-language site", () => {
  it("has no trace of languages, with or without the list in site.yaml, and ignores an unlisted content folder", async () => {
    const config = path.join(dir, "site.yaml");
    const yaml = await readFile(config, "utf8");
    const withoutList = withoutLanguages(yaml).yaml;
    expect(withoutList).not.toContain("languages:");
    await writeFile(config, withoutList);
    const bare = await buildProject(dir, { out: path.join(dir, "dist-one") });
    await writeFile(config, withoutList.replace("\ndefaultLocation:", "\nlanguages:\n  - code: en\n    locale: en-US\n    name: English\ndefaultLocation:"));
    const listed = await buildProject(dir, { out: path.join(dir, "dist-listed") });
    await writeFile(config, yaml);

    expect(bare.pages).toHaveLength(englishPages());
    for (const page of bare.pages) {
      const one = await readFile(path.join(dir, "dist-one", page.outFile), "utf8");
      expect(one, page.path).not.toMatch(/hrefLang|og:locale|language-switcher|\/es\//);
      expect(await readFile(path.join(dir, "dist-listed", page.outFile), "utf8"), page.path).toBe(one);
    }
    expect(await readFile(path.join(dir, "dist-one", "sitemap.xml"), "utf8")).not.toContain("xhtml");
    // The switcher's styles come only with a second language: the stylesheet is site.css alone.
    const stylesheet = (files: BuildResult) => String(files.files.find((file) => file.path.endsWith(".css"))!.data);
    expect(stylesheet(bare)).not.toContain("language-switcher");
    expect(stylesheet(built)).toContain("language-switcher");
    expect(listed.pages).toHaveLength(englishPages());
    await rm(path.join(dir, "dist-one"), { recursive: true });
  }, 90_000);
});
