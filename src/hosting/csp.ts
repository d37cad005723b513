import type { Site } from "../config/schema.ts";

/** Where a Google tag-manager container loads its tags and sends hits (Google's documented CSP for GTM and GA4). */
const TAG_MANAGER = {
  script: ["https://www.googletagmanager.com"],
  img: ["https://www.googletagmanager.com", "https://*.google-analytics.com"],
  connect: ["https://www.googletagmanager.com", "https://*.google-analytics.com", "https://*.analytics.google.com"],
};

/** Each directive with its sources, in the order they are written. */
export type CspDirectives = Array<[directive: string, sources: string[]]>;

/**
 * The Content-Security-Policy: the site itself plus exactly the third parties site.yaml
 * configures. Scripts only from files (no 'unsafe-inline', no eval): the site has no inline
 * script, and JSON-LD blocks are data, which CSP does not block. Inline styles are allowed
 * because the lead-form and reviews embeds size their frames with style attributes, and a style
 * cannot run code.
 */
export function cspDirectives(site: Site): CspDirectives {
  const { leadForm, reviewsWidget, map, analytics } = site.integrations;
  const origin = (url: string) => new URL(url).origin;
  const tags = analytics ? TAG_MANAGER : { script: [], img: [], connect: [] };
  // Each embed's origins only when the site has it.
  const leadOrigins = leadForm ? [origin(leadForm.widgetUrl), origin(leadForm.embedScriptUrl), ...leadForm.allowedOrigins.map(origin)] : [];
  const leadScript = leadForm ? [origin(leadForm.embedScriptUrl)] : [];
  const reviewScript = reviewsWidget ? [origin(reviewsWidget.scriptUrl)] : [];
  const reviewFrame = reviewsWidget ? [origin(reviewsWidget.iframeUrl)] : [];
  const unique = (sources: string[]) => [...new Set(sources)];
  return [
    ["default-src", ["'self'"]],
    ["script-src", unique(["'self'", ...leadScript, ...reviewScript, ...tags.script])],
    ["style-src", ["'self'", "'unsafe-inline'"]],
    ["img-src", unique(["'self'", "data:", ...tags.img])],
    ["font-src", ["'self'"]],
    ["connect-src", unique(["'self'", ...leadOrigins, ...reviewScript, ...tags.connect])],
    ["frame-src", unique([...leadOrigins, ...reviewFrame, origin(map.embedUrl)])],
    ["manifest-src", ["'self'"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'self'"]],
    ["form-action", ["'self'"]],
    // Only a response header can forbid framing: a <meta> CSP ignores frame-ancestors.
    ["frame-ancestors", ["'none'"]],
    ["upgrade-insecure-requests", []],
  ];
}

/** The policy as one header value. */
export function cspHeader(directives: CspDirectives): string {
  return directives.map(([name, sources]) => [name, ...sources].join(" ")).join("; ");
}
