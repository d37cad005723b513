import { describe, expect, it } from "vitest";
import { widthsFor } from "../../src/assets/responsive-images.ts";
import { cspDirectives } from "../../src/hosting/csp.ts";
import { headersFile, headersFor, hostingHeaders } from "../../src/hosting/headers-file.ts";
import { renderPage } from "../../src/render/render-page.ts";
import { planRoutes } from "../../src/routes/plan-routes.ts";
import { chromeView } from "../../src/routes/site-views.ts";
import { atomFeed } from "../../src/seo/feed.ts";
import { breadcrumbList, jsonLdText, localBusiness } from "../../src/seo/json-ld.ts";
import { robotsTxt } from "../../src/seo/robots.ts";
import { sitemapEntries, sitemapXml } from "../../src/seo/sitemap.ts";
import * as templates from "../../templates/index.tsx";
import { loadSample, renderablePages } from "../helpers/sample-data.ts";

const sample = await loadSample();
const SITE = "https://www.gopherguard.example.com";
const ATTACK = "</script><script>alert(1)</script>";

/** The JSON-LD blocks of an HTML document, parsed. */
function jsonLdBlocks(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!));
}

describe("JSON-LD", () => {
  it("cannot be broken out of: < > & are written as \\u escapes and parse back to the text", () => {
    const text = jsonLdText({ name: `A & B ${ATTACK}` });
    expect(text).toBe('{"name":"A \\u0026 B \\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e"}');
    expect(JSON.parse(text)).toEqual({ name: `A & B ${ATTACK}` });
  });

  it("keeps a city and a company named </script><script> inside their script elements on a rendered page", () => {
    const site = {
      ...sample.site,
      company: { ...sample.site.company, name: `Gophers ${ATTACK}` },
      cities: sample.site.cities.map((city) => (city.slug === "temecula" ? { ...city, name: `Temecula ${ATTACK}` } : city)),
    };
    const pages = renderablePages({ ...sample, site });
    const assets = { stylesheet: "/assets/site.css", scripts: ["/assets/site.js"] };
    const render = (path: string) => renderPage(templates, pages.find((page) => page.path === path)!, chromeView(site, sample.copy, sample.chromeLanguage), assets).html;

    const serviceAreas = render("/service-areas");
    // The page's own script elements only: one module and the two JSON-LD blocks.
    expect(serviceAreas.match(/<script/g)).toHaveLength(3);
    const [business] = jsonLdBlocks(serviceAreas);
    expect(business!.name).toBe(`Gophers ${ATTACK}`);
    expect(business!.areaServed).toContainEqual({ "@type": "City", name: `Temecula ${ATTACK}, CA` });

    const city = render("/temecula-gopher-control");
    expect(city.match(/<script/g)).toHaveLength(2);
    const [breadcrumb] = jsonLdBlocks(city);
    expect((breadcrumb!.itemListElement as Array<{ name: string }>)[2]!.name).toBe(`Temecula ${ATTACK} Gopher Control`);
  });

  it("describes each service page's service: its name and description, provided by the business in every town served", () => {
    const pages = renderablePages(sample).filter((page) => page.template === "service");
    expect(pages.map((page) => page.path)).toEqual(["/residential-gopher-control", "/commercial-gopher-control"]);
    for (const page of pages) {
      const blocks = page.head.structuredData.map((text) => JSON.parse(text) as Record<string, unknown>);
      expect(blocks).toHaveLength(1);
      expect(blocks[0]).toEqual({
        "@context": "https://schema.org",
        "@type": "Service",
        name: page.template === "service" ? page.page.copy.name : "",
        description: page.head.description,
        url: `${SITE}${page.path}`,
        provider: { "@type": "HomeAndConstructionBusiness", "@id": `${SITE}/#business`, name: "Gopher Guard Family Trapping", url: `${SITE}/` },
        areaServed: sample.site.cities.map((city) => ({ "@type": "City", name: `${city.name}, CA` })),
      });
    }
    expect(pages.map((page) => (page.template === "service" ? page.page.copy.name : ""))).toEqual(["Residential", "Commercial"]);
  });

  it("describes the business from site.yaml, with hours and a rating only when configured", () => {
    const options = { siteUrl: SITE, image: `${SITE}/share.png`, logo: `${SITE}/icon.png` };
    const business = localBusiness({ site: sample.site, ...options });
    expect(business).toMatchObject({
      "@type": "HomeAndConstructionBusiness",
      "@id": `${SITE}/#business`,
      name: "Gopher Guard Family Trapping",
      telephone: "+19515550142",
      email: "office@gopherguard.example.com",
      address: { "@type": "PostalAddress", addressLocality: "Winchester", addressRegion: "CA", postalCode: "92596", addressCountry: "US" },
      geo: { "@type": "GeoCoordinates", latitude: 33.7069, longitude: -117.0845 },
      sameAs: ["https://www.yelp.com/biz/gopher-guard-family-trapping-winchester", expect.stringContaining("https://")],
    });
    expect(business.areaServed).toHaveLength(28);
    expect(business).not.toHaveProperty("openingHoursSpecification");
    expect(business).not.toHaveProperty("aggregateRating");

    const configured = localBusiness({
      site: {
        ...sample.site,
        openingHours: [{ days: ["Monday", "Friday"], opens: "07:00", closes: "18:00" }],
        reviews: { ...sample.site.reviews!, rating: { average: 4.9, count: 112 } },
      },
      ...options,
    });
    expect(configured.openingHoursSpecification).toEqual([
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["Monday", "Friday"], opens: "07:00", closes: "18:00" },
    ]);
    expect(configured.aggregateRating).toEqual({ "@type": "AggregateRating", ratingValue: 4.9, ratingCount: 112, bestRating: 5, worstRating: 1 });
  });

  it("numbers breadcrumbs from 1 with absolute URLs", () => {
    expect(breadcrumbList([{ label: "Home", href: "/" }, { label: "Terms", href: "/terms-of-service" }], `${SITE}/`)).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: `${SITE}/` },
        { "@type": "ListItem", position: 2, name: "Terms", item: `${SITE}/terms-of-service` },
      ],
    });
  });
});

