import { ownLeadForm } from "../config/own-form.ts";
import type { Site } from "../config/schema.ts";
import { GOOGLE_TAG_SOURCES, TAG_MANAGER, type TagDirective } from "./google-tags.ts";

/** Where Cloudflare Turnstile's script and widget come from. */
const TURNSTILE_ORIGIN = "https://challenges.cloudflare.com";

/** Each directive with its sources, in the order they are written. */
export type CspDirectives = Array<[directive: string, sources: string[]]>;

/**
 * The Content-Security-Policy: the site itself plus exactly the third parties site.yaml
 * configures; for the tag manager, what Google documents for the tags its container runs
 * (`analytics.runs`) and the owner's `otherOrigins`. Scripts only from files (no 'unsafe-inline',
 * no eval): the site has no inline script, and JSON-LD blocks are data, which CSP does not block.
 * Inline styles are allowed because the lead-form and reviews embeds size their frames with style
 * attributes, and a style cannot run code.
 */
export function cspDirectives(site: Site): CspDirectives {
  const { leadForm, reviewsWidget, map, analytics } = site.integrations;
  const origin = (url: string) => new URL(url).origin;
  const tags = (directive: TagDirective): string[] =>
    analytics
      ? [TAG_MANAGER, ...analytics.runs.map((tag) => GOOGLE_TAG_SOURCES[tag]), analytics.otherOrigins].flatMap((sources) => sources[directive] ?? [])
      : [];
  // Each embed's origins only when the site has it.
  const leadOrigins = leadForm ? [origin(leadForm.widgetUrl), origin(leadForm.embedScriptUrl), ...leadForm.allowedOrigins.map(origin)] : [];
  const leadScript = leadForm ? [origin(leadForm.embedScriptUrl)] : [];
  const reviewScript = reviewsWidget ? [origin(reviewsWidget.scriptUrl)] : [];
  const reviewFrame = reviewsWidget ? [origin(reviewsWidget.iframeUrl)] : [];
  // Cloudflare Turnstile's script and its frame, as Cloudflare documents, on the own form only.
  const turnstile = ownLeadForm(site)?.turnstile ? [TURNSTILE_ORIGIN] : [];
  const unique = (sources: string[]) => [...new Set(sources)];
  return [
    ["default-src", ["'self'"]],
    ["script-src", unique(["'self'", ...leadScript, ...reviewScript, ...turnstile, ...tags("script-src")])],
    ["style-src", ["'self'", "'unsafe-inline'"]],
    ["img-src", unique(["'self'", "data:", ...tags("img-src")])],
    ["font-src", ["'self'"]],
    ["connect-src", unique(["'self'", ...leadOrigins, ...reviewScript, ...tags("connect-src")])],
    ["frame-src", unique([...leadOrigins, ...reviewFrame, ...turnstile, origin(map.embedUrl), ...tags("frame-src")])],
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
