import type { IncomingHttpHeaders, ServerResponse } from "node:http";
import { isIP } from "node:net";
import { networkInterfaces } from "node:os";

/**
 * The one guard in front of every route of the local servers (dev, preview, the editor).
 *
 * A page on another site can make the browser send requests to this machine: by DNS rebinding
 * (its own name made to resolve to 127.0.0.1, so the browser treats our answers as its own) or
 * simply by pointing an <img>, a form or an EventSource at http://localhost:4321. So:
 * - every request must name this server in its Host: a loopback name or address, or the
 *   `--host` the server was started with (with a wildcard `--host`, an address of this machine);
 * - a request that sends an Origin must come from a page of this very server;
 * - writes (any method but GET and HEAD) must send that Origin, and they and the reads a caller
 *   marks `sameOriginOnly` (event streams, data) must not come from another site by any route.
 * No CORS header is ever sent: no other origin may read an answer.
 */

/** The names and addresses a server answers to (the Host it may be addressed by). */
export interface AllowedHosts {
  /** Whether a host name or address, without port or brackets, lowercased, is one of them. */
  includes(hostname: string): boolean;
  /** Said in a refusal: what the server answers to, and how to add a name. */
  readonly description: string;
}

/** What the guard reads of a request. */
export interface GuardedRequest {
  method?: string;
  headers: IncomingHttpHeaders;
}

const WILDCARDS = new Set(["0.0.0.0", "::"]);

/**
 * The hosts a server listening on `listenHost` (the `--host` given) answers to: localhost,
 * *.localhost, 127.0.0.0/8 and ::1, and `listenHost` itself. A wildcard (0.0.0.0 or ::) means
 * "every address of this machine": its interfaces' addresses, read when a request comes (they
 * change when the machine changes networks), so a phone can open it by the machine's address.
 */
export function allowedHosts(listenHost: string): AllowedHosts {
  const given = hostnameOf(listenHost);
  const wildcard = given !== undefined && WILDCARDS.has(given);
  return {
    includes(hostname) {
      if (isLoopback(hostname) || hostname === given) return true;
      return wildcard && isIP(hostname) !== 0 && machineAddresses().has(hostname);
    },
    description: `this server answers only to localhost, *.localhost, 127.0.0.1 and [::1]${
      wildcard ? " and this machine's own addresses" : given && !isLoopback(given) ? ` and ${listenHost}` : ""
    }; to open it by another name, start it with --host <that name>`,
  };
}

/**
 * Why a request must be refused with 403, or undefined when it may be answered. The reason names
 * what was wrong (never the server's files or state) and is safe to send to any client.
 */
export function checkRequest(allowed: AllowedHosts, request: GuardedRequest, options: { sameOriginOnly?: boolean } = {}): string | undefined {
  const host = header(request.headers.host);
  const hostname = host === undefined ? undefined : hostnameOf(host);
  if (hostname === undefined || !allowed.includes(hostname)) {
    return `Forbidden: the Host ${host === undefined ? "is missing" : JSON.stringify(host)}; ${allowed.description}`;
  }
  const write = request.method !== "GET" && request.method !== "HEAD";
  const origin = header(request.headers.origin);
  if (origin !== undefined && origin.toLowerCase() !== `http://${host!.toLowerCase()}`) {
    return `Forbidden: a page of ${JSON.stringify(origin)} may not use this server (only its own pages, at http://${host})`;
  }
  if (write && origin === undefined) return "Forbidden: a write must come from a page of this server (it has no Origin)";
  const site = header(request.headers["sec-fetch-site"]);
  if ((write || options.sameOriginOnly) && site !== undefined && site !== "same-origin" && site !== "none") {
    return `Forbidden: only this server's own pages may use this address (the request came from a ${site} page)`;
  }
  return undefined;
}

/** Answers a refused request: 403 with the reason as plain text, and nothing that lets another origin read it. */
export function refuse(response: ServerResponse, reason: string): void {
  response.writeHead(403, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", "x-content-type-options": "nosniff" });
  response.end(`${reason}\n`);
}

/** The name or address of a Host header or `--host` value, lowercased, without port, brackets or final dot; undefined when malformed. */
export function hostnameOf(value: string): string | undefined {
  const trimmed = value.trim();
  // A bare IPv6 address (`--host ::1`): its colons are not a port.
  if (isIP(trimmed) === 6) return trimmed.toLowerCase();
  const match = /^(?:\[([0-9A-Fa-f:.]+)\]|([0-9A-Za-z.-]+))(?::\d{1,5})?$/.exec(trimmed);
  if (!match) return undefined;
  const name = (match[1] ?? match[2]!).toLowerCase();
  if (match[1] !== undefined) return isIP(name) === 6 ? name : undefined;
  return name.endsWith(".") ? name.slice(0, -1) : name;
}

/** A loopback name or address: localhost, *.localhost, 127.0.0.0/8, ::1. */
export function isLoopback(hostname: string): boolean {
  if (hostname === "localhost" || hostname.endsWith(".localhost")) return true;
  if (hostname === "::1") return true;
  return isIP(hostname) === 4 && hostname.startsWith("127.");
}

function machineAddresses(): Set<string> {
  return new Set(Object.values(networkInterfaces()).flatMap((addresses) => (addresses ?? []).map((address) => address.address.toLowerCase())));
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
