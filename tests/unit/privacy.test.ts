import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { clientSettings } from "../../src/assets/client-settings.ts";
import { parseConfig } from "../../src/config/load-config.ts";
import type { Site } from "../../src/config/schema.ts";
import { selectConditionalBlocks } from "../../src/content/conditional-blocks.ts";
import { loadDocuments } from "../../src/content/load-documents.ts";
import { renderMarkdown } from "../../src/content/markdown.ts";
import { convertMarkdown } from "../../src/content/markdown-convert.ts";
import { problemLines } from "../helpers/problems.ts";
import { planRoutes } from "../../src/routes/plan-routes.ts";
import { consentDefaults, documentConditions, privacyChoicesSection } from "../../src/routes/privacy.ts";
import { chromeView } from "../../src/routes/site-views.ts";
import { advertisingAllowed, consentSignals } from "../../templates/client/consent.ts";
import { statusKey } from "../../templates/client/privacy-choices.ts";
import { loadSample, ROOT } from "../helpers/sample-data.ts";

const sample = await loadSample();
const SAMPLE_YAML = readFileSync(path.join(ROOT, "site.yaml"), "utf8");
const ANALYTICS_BLOCK = /  analytics:\n(?: {4}.*\n|\s*\n)*/;

/** The sample's site.yaml with its `integrations.analytics` block replaced by `block` (YAML lines, or "" to leave it out). */
function withAnalytics(block: string): Site {
  expect(SAMPLE_YAML).toMatch(ANALYTICS_BLOCK);
  return parseConfig(SAMPLE_YAML.replace(ANALYTICS_BLOCK, block), "site.yaml").site;
}

function problemsOf(block: string): string[] {
  return problemLines(() => withAnalytics(block));
}

describe("privacy settings in site.yaml", () => {
  it("assumes advertising tags and California's opt-out defaults when only a container is named", () => {
    const site = withAnalytics("  analytics:\n    containerId: GTM-ABCD123\n");
    expect(site.integrations.analytics).toEqual({
      containerId: "GTM-ABCD123",
      advertising: true,
      consent: { analytics: "granted", advertising: "granted" },
      runs: ["ga4", "google-ads"],
      otherOrigins: { "script-src": [], "img-src": [], "connect-src": [], "frame-src": [] },
    });
    expect(consentDefaults(site)).toEqual({ analytics: true, advertising: true, advertisingTags: true });
  });

  it("keeps advertising denied by default for opt-in owners, and always without advertising tags", () => {
    const optIn = withAnalytics("  analytics:\n    containerId: GTM-ABCD123\n    consent:\n      advertising: denied\n");
    expect(consentDefaults(optIn)).toEqual({ analytics: true, advertising: false, advertisingTags: true });
    const noAds = withAnalytics("  analytics:\n    containerId: GTM-ABCD123\n    advertising: false\n");
    expect(consentDefaults(noAds)).toEqual({ analytics: true, advertising: false, advertisingTags: false });
    expect(consentDefaults(withAnalytics(""))).toBeUndefined();
  });

  it("lets nothing stored in a browser grant advertising that site.yaml turns off", () => {
    for (const consent of ["granted", "denied"]) {
      const noAds = withAnalytics(`  analytics:\n    containerId: GTM-ABCD123\n    advertising: false\n    consent:\n      advertising: ${consent}\n`);
      for (const stored of [null, "granted", "denied", "junk"]) {
        expect(advertisingAllowed(consentDefaults(noAds)!, false, stored), `consent ${consent}, stored ${stored}`).toBe(false);
      }
    }
    // Opt-in is another thing: there the visitor's own "granted" counts.
    const optIn = withAnalytics("  analytics:\n    containerId: GTM-ABCD123\n    consent:\n      advertising: denied\n");
    expect(advertisingAllowed(consentDefaults(optIn)!, false, "granted")).toBe(true);
  });

  it("names the field of a consent value that is neither granted nor denied", () => {
    const problems = problemsOf("  analytics:\n    containerId: GTM-ABCD123\n    consent:\n      analytics: yes please\n");
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^site\.yaml:\d+:\d+  integrations\.analytics\.consent\.analytics  must be "granted" or "denied"$/);
  });

  it("writes the consent defaults into the client settings only with a tag manager", () => {
    expect(clientSettings(chromeView(sample.site, sample.copy, sample.chromeLanguage)).consent).toEqual({ analytics: true, advertising: true, advertisingTags: true });
    expect(clientSettings(chromeView(withAnalytics(""), sample.copy, sample.chromeLanguage))).not.toHaveProperty("consent");
  });
});

describe("Your Privacy Choices", () => {
  const footerLinks = (site: Site) => chromeView(site, sample.copy, sample.chromeLanguage).footerLegal.map((link) => link.href);

  it("is linked from the footer and shown on the privacy policy only where advertising tags run", () => {
    expect(footerLinks(sample.site)).toEqual(["/privacy-policy", "/terms-of-service", "/privacy-policy#your-privacy-choices"]);
    expect(footerLinks(withAnalytics("  analytics:\n    containerId: GTM-ABCD123\n    advertising: false\n"))).toEqual(["/privacy-policy", "/terms-of-service"]);
    expect(footerLinks(withAnalytics(""))).toEqual(["/privacy-policy", "/terms-of-service"]);

    const legal = planRoutes(sample).filter((page) => page.template === "legal");
    const sections = legal.map((page) => [page.path, page.template === "legal" && page.page.privacyChoices?.id]);
    expect(sections).toEqual([
      ["/privacy-policy", "your-privacy-choices"],
      ["/terms-of-service", undefined],
    ]);
    expect(privacyChoicesSection(withAnalytics(""), sample.copy, "/privacy-policy")).toBeUndefined();
  });
});