describe("sitemap, robots.txt and feed", () => {
  it("lists every page but the 404 at the --site-url address, with dates where the content has them", () => {
    const pages = planRoutes({ ...sample, siteUrl: "https://gophers.example.org" });
    const entries = sitemapEntries(pages);
    expect(entries).toHaveLength(44);
    expect(entries.every((entry) => entry.url.startsWith("https://gophers.example.org/"))).toBe(true);
    expect(entries.map((entry) => entry.url)).not.toContain("https://gophers.example.org/404");
    expect(entries).toContainEqual({ url: "https://gophers.example.org/blog/60-day-warranty-explained", lastModified: "2025-10-18" });
    expect(entries).toContainEqual({ url: "https://gophers.example.org/privacy-policy", lastModified: "2025-10-13" });
    expect(sitemapXml([{ url: "https://x.example/a?b=1&c=2" }, { url: "https://x.example/", lastModified: "2025-01-02" }])).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        "  <url><loc>https://x.example/a?b=1&amp;c=2</loc></url>\n" +
        "  <url><loc>https://x.example/</loc><lastmod>2025-01-02</lastmod></url>\n</urlset>\n",
    );
    expect(robotsTxt("https://x.example/sitemap.xml")).toBe("User-agent: *\nAllow: /\n\nSitemap: https://x.example/sitemap.xml\n");
  });

  it("writes an Atom feed, newest first, with every text escaped", () => {
    const [older, newer] = [sample.articles[0]!, sample.articles[1]!].map((article, index) => ({
      ...article,
      title: index ? "Gophers & <you>" : article.title,
      date: index ? "2025-10-18" : "2025-10-17",
    }));
    const feed = atomFeed({
      title: "Blog",
      subtitle: "Tips",
      author: "Gopher Guard",
      feedUrl: `${SITE}/blog/feed.xml`,
      blogUrl: `${SITE}/blog`,
      siteUrl: `${SITE}/`,
      entries: [older!, newer!].map((article) => ({ article, url: `${SITE}/blog/${article.slug}` })),
    });
    expect(feed).toContain("<updated>2025-10-18T00:00:00Z</updated>");
    expect(feed).toContain("<title>Gophers &amp; &lt;you&gt;</title>");
    expect(feed.indexOf(newer!.slug)).toBeLessThan(feed.indexOf(older!.slug));
    expect(feed.match(/<entry>/g)).toHaveLength(2);
    expect(feed).not.toMatch(/<content type="html"><p>/);
  });
});

describe("hosting headers", () => {
  it("allows scripts and frames only from the site and the integrations in site.yaml", () => {
    const csp = Object.fromEntries(cspDirectives(sample.site));
    // The tag manager's part: what Google documents for the tags site.yaml says the container runs (tests/unit/csp.test.ts).
    expect(csp["script-src"]!.slice(0, 4)).toEqual(["'self'", "https://link.msgsndr.com", "https://reputationhub.site", "https://www.googletagmanager.com"]);
    expect(csp["frame-src"]!.slice(0, 6)).toEqual([
      "https://api.leadconnectorhq.com",
      "https://link.msgsndr.com",
      "https://link.gohighlevel.com",
      "https://msgsndr.com",
      "https://reputationhub.site",
      "https://maps.google.com",
    ]);
    expect(csp["frame-ancestors"]).toEqual(["'none'"]);
    expect(Object.values(csp).flat().filter((source) => source.includes("unsafe-eval"))).toEqual([]);

    const { analytics: _analytics, ...integrations } = sample.site.integrations;
    const withoutAnalytics = Object.fromEntries(cspDirectives({ ...sample.site, integrations }));
    expect(Object.values(withoutAnalytics).flat().join(" ")).not.toMatch(/googletagmanager|analytics|doubleclick|googleadservices|www\.google\.com/);
  });

  it("writes _headers with security headers everywhere and immutable caching for /assets/*", () => {
    const rules = hostingHeaders(sample.site);
    const file = headersFile(rules);
    expect(file).toMatch(/^\/\*\n {2}Content-Security-Policy: default-src 'self'; script-src 'self' https:/m);
    expect(file).toContain("\n/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n");
    expect(file).toContain("  Permissions-Policy: geolocation=(self),");
    expect(headersFor(rules, "/assets/site.Ab12Cd34Ef.css")["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(headersFor(rules, "/about")).not.toHaveProperty("cache-control");
    expect(headersFor(rules, "/about")["x-content-type-options"]).toBe("nosniff");
  });
});

describe("responsive image widths", () => {
  it("makes the standard widths below the source's, then the source's own, at most 2400", () => {
    expect(widthsFor(300)).toEqual([300]);
    expect(widthsFor(1000)).toEqual([480, 800, 1000]);
    expect(widthsFor(1200)).toEqual([480, 800, 1200]);
    expect(widthsFor(4000)).toEqual([480, 800, 1200, 1600, 2400]);
  });
});
