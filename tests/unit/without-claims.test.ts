import { describe, expect, it } from "vitest";
import { clientSettings } from "../../src/assets/client-settings.ts";
import { siteFacts } from "../../src/content/placeholders.ts";
import { cspDirectives } from "../../src/hosting/csp.ts";
import { planRoutes } from "../../src/routes/plan-routes.ts";
import { chromeView } from "../../src/routes/site-views.ts";
import { localBusiness } from "../../src/seo/json-ld.ts";
import { loadSample } from "../helpers/sample-data.ts";

// A new company has no reviews, no lead provider, no review widget, no customer quotes and does
// not know its towns' neighbourhoods yet: its site says none of those things.
const sample = await loadSample();
const { reviews: _reviews, callbackMinutes: _callback, ...rest } = sample.site;
const { leadForm: _form, reviewsWidget: _widget, ...integrations } = sample.site.integrations;
const site = { ...rest, integrations, cities: sample.site.cities.map(({ businessListingUrl: _listing, ...city }) => ({ ...city, neighborhoods: [] })) };
const copy = { ...sample.copy, testimonials: { items: [] } };
const pages = planRoutes({ ...sample, site, copy, reviewClaim: undefined });
const page = (template: string) => pages.find((planned) => planned.template === template)!.page as { badge?: unknown; reviews?: unknown; neighborhoods?: string[] };

describe("a site without reviews, lead form, review widget or quotes", () => {
  it("has no review badge and no review section on any page", () => {
    const shown = pages.filter((planned) => ["home", "service", "city"].includes(planned.template));
    // The home page, both service pages and every city page.
    expect(shown.filter((planned) => planned.template === "service").length).toBe(2);
    for (const planned of shown) {
      const data = planned.page as { badge?: unknown; reviews?: unknown };
      expect(data.badge, planned.path).toBeUndefined();
      expect(data.reviews, planned.path).toBeUndefined();
    }
  });

  it("has no review claim, review count or call-back time for copy to name", () => {
    const facts = siteFacts(site);
    expect(Object.keys(facts)).not.toContain("reviewClaim");
    expect(Object.keys(facts)).not.toContain("reviewCount");
    expect(Object.keys(facts)).not.toContain("callbackMinutes");
  });

  it("has no lead form in the chrome or the scripts' settings, and allows no embed's origin", () => {
    const chrome = chromeView(site, copy, { locale: "en-US", footerLicenses: [] });
    expect(chrome.leadForm).toBeUndefined();
    expect(clientSettings(chrome)).not.toHaveProperty("form");
    const directives = Object.fromEntries(cspDirectives(site));
    // The tag manager's own origins and its tags' stay; no lead form's or reviews widget's.
    expect(Object.keys(site.integrations)).not.toContain("leadForm");
    expect(Object.keys(site.integrations)).not.toContain("reviewsWidget");
    const withEmbeds = Object.fromEntries(cspDirectives(sample.site));
    const embedOrigins = ["script-src", "frame-src", "connect-src"].flatMap((directive) => withEmbeds[directive]!.filter((source) => !/google|doubleclick|'self'|data:/.test(source)));
    expect(embedOrigins.length).toBeGreaterThan(0);
    for (const directive of ["script-src", "frame-src", "connect-src"]) {
      for (const source of embedOrigins) expect(directives[directive], directive).not.toContain(source);
    }
    expect(directives["frame-src"]).toContain("https://maps.google.com");
  });

  it("keeps a city's neighbourhoods empty and tells search engines of no review profile", () => {
    expect(page("city").neighborhoods).toEqual([]);
    const business = localBusiness({ site, siteUrl: site.siteUrl, image: "/share.png", logo: "/icon.png" });
    expect(business).not.toHaveProperty("sameAs");
    expect(business).not.toHaveProperty("aggregateRating");
  });
});
