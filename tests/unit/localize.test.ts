import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { renderMarkdown } from "../../src/content/markdown.ts";
import { convertMarkdown } from "../../src/content/markdown-convert.ts";
import { createReuseStore } from "../../src/render/reuse.ts";
import { renderPage } from "../../src/render/render-page.ts";
import { localizer } from "../../src/routes/languages.ts";
import type { PageData } from "../../src/routes/page-props.ts";
import { chromeView } from "../../src/routes/site-views.ts";
import * as templates from "../../templates/index.tsx";
import { FeatureCards } from "../../templates/sections/blocks.tsx";
import { LocalizeContext, MarkdownBody, useLocalize } from "../../templates/sections/localize.tsx";
import { Reuse, ReuseContext } from "../../templates/sections/reuse.tsx";
import { loadSample, renderablePages } from "../helpers/sample-data.ts";

// Templates write each link to a page of the site through the page's language's localize: the
// rendered HTML is final, nothing rewrites it afterwards.
const spanish = localizer(
  new Map([
    ["/", "/es"],
    ["/about", "/es/nosotros"],
    ["/blog/60-day-warranty-explained", "/es/blog/garantia-de-60-dias"],
  ]),
);

describe("localizer", () => {
  it("points a link at the language's page, keeps its #part and ?query, and leaves everything else as written", () => {
    expect(["/", "/about#team", "/about?a=1", "/about/", "/privacy-policy", "/assets/site.css", "https://example.com/about", "#main", "tel:+1"].map(spanish)).toEqual([
      "/es",
      "/es/nosotros#team",
      "/es/nosotros?a=1",
      "/about/",
      "/privacy-policy",
      "/assets/site.css",
      "https://example.com/about",
      "#main",
      "tel:+1",
    ]);
  });
});

describe("templates write localized links", () => {
  it("a section under a Spanish localize writes the Spanish address", () => {
    const cards = [{ icon: "badge", title: "Sobre nosotros", text: "Quiénes somos.", href: "/about#team" }] as Parameters<typeof FeatureCards>[0]["cards"];
    expect(renderToStaticMarkup(h(LocalizeContext.Provider, { value: spanish }, h(FeatureCards, { cards })))).toContain('<h3><a href="/es/nosotros#team">Sobre nosotros</a></h3>');
    expect(renderToStaticMarkup(h(FeatureCards, { cards }))).toContain('<h3><a href="/about#team">Sobre nosotros</a></h3>');
  });

  it("a markdown body's links to the site's pages, and only those", () => {
    const body = "See [the warranty](/blog/60-day-warranty-explained#terms), [us](/about \"About\") or [a friend](https://example.com/about).\n";
    const { html } = renderMarkdown({ file: "x.md", body, firstLine: 1, facts: {}, converted: convertMarkdown(body) });
    expect(renderToStaticMarkup(h(LocalizeContext.Provider, { value: spanish }, h(MarkdownBody, { className: "prose", html })))).toBe(
      '<div class="prose"><p>See <a href="/es/blog/garantia-de-60-dias#terms">the warranty</a>, <a href="/es/nosotros" title="About">us</a> or <a href="https://example.com/about">a friend</a>.</p>\n</div>',
    );
    expect(html.join("")).toBe(
      '<p>See <a href="/blog/60-day-warranty-explained#terms">the warranty</a>, <a href="/about" title="About">us</a> or <a href="https://example.com/about">a friend</a>.</p>\n',
    );
  });

  it("a block in <Reuse> is rendered once per language: the same props under another localize are another block", () => {
    const store = createReuseStore();
    const Linked = () => h("a", { href: useLocalize()("/about") }, "about");
    const render = (localize?: (href: string) => string) => {
      const block = h(Reuse<object>, { component: Linked, props: {} });
      const tree = h(ReuseContext.Provider, { value: store.registry }, localize ? h(LocalizeContext.Provider, { value: localize }, block) : block);
      return store.fill(renderToStaticMarkup(tree)).html;
    };
    expect(render()).toBe('<a href="/about">about</a>');
    expect(render(spanish)).toBe('<a href="/es/nosotros">about</a>');
    expect(render()).toBe('<a href="/about">about</a>');
  });
});

const sample = await loadSample();
const chrome = chromeView(sample.site, sample.copy, sample.chromeLanguage);
const assets = { stylesheet: "/assets/site.css", scripts: ["/assets/site.js"] };
const about = renderablePages(sample).find((page) => page.path === "/about")!;

describe("a page of another language", () => {
  it("has the header, footer and page links in its language, as rendered", () => {
    const html = renderPage(templates, about, chrome, assets, createReuseStore(), spanish).html;
    expect(html).toContain('<a class="brand" href="/es">');
    expect(html).toContain('<a class="brand brand-footer" href="/es">');
    expect(html).toContain('<a class="text-link" href="/es/blog/garantia-de-60-dias">');
    expect(html).toContain('<a href="/es/nosotros" aria-current="page">');
    expect(html).not.toMatch(/href="\/about"/);
  });

  it("has its own switcher, rendered from the page's data, while the header around it is reused", () => {
    const store = createReuseStore();
    const withSwitcher = (href: string): PageData => ({ ...about, head: { ...about.head, languages: { alternates: [], localeAlternates: [], switcher: [{ code: "es", name: "Español", href }] } } }) as PageData;
    const first = renderPage(templates, withSwitcher("/es/nosotros"), chrome, assets, store).html;
    const second = renderPage(templates, withSwitcher("/es/otra"), chrome, assets, store).html;
    expect(first).toContain('<a hrefLang="es" href="/es/nosotros" lang="es">');
    expect(second).toContain('<a hrefLang="es" href="/es/otra" lang="es">');
    expect(second).not.toContain("/es/nosotros");
  });
});
