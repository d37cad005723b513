import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config/load-config.ts";
import type { Site } from "../../src/config/schema.ts";
import { cspDirectives } from "../../src/hosting/csp.ts";
import { problemLines } from "../helpers/problems.ts";
import { ROOT } from "../helpers/sample-data.ts";

const SAMPLE_YAML = readFileSync(path.join(ROOT, "site.yaml"), "utf8");
const ANALYTICS_BLOCK = /  analytics:\n(?: {4}.*\n|\s*\n)*/;

/** The sample's site.yaml with its `integrations.analytics` block replaced by `block`. */
function withAnalytics(block: string): Site {
  expect(SAMPLE_YAML).toMatch(ANALYTICS_BLOCK);
  return parseConfig(SAMPLE_YAML.replace(ANALYTICS_BLOCK, block), "site.yaml").site;
}

const policy = (site: Site) => Object.fromEntries(cspDirectives(site));
const container = (lines: string) => `  analytics:\n    containerId: GTM-ABCD123\n${lines}`;

describe("the Content-Security-Policy for the tag manager", () => {
  it("allows what Google documents for the sample container's GA4 and Google Ads conversions and remarketing", () => {
    const sample = parseConfig(SAMPLE_YAML, "site.yaml").site;
    expect(sample.integrations.analytics!.runs).toEqual(["ga4", "google-ads"]);
    const csp = policy(sample);
    for (const origin of ["https://www.googleadservices.com", "https://googleads.g.doubleclick.net", "https://www.google.com"]) {
      expect(csp["img-src"], origin).toContain(origin);
      expect(csp["connect-src"], origin).toContain(origin);
      expect(csp["script-src"], origin).toContain(origin);
    }
    expect(csp["frame-src"]).toContain("https://td.doubleclick.net");
    // GA4's regional hosts (region1.google-analytics.com, region1.analytics.google.com).
    expect(csp["connect-src"]).toEqual(expect.arrayContaining(["https://*.google-analytics.com", "https://*.analytics.google.com"]));
    expect(csp["img-src"]).not.toContain("https://ad.doubleclick.net");
    expect(Object.values(csp).flat().filter((source) => /unsafe-(eval|inline)/.test(source))).toEqual(["'unsafe-inline'"]);
    expect(csp["style-src"]).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it("follows what the container runs: Floodlight's counters and frames only when it is listed", () => {
    const gaOnly = policy(withAnalytics(container("    advertising: false\n    runs: [ga4]\n")));
    const all = policy(withAnalytics(container("    runs: [ga4, google-ads, floodlight]\n")));
    expect(gaOnly["img-src"]).toEqual(["'self'", "data:", "https://www.googletagmanager.com", "https://*.google-analytics.com", "https://*.googletagmanager.com"]);
    expect(gaOnly["frame-src"]!.join(" ")).not.toMatch(/doubleclick/);
    expect(Object.values(gaOnly).flat().join(" ")).not.toMatch(/googleadservices|doubleclick/);
    expect(all["img-src"]).toEqual(expect.arrayContaining(["https://ad.doubleclick.net", "https://ade.googlesyndication.com", "https://www.googleadservices.com"]));
    expect(all["frame-src"]).toEqual(expect.arrayContaining(["https://*.fls.doubleclick.net", "https://td.doubleclick.net"]));
  });

  it("runs GA4 and Google Ads when only a container is named, GA4 alone with advertising: false", () => {
    expect(withAnalytics(container("")).integrations.analytics!.runs).toEqual(["ga4", "google-ads"]);
    expect(withAnalytics(container("    advertising: false\n")).integrations.analytics!.runs).toEqual(["ga4"]);
  });

  it("adds the owner's origins for other tags to their directives only", () => {
    const csp = policy(
      withAnalytics(
        container(
          "    otherOrigins:\n      script-src: [https://connect.facebook.net]\n      img-src: [https://*.facebook.com]\n      connect-src: [https://px.ads.linkedin.com]\n      frame-src: [https://www.youtube-nocookie.com]\n",
        ),
      ),
    );
    expect(csp["script-src"]!.at(-1)).toBe("https://connect.facebook.net");
    expect(csp["img-src"]!.at(-1)).toBe("https://*.facebook.com");
    expect(csp["connect-src"]!.at(-1)).toBe("https://px.ads.linkedin.com");
    expect(csp["frame-src"]!.at(-1)).toBe("https://www.youtube-nocookie.com");
    expect(Object.entries(csp).filter(([, sources]) => sources.includes("https://connect.facebook.net")).map(([name]) => name)).toEqual(["script-src"]);
  });

  it("refuses an advertising tag with advertising: false, an unknown tag, and a source that is not an origin", () => {
    const lines = (block: string) => problemLines(() => withAnalytics(container(block)));
    expect(lines("    advertising: false\n    runs: [ga4, floodlight]\n")).toEqual([
      expect.stringMatching(
        /^site\.yaml:\d+:\d+  integrations\.analytics\.runs\.1  floodlight is an advertising tag: set integrations\.analytics\.advertising to true, or take floodlight out of runs$/,
      ),
    ]);
    expect(lines("    runs: [ga4, meta-pixel]\n")).toEqual([
      expect.stringMatching(/^site\.yaml:\d+:\d+  integrations\.analytics\.runs\.1  must be one of ga4, google-ads, floodlight$/),
    ]);
    const origins = lines("    otherOrigins:\n      img-src: [\"https://px.example.com/pixel\", \"'unsafe-eval'\", \"http://px.example.com\"]\n");
    expect(origins).toHaveLength(3);
    for (const [index, line] of origins.entries()) {
      expect(line).toMatch(new RegExp(`^site\\.yaml:\\d+:\\d+  integrations\\.analytics\\.otherOrigins\\.img-src\\.${index}  must be an https origin in lowercase, e\\.g\\. https://px\\.example\\.com or https://\\*\\.example\\.com \\(no path\\)$`));
    }
  });
});
