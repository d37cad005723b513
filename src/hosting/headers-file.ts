import type { Site } from "../config/schema.ts";
import { cspDirectives, cspHeader } from "./csp.ts";

/** Response headers for the paths matching a pattern (`*` matches anything). */
export interface HeaderRule {
  path: string;
  headers: Array<[name: string, value: string]>;
}

/** Content-hashed files (CSS, JS, generated images) never change under their name: cache for a year. */
export const IMMUTABLE = "public, max-age=31536000, immutable";

/** Security headers for every response, and far-future caching for /assets/*. */
export function hostingHeaders(site: Site): HeaderRule[] {
  return [
    {
      path: "/*",
      headers: [
        ["Content-Security-Policy", cspHeader(cspDirectives(site))],
        ["X-Content-Type-Options", "nosniff"],
        ["X-Frame-Options", "DENY"],
        ["Referrer-Policy", "strict-origin-when-cross-origin"],
        // Geolocation for the site itself (distance sorting), nothing else for anyone.
        ["Permissions-Policy", "geolocation=(self), camera=(), microphone=(), payment=(), usb=(), browsing-topics=()"],
        ["Cross-Origin-Opener-Policy", "same-origin"],
        ["Strict-Transport-Security", "max-age=31536000"],
      ],
    },
    { path: "/assets/*", headers: [["Cache-Control", IMMUTABLE]] },
  ];
}

/** The `_headers` file Netlify and Cloudflare Pages read: a path, then its headers indented. */
export function headersFile(rules: readonly HeaderRule[]): string {
  const blocks = rules.map((rule) => [rule.path, ...rule.headers.map(([name, value]) => `  ${name}: ${value}`)].join("\n"));
  return `# Response headers for Netlify and Cloudflare Pages, made by gopher-site from site.yaml.\n${blocks.join("\n")}\n`;
}

/** The headers of the rules whose pattern matches a request path, later rules adding to earlier ones. */
export function headersFor(rules: readonly HeaderRule[], requestPath: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const rule of rules) {
    const pattern = new RegExp(`^${rule.path.split("*").map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join(".*")}$`);
    if (pattern.test(requestPath)) for (const [name, value] of rule.headers) headers[name.toLowerCase()] = value;
  }
  return headers;
}
