/**
 * `upgrade-insecure-requests` makes the browser load every address of a page over https. Netlify
 * and Cloudflare Pages serve only HTTPS, so `_headers` keeps it; a server reached over plain HTTP
 * (preview and dev, opened from a phone by the machine's address; the nginx and Caddy blocks of
 * host-config, which listen on plain HTTP) must not send it, or the page's own CSS, scripts and
 * images are asked for at an https address nothing answers. (Chromium never upgrades localhost.)
 * Caddy's block of `host-config caddy --editor` keeps it: it serves the site's domain over HTTPS
 * only (http:// is redirected), so an upgraded address is always answered, as on Netlify.
 */
import type { HeaderRule } from "./headers-file.ts";

const UPGRADE = /^upgrade-insecure-requests$/i;

/** A Content-Security-Policy value without `upgrade-insecure-requests`; any other directive as it was. */
export function withoutUpgrade(policy: string): string {
  return policy
    .split(";")
    .filter((directive) => !UPGRADE.test(directive.trim()))
    .join(";")
    .trim();
}

/** The rules of `_headers` as a plain-HTTP server sends them: each policy without `upgrade-insecure-requests`. */
export function plainHttpRules(rules: readonly HeaderRule[]): HeaderRule[] {
  return rules.map((rule) => ({
    path: rule.path,
    headers: rule.headers.map(([name, value]) => [name, name.toLowerCase() === "content-security-policy" ? withoutUpgrade(value) : value]),
  }));
}
