import { describe, expect, it } from "vitest";
import { createLinkChecker } from "../../src/render/check-links.ts";

const SITE = "https://www.example.com";
const checker = () =>
  createLinkChecker({ paths: ["/", "/about", "/blog/post"], files: ["assets/a-480.x.avif", "assets/a-800.x.avif", "sitemap.xml", "assets/icon.png", "images/logo.svg"], siteUrl: SITE });
const page = (html: string) => ({ path: "/", outFile: "index.html", html });
const missing = (target: string) => ({ file: "index.html", message: `/ links to ${target}, which is not a page or file of the site` });

describe("the link checker", () => {
  it("checks every URL of a srcset", () => {
    const html = '<source srcset="/assets/a-480.x.avif 480w, /assets/a-800.x.avif 800w, /assets/a-1200.x.avif 1200w"/>';
    expect(checker().check(page(html))).toEqual([missing("/assets/a-1200.x.avif")]);
  });

  it("reads href, src, srcset and imagesrcset, and nothing else", () => {
    const html = [
      '<a href="/about?x=1&amp;y=2#team">ok</a><a href="/blog/post/">ok</a><img src="/images/logo.svg" alt=""/>',
      '<link rel="preload" as="image"\nimagesrcset="/assets/a-480.x.avif 480w, /gone-800.avif 800w"/>',
      '<a data-href="/not-a-link">x</a><a href="//cdn.example.net/x">x</a><a href="https://other.example/x">x</a><a href="#top">x</a>',
      '<a href="/gone?utm=1">x</a><img src="/gone.png" srcset="/gone.png 1x, /gone-2x.png 2x" alt=""/>',
    ].join("");
    expect(checker().check(page(html))).toEqual([missing("/gone-800.avif"), missing("/gone"), missing("/gone.png"), missing("/gone-2x.png")]);
  });

  it("checks absolute links to the site URL in pages and in generated files, not another host that starts like it", () => {
    const html = `<meta property="og:image" content="${SITE}/assets/gone.png"/><meta content="${SITE}.evil/x"/><script type="application/ld+json">{"url":"${SITE}/","logo":"${SITE}"}</script>`;
    const links = checker();
    const documents = [
      { path: "robots.txt", text: `Sitemap: ${SITE}/sitemap.xml\n` },
      { path: "site.webmanifest", text: '{"start_url": "/", "icons": [{"src": "/assets/icon.png"}, {"src": "/assets/missing.png"}]}' },
      { path: "sitemap.xml", text: `<loc>${SITE}/</loc><loc>${SITE}/nowhere</loc><loc>https://other.example/x</loc>` },
    ];
    expect([...links.check(page(html)), ...documents.flatMap((document) => links.checkDocument(document))]).toEqual([
      missing("/assets/gone.png"),
      { file: "site.webmanifest", message: "/site.webmanifest refers to /assets/missing.png, which is not a page or file of the site" },
      { file: "sitemap.xml", message: "/sitemap.xml refers to /nowhere, which is not a page or file of the site" },
    ]);
  });

  it("reports a missing target once per page, with its decoded path", () => {
    const html = '<a href="/caf%C3%A9">1</a><a href="/caf%C3%A9">2</a>';
    expect(checker().check(page(html))).toEqual([missing("/café")]);
  });

  it("names a broken link an owner wrote in a markdown file at its line and column there", () => {
    const source = "---\ntitle: Costs\n---\n\nSee [our prices](/pricing) and [us](/about).\n\n![A lawn](/images/lawn.jpg)\n";
    const html = '<p>See <a href="/pricing">our prices</a> and <a href="/about">us</a>.</p><p><img src="/images/lawn.jpg" alt="A lawn"/></p>';
    expect(checker().checkSource({ file: "content/blog/costs.md", source, html })).toEqual([
      { file: "content/blog/costs.md", line: 5, column: 18, message: "links to /pricing, which is not a page or file of the site" },
      { file: "content/blog/costs.md", line: 7, column: 11, message: "links to /images/lawn.jpg, which is not a page or file of the site" },
    ]);
  });

  it("names the line of the whole link, not of a longer one that starts like it, nor of the front matter", () => {
    const source = "---\ndescription: see /pricing\n---\n\nOur [old prices](/pricing-2024) page.\n\nSee [prices](/pricing).\n";
    const html = '<p>Our <a href="/pricing-2024">old prices</a> page.</p><p>See <a href="/pricing">prices</a>.</p>';
    const links = createLinkChecker({ paths: ["/pricing-2024"], files: [] });
    expect(links.checkSource({ file: "content/blog/costs.md", source, html })).toEqual([
      { file: "content/blog/costs.md", line: 7, column: 14, message: "links to /pricing, which is not a page or file of the site" },
    ]);
  });
});

