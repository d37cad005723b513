import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { chromeView } from "../../src/routes/site-views.ts";
import { renderPage } from "../../src/render/render-page.ts";
import * as templates from "../../templates/index.tsx";
import { ReviewBadge, Faq } from "../../templates/sections/blocks.tsx";
import { currentNavLink, Header } from "../../templates/sections/header.tsx";
import { loadSample, renderablePages } from "../helpers/sample-data.ts";

const sample = await loadSample();
const chrome = chromeView(sample.site, sample.copy, sample.chromeLanguage);
const pages = renderablePages(sample);
const assets = { stylesheet: "/assets/site.css", scripts: ["/assets/site.js"] };
const html = (element: Parameters<typeof renderToStaticMarkup>[0]) => renderToStaticMarkup(element);
const page = (path: string) => renderPage(templates, pages.find((p) => p.path === path)!, chrome, assets).html;

describe("templates", () => {
  it("marks the current page in the header, and Blog for every article", () => {
    const header = html(createElement(Header, { chrome, current: currentNavLink(chrome, "/blog/gopher-damage-costs") }));
    expect(header).toContain('<a href="/blog" aria-current="page">Blog</a>');
    expect(header.match(/aria-current/g)).toHaveLength(1);
    const about = html(createElement(Header, { chrome, current: currentNavLink(chrome, "/about") }));
    expect(html(createElement(Header, { chrome, current: currentNavLink(chrome, "/temecula-gopher-control") }))).not.toContain("aria-current");
    expect(about).toContain('<a href="/about" aria-current="page">About</a>');
    expect(about).toContain('<a href="/blog">Blog</a>');
  });

  it("renders the review badge exactly", () => {
    const badge = { claim: "100+ 5-Star Reviews", stars: 2, links: [{ label: "Read", href: "https://r.example/x?a=1&b=2" }] };
    expect(html(createElement(ReviewBadge, { badge }))).toBe(
      '<div class="review-badge"><svg class="stars" width="36" height="18" viewBox="0 0 48 24" aria-hidden="true"><path fill="currentColor" d="M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1-5.4-2.9-5.4 2.9 1-6.1-4.4-4.3 6.1-.9zm24 0l2.7 5.6 6.1.9-4.4 4.3 1 6.1-5.4-2.9-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z"></path></svg>' +
        '<strong>100+ 5-Star Reviews</strong>' +
        '<ul><li><a href="https://r.example/x?a=1&amp;b=2" rel="noopener" target="_blank">Read</a></li></ul></div>',
    );
  });

  it("renders the FAQ as native disclosure widgets that open without JavaScript", () => {
    const faq = html(createElement(Faq, { heading: "FAQ", items: [{ question: "Q1?", answer: "A1." }] }));
    expect(faq).toBe(
      '<section class="section" id="faq" aria-labelledby="faq-heading" data-reveal=""><div class="container">' +
        '<h2 id="faq-heading">FAQ</h2><div class="faq" data-accordion="">' +
        '<details class="faq-item" name="faq-items"><summary>Q1?</summary><p>A1.</p></details></div></div></section>',
    );
  });

  it("renders a whole city page with the spec's texts", () => {
    const temecula = page("/temecula-gopher-control");
    expect(temecula.startsWith("<!DOCTYPE html><html lang=\"en\">")).toBe(true);
    expect(temecula).toContain("<title>Temecula Gopher Control | Poison-Free Removal &amp; 60-Day Warranty</title>");
    expect(temecula).toContain('<link rel="canonical" href="https://www.gopherguard.example.com/temecula-gopher-control"/>');
    expect(temecula).toContain("<h1>Poison-Free Gopher Control in Temecula, CA — Fast Results, Guaranteed</h1>");
    expect(temecula).toContain(">Why Temecula Trusts Gopher Guard Family Trapping</h2>");
    expect(temecula).toContain(">Proudly Serving Temecula Neighborhoods</h2>");
    expect(temecula).toContain(">Our Proven 4-Step Gopher Control Process</h2>");
    expect(temecula).toContain(">What Your Neighbors Are Saying</h2>");
    expect(temecula).toContain(">We Also Serve Nearby Areas</h2>");
    for (const name of ["Redhawk", "Harveston", "Meadowview", "Paseo Del Sol", "Wolf Creek"]) expect(temecula).toContain(`<span>${name}</span>`);
    expect(temecula).toContain('<a href="/murrieta-gopher-control">Murrieta Gopher Control</a>');
    expect(temecula).toContain('href="tel:+19515550142"');
    // The number is kept whole on narrow screens: it sits in its own span.
    expect(temecula).toContain('Call Now <span class="phone-number">(951) 555-0142</span>');
    expect(temecula).toContain('href="/blog/60-day-warranty-explained"');
  });

  it("puts the closed call-back modal with the spec's texts on every page", () => {
    for (const path of ["/", "/about", "/404"]) {
      const doc = page(path);
      expect(doc).toMatch(/<dialog id="callback-request" class="modal"[^>]*data-callback-modal=""/);
      expect(doc).not.toMatch(/<dialog[^>]* open/);
      expect(doc).toContain("Request a Call-Back Today");
      expect(doc).toContain("We&#x27;ll call you within 30 minutes during business hours.");
      expect(doc).toContain("By submitting, you agree to receive a brief call or text about your service. Msg &amp; data rates may apply. Reply STOP to opt out.");
      expect(doc).toContain("Prefer to call now?");
      expect(doc).toContain('height="360"');
      expect(doc).toContain("CA DPR Pest Control Business License #");
      expect(doc).toContain("© 2025 Gopher Guard Family Trapping");
    }
  });

  it("renders the home page hero and the 404 page texts", () => {
    const home = page("/");
    expect(home).toContain("<h1>Gophers Gone in as Little as 2 Days</h1>");
    expect(home).toContain("Fast, poison-free trapping. Family-owned. Backed by our 60-Day Warranty.");
    expect(home).toContain(">Why Homeowners Choose Us</h2>");
    expect(home).toContain(">Cities We Serve</h2>");
    expect(home.match(/data-callback-open=""/g)!.length).toBeGreaterThanOrEqual(3);
    const notFound = page("/404");
    expect(notFound).toContain(">404</p>");
    expect(notFound).toContain("<h1>Oops! Page not found</h1>");
    expect(notFound).toContain('<a class="button button-primary" href="/">Return to Home</a>');
  });

  it("names the route and template when a template throws", () => {
    const broken = { ...templates, pages: { ...templates.pages, about: () => { throw new Error("boom"); } } };
    expect(() => renderPage(broken, pages.find((p) => p.path === "/about")!, chrome, assets)).toThrowError(
      "could not render /about with templates/pages/about.tsx: boom",
    );
  });
});
