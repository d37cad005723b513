import { formatProblem, UserError, type Problem } from "../errors.ts";
import { OUTPUT_STAMP } from "../output-guard.ts";
import { REVALIDATE, type HeaderRule } from "./headers-file.ts";
import { notFoundPageFor } from "./not-found-pages.ts";

/** What a generated server configuration is made from: the built site's `_headers`, where, and how to listen. */
export interface HostConfigInput {
  /** The rules of the built site's `_headers` (parseHeadersFile). */
  rules: readonly HeaderRule[];
  /** Where `rules` came from, to name it in problems. */
  headersFile: string;
  /** Absolute path of the built site on the server. */
  root: string;
  listen: Listen;
  /** The languages' folders, each with its own 404.html, as `/es/` (readLanguageFolders): their unknown paths get it. */
  notFoundFolders: readonly string[];
  /** The host's settings files the built site holds (of HIDDEN_PATHS): answered with 404. */
  hidden: readonly string[];
  /** Where `gopher-site serve` listens, when it takes the quote form: the form's posts and the pages go to it. */
  leadServer?: Listen;
  /** The owner's editor on this server (Caddy only): the block serves the domain over HTTPS and sends the editor to serve. */
  editor?: EditorSite;
}

/** Where the site and its editor are: the domain Caddy gets a certificate for, and where `serve --editor` listens. */
export interface EditorSite {
  /** The site's host name as written in the address bar (a port after it if not 443), e.g. `www.example.com`. */
  domain: string;
  server: Listen;
}

/**
 * The owner's editor and its sign-in, as `serve --editor` answers them (src/editor/editor-routes.ts's
 * EDITOR_PATH): proxied whole, its files with a dot too, with serve's headers, never the site's.
 */
export const EDITOR_PATHS = ["/__editor", "/__editor/*"] as const;

/**
 * The requests `gopher-site serve` answers behind the server: the form's posts (/api/lead) and
 * the pages, whose form stamp it fills in when it sends them: paths without a dot (clean URLs) and
 * .html files. Pictures, styles and scripts are served by the server itself.
 */
export const LEAD_SERVER_PATHS = "^[^.]*$|\\.html$";

/** `host:port` of a Listen, the address defaulting to 127.0.0.1 (serve's own default). */
export function upstream(listen: Listen): string {
  return `${listen.host ?? "127.0.0.1"}:${listen.port}`;
}

/** A port, and the address to listen on when not every interface. */
export interface Listen {
  host?: string;
  port: number;
}

/** A folder of the site and every header its responses get. */
export interface HostLocation {
  /** `/` or `/folder/`: a path prefix, as nginx's `location /folder/` and Caddy's `/folder/*` match it. */
  prefix: string;
  headers: Array<[name: string, value: string]>;
  /** The page its unknown paths get with status 404: its language's 404.html, or the site's. */
  notFound: string;
}

/** Files in the output folder that are a host's settings (the Cloudflare worker too) or the build's stamp, not part of the site: answered with 404. */
export const HIDDEN_PATHS = ["/_headers", "/_redirects", "/_worker.js", `/${OUTPUT_STAMP}`];

/**
 * The rules of `_headers` and the folders with their own 404 page as folders with complete header
 * sets, least specific first. nginx needs this shape (a location with an add_header of its own
 * loses every inherited one) and a Caddy route applies them in this order. A folder gets the
 * headers of every rule covering it, a later rule replacing an earlier header of the same name,
 * and revalidation when no rule sets Cache-Control. Only `/*` and `/folder/*` patterns are
 * folders: others are refused.
 */
