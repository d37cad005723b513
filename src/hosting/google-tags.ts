import type { GoogleTag } from "../config/schema.ts";

/** The directives a tag needs sources in; every other directive stays the site's own. */
export type TagDirective = "script-src" | "img-src" | "connect-src" | "frame-src";

/** Sources for some of the four directives. */
export type TagSources = Partial<Record<TagDirective, readonly string[]>>;

/**
 * The container itself: gtm.js and what it loads and sends before any tag (Google's "Using Google
 * Tag Manager with a Content Security Policy"). Our own script inserts gtm.js by its address, so no
 * nonce is needed.
 */
export const TAG_MANAGER: TagSources = {
  "script-src": ["https://www.googletagmanager.com"],
  "img-src": ["https://www.googletagmanager.com"],
  "connect-src": ["https://www.googletagmanager.com", "https://www.google.com"],
};

/**
 * What each Google tag a container may run loads and where it sends hits, as Google's CSP guide for
 * Tag Manager lists them. The wildcards are Google's: GA4 sends to regional hosts such as
 * region1.google-analytics.com and region1.analytics.google.com. Google Ads also redirects
 * conversion pixels to a visitor's country domain of Google (www.google.co.uk, ...): those cannot
 * be listed in advance; an owner whose visitors come from elsewhere adds theirs in `otherOrigins`.
 */
export const GOOGLE_TAG_SOURCES: Readonly<Record<GoogleTag, TagSources>> = {
  ga4: {
    "script-src": ["https://*.googletagmanager.com"],
    "img-src": ["https://*.google-analytics.com", "https://*.googletagmanager.com"],
    "connect-src": ["https://*.google-analytics.com", "https://*.analytics.google.com", "https://*.googletagmanager.com"],
  },
  // Conversion tracking, conversion linker and remarketing.
  "google-ads": {
    "script-src": [
      "https://www.googleadservices.com",
      "https://www.google.com",
      "https://googleads.g.doubleclick.net",
      "https://pagead2.googlesyndication.com",
      "https://www.googletagmanager.com",
    ],
    "img-src": [
      "https://www.googleadservices.com",
      "https://www.google.com",
      "https://googleads.g.doubleclick.net",
      "https://pagead2.googlesyndication.com",
      "https://www.googletagmanager.com",
    ],
    "connect-src": [
      "https://www.googleadservices.com",
      "https://www.google.com",
      "https://googleads.g.doubleclick.net",
      "https://pagead2.googlesyndication.com",
      "https://www.googletagmanager.com",
    ],
    "frame-src": ["https://td.doubleclick.net", "https://bid.g.doubleclick.net", "https://www.googletagmanager.com"],
  },
  // Campaign Manager 360 / Search Ads 360 Floodlight counters and sales tags.
  floodlight: {
    "img-src": ["https://ad.doubleclick.net", "https://ade.googlesyndication.com", "https://adservice.google.com"],
    "connect-src": ["https://ad.doubleclick.net", "https://ade.googlesyndication.com"],
    "frame-src": ["https://*.fls.doubleclick.net"],
  },
};