describe("advertising consent in the browser (pure parts)", () => {
  const optOut = { analytics: true, advertising: true, advertisingTags: true };
  const optIn = { analytics: true, advertising: false, advertisingTags: true };

  it("lets Global Privacy Control deny advertising whatever else was chosen", () => {
    for (const defaults of [optOut, optIn]) {
      for (const stored of [null, "granted", "denied", "junk"]) expect(advertisingAllowed(defaults, true, stored)).toBe(false);
    }
  });

  it("follows the visitor's stored choice, then the site's default", () => {
    expect(advertisingAllowed(optOut, false, null)).toBe(true);
    expect(advertisingAllowed(optOut, false, "denied")).toBe(false);
    expect(advertisingAllowed(optIn, false, null)).toBe(false);
    expect(advertisingAllowed(optIn, false, "granted")).toBe(true);
    expect(advertisingAllowed(optIn, false, "junk")).toBe(false);
  });

  it("tells an opt-out apart from advertising that is off until the visitor opts in", () => {
    expect(statusKey(true, false, true)).toBe("gpc");
    expect(statusKey(false, true, false)).toBe("allowed");
    expect(statusKey(false, false, true)).toBe("optedOut");
    expect(statusKey(false, false, false)).toBe("offByDefault");
  });

  it("maps the two choices to the four Consent Mode v2 signals", () => {
    expect(consentSignals(true, false)).toEqual({ ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied", analytics_storage: "granted" });
    expect(consentSignals(false, true)).toEqual({ ad_storage: "granted", ad_user_data: "granted", ad_personalization: "granted", analytics_storage: "denied" });
  });
});

describe("conditional blocks in legal documents", () => {
  const conditions = { advertising: true, analytics: false };

  it("keeps the blocks whose condition holds and drops the rest with their markers", () => {
    const body = ["Intro", "::: if advertising", "- ads", ":::", "::: if not advertising", "- no ads", ":::", "::: if analytics", "stats", ":::", "End"].join("\n");
    const selected = selectConditionalBlocks(body, conditions);
    expect(selected.problems).toEqual([]);
    expect(selected.body).toBe("Intro\n- ads\nEnd");
    expect(selected.lineMap).toEqual([0, 2, 10]);
  });

  it("reports unknown, nested, unclosed and stray markers with their lines in the file", () => {
    const body = ["::: if ads", ":::", "::: if advertising", "::: if not analytics", ":::", ":::", "::: else", "::: if analytics"].join("\n");
    expect(selectConditionalBlocks(body, conditions, 5).problems).toEqual([
      { line: 5, message: 'unknown condition "ads"; known: advertising, analytics' },
      { line: 8, message: '"::: if" blocks cannot be nested; close the block of line 7 with ":::" first' },
      { line: 10, message: '":::" closes no block; open one with "::: if name" or "::: if not name"' },
      { line: 11, message: 'write "::: if name", "::: if not name" or ":::" (known conditions: advertising, analytics)' },
      { line: 12, message: 'this "::: if" block is never closed; end it with a line ":::"' },
    ]);
  });

  it("locates a markdown problem after a dropped block on its own line of the file", () => {
    const selected = selectConditionalBlocks(["::: if analytics", "one", "two", ":::", "", "<b>bold</b>"].join("\n"), conditions, 10);
    const rendered = renderMarkdown({ file: "x.md", body: selected.body, firstLine: 10, facts: {}, converted: convertMarkdown(selected.body), lineMap: selected.lineMap });
    expect(rendered.problems.map((problem) => problem.line)).toEqual([15]);
  });

  it("makes the sample privacy policy say what is true of each site", async () => {
    const policy = async (site: Site) => {
      const { legal } = await loadDocuments({ contentDir: path.join(ROOT, "content"), displayDir: "content", facts: sample.facts, conditions: documentConditions(site) });
      return legal.find((doc) => doc.slug === "privacy-policy")!.html.join("");
    };
    const withAds = await policy(sample.site);
    expect(withAds).toContain("<h2>Selling and Sharing for Advertising</h2>");
    expect(withAds).toContain("Global Privacy Control (GPC) signal");
    expect(withAds).toContain('href="#your-privacy-choices"');
    expect(withAds).not.toContain("we do not share it for cross-context behavioral advertising");
    expect(withAds).not.toContain(":::");

    for (const site of [withAnalytics("  analytics:\n    containerId: GTM-ABCD123\n    advertising: false\n"), withAnalytics("")]) {
      const html = await policy(site);
      expect(html).toContain("We do not sell your personal information, and we do not share it for cross-context behavioral advertising.");
      expect(html).toContain("We run no advertising tags on our website.");
      expect(html).not.toContain("Selling and Sharing for Advertising");
      expect(html).not.toContain("your-privacy-choices");
      expect(html).not.toContain(":::");
    }
    expect(await policy(withAnalytics(""))).toContain("Our website uses no analytics tags of its own.");
  });
});
