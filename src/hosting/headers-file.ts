import type { Site } from "../config/schema.ts";
import { formatProblem, UserError, type Problem } from "../errors.ts";
import { cspDirectives, cspHeader } from "./csp.ts";

/** Response headers for the paths matching a pattern (`*` matches anything). */
export interface HeaderRule {
  path: string;
  headers: Array<[name: string, value: string]>;
}

/** Content-hashed files (CSS, JS, generated images) never change under their name: cache for a year. */
export const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * What the servers gopher-site configures send for everything else (pages, 404s): use the copy
 * only after asking whether it changed (ETag, Last-Modified). Netlify and Cloudflare Pages do so
 * by themselves, so `_headers` does not say it.
 */
export const REVALIDATE = "no-cache";

/**
 * Security headers for every response, and far-future caching for /assets/*. With `version` (the
 * build wrote /.well-known/gopher-site.json), revalidation for /.well-known/*: the version the
 * editor asks the live site for must be the newest, whatever a CDN in front would keep.
 */
export function hostingHeaders(site: Site, options: { version?: boolean } = {}): HeaderRule[] {
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
    // A folder pattern, as `host-config` reads `_headers` into nginx's and Caddy's locations.
    ...(options.version ? [{ path: "/.well-known/*", headers: [["Cache-Control", REVALIDATE]] } satisfies HeaderRule] : []),
  ];
}

/** The `_headers` file Netlify and Cloudflare Pages read: a path, then its headers indented. */
export function headersFile(rules: readonly HeaderRule[]): string {
  const blocks = rules.map((rule) => [rule.path, ...rule.headers.map(([name, value]) => `  ${name}: ${value}`)].join("\n"));
  return `# Response headers for Netlify and Cloudflare Pages, made by gopher-site from site.yaml.\n${blocks.join("\n")}\n`;
}

/**
 * Reads a `_headers` file back into rules: a line that starts with `/` begins a rule, indented
 * `Name: value` lines below it are its headers, `#` lines are comments. Every problem is reported
 * at once, with `file` and the line.
 */
export function parseHeadersFile(text: string, file: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  const problems: Problem[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) return;
    const at = { file, line: index + 1 };
    if (!/^\s/.test(raw)) {
      if (line.startsWith("/") && !/\s/.test(line)) rules.push({ path: line, headers: [] });
      else problems.push({ ...at, message: `expected a path starting with / (headers are indented below their path), got "${line}"` });
      return;
    }
    const header = /^([A-Za-z0-9-]+):\s*(.*)$/.exec(line);
    if (!header) problems.push({ ...at, message: `expected an indented "Name: value" header line, got "${line}"` });
    else if (rules.length === 0) problems.push({ ...at, message: `the header ${header[1]} has no path above it` });
    else rules.at(-1)!.headers.push([header[1]!, header[2]!]);
  });
  if (problems.length > 0) {
    throw new UserError(`${problems.map(formatProblem).join("\n")}\ngopher-site writes this file: build again to replace it`);
  }
  return rules;
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