export function hostLocations(input: Pick<HostConfigInput, "rules" | "headersFile" | "notFoundFolders">): HostLocation[] {
  const problems: Problem[] = [];
  const prefixes = new Set(["/", ...input.notFoundFolders]);
  for (const rule of input.rules) {
    if (/^\/(?:[^*?:!"\\${}\s]+\/)?\*$/.test(rule.path)) prefixes.add(rule.path.slice(0, -1));
    else problems.push({ file: input.headersFile, message: `the path ${rule.path} is not a folder pattern (/* or /folder/*), which is all a server configuration is made from` });
    for (const [name, value] of rule.headers) {
      const bad = unsafeCharacter(value);
      if (bad) problems.push({ file: input.headersFile, field: name, message: `the value has ${bad}, which cannot be written in a server configuration` });
    }
  }
  if (problems.length > 0) throw new UserError(problems.map(formatProblem).join("\n"));
  return [...prefixes]
    .sort((a, b) => a.length - b.length)
    .map((prefix) => {
      const headers = new Map<string, [string, string]>();
      for (const rule of input.rules) {
        if (!prefix.startsWith(rule.path.slice(0, -1))) continue;
        for (const [name, value] of rule.headers) headers.set(name.toLowerCase(), [name, value]);
      }
      if (!headers.has("cache-control")) headers.set("cache-control", ["Cache-Control", REVALIDATE]);
      return { prefix, headers: [...headers.values()], notFound: notFoundPageFor(input.notFoundFolders, prefix) };
    });
}

/** The location whose prefix is the longest one starting `path`, as a server picks it. */
export function locationFor(locations: readonly HostLocation[], path: string): HostLocation {
  return locations.filter((location) => path.startsWith(location.prefix)).at(-1)!;
}

/**
 * A character that would end or change a quoted string in nginx or Caddy (quotes, backslashes,
 * nginx's `$variables`, Caddy's `{placeholders}`, line breaks), described; undefined when none.
 */
export function unsafeCharacter(value: string): string | undefined {
  const found = /["\\${}\p{Cc}]/u.exec(value)?.[0];
  if (found === undefined) return undefined;
  return /\p{Cc}/u.test(found) ? "a control character" : `the character ${found}`;
}

/** `--listen`: a port (every interface), or an address and port such as 127.0.0.1:8080 or [::1]:8080. */
export function parseListen(value: string): Listen | undefined {
  const match = /^(?:(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):)?(\d{1,5})$/.exec(value);
  if (!match) return undefined;
  const port = Number(match[2]);
  if (port < 1 || port > 65535) return undefined;
  return match[1] ? { host: match[1], port } : { port };
}

/**
 * `--domain`: a host name (a port after it when not 443), or an https address whose host it takes;
 * lowercased. Undefined when it is neither.
 */
export function parseDomain(value: string): string | undefined {
  let host = value.trim();
  if (/^https:\/\//i.test(host)) {
    try {
      host = new URL(host).host;
    } catch {
      return undefined;
    }
  }
  const match = /^([A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*)(?::(\d{1,5}))?$/.exec(host);
  if (!match || match[1]!.length > 253) return undefined;
  const port = match[2] === undefined ? undefined : Number(match[2]);
  if (port !== undefined && (port < 1 || port > 65535)) return undefined;
  return host.toLowerCase();
}

/**
 * A domain kept for examples and tests (RFC 2606): no certificate can be had for it, so it is still a
 * starter's placeholder (init writes https://www.<company>.example.com).
 */
export function isExampleDomain(domain: string): boolean {
  return /(?:^|\.)(?:example\.(?:com|net|org)|example|test|invalid)(?::\d+)?$/.test(domain);
}

/**
 * The server's root folder, as written: a path on the server, not on this machine (never resolved
 * against the current folder, nor turned into C:\... on Windows). Refused when it is not a POSIX
 * absolute path, or when a configuration could not quote it.
 */
export function checkedRoot(root: string): string {
  if (!root.startsWith("/")) {
    throw new UserError(`the root folder ${JSON.stringify(root)} is not an absolute path on the server; pass --root as the server sees it, starting with / (for example /var/www/gopher-site)`);
  }
  const bad = unsafeCharacter(root);
  if (bad) throw new UserError(`the root folder ${JSON.stringify(root)} has ${bad}, which cannot be written in a server configuration; pass another --root`);
  return root;
}
