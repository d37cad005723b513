import type { IncomingMessage, ServerResponse } from "node:http";
import type { BlockList } from "node:net";
import { isIP } from "node:net";
import { plain } from "../leads/client-address.ts";
import { hostnameOf, isLoopback } from "../http/request-guard.ts";
import type { TLSSocket } from "node:tls";
import { parseCookie, stringifySetCookie } from "cookie";
import { SESSION_DAYS } from "./owner-store.ts";

/**
 * How a request reached the editor on the server: over HTTPS (a TLS socket, or a trusted proxy
 * in front saying `X-Forwarded-Proto: https`), from this very machine without a proxy (loopback),
 * or in plain text over the network, where the editor is refused: a session cookie or a sign-in
 * link sent in plain text is anyone's on the way.
 */
export type Transport = "https" | "loopback" | "plain";

export function transportOf(request: IncomingMessage, trusted: BlockList): Transport {
  if ((request.socket as TLSSocket).encrypted) return "https";
  const peer = plain(request.socket.remoteAddress ?? "");
  const family = isIP(peer);
  const fromProxy = family !== 0 && trusted.check(peer, family === 6 ? "ipv6" : "ipv4");
  if (fromProxy) {
    // A proxy forwards the network's requests: they are as it says (its own value, the last), never loopback.
    const proto = lastValue(request.headers["x-forwarded-proto"]);
    if (proto !== undefined) return proto.trim().toLowerCase() === "https" ? "https" : "plain";
    if (request.headers["x-forwarded-for"] !== undefined || request.headers["x-real-ip"] !== undefined || request.headers.forwarded !== undefined) return "plain";
  }
  // This machine itself, by a loopback name: a proxy on this machine that says nothing of what it
  // forwards (an ssh tunnel, a bare proxy_pass) passes the site's own name, and is the network.
  const host = hostnameOf(String(request.headers.host ?? ""));
  return isLoopback(peer) && host !== undefined && isLoopback(host) ? "loopback" : "plain";
}

/** The origin the browser is at, as the request names it (its Host, and the transport's scheme). */
export function originOf(request: IncomingMessage, transport: Transport): string {
  return `${transport === "https" ? "https" : "http"}://${String(request.headers.host ?? "").toLowerCase()}`;
}

/**
 * Where an e-mailed link points: over HTTPS at the site's own name, siteUrl's origin (its port
 * included); at another name the editor answers to, that name alone (the port the asker sent is
 * not believed: a link to www.site:8443 would hand the token to whatever listens there); on this
 * machine, the address it was asked at.
 */
export function linkOrigin(request: IncomingMessage, transport: Transport, hostname: string, site: URL): string {
  if (transport !== "https") return originOf(request, transport);
  if (hostname === site.hostname.toLowerCase()) return site.origin;
  return `https://${hostname.includes(":") ? `[${hostname}]` : hostname}`;
}

/** The headers every editor answer on the server carries: HSTS over HTTPS, nothing cached, no framing by others. */
export function editorHeaders(transport: Transport): Record<string, string> {
  return {
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
    // A page of the site that opens the editor (a tag manager's script, a widget's) never gets a
    // handle on its window: same origin, but another browsing context group.
    "cross-origin-opener-policy": "noopener-allow-popups",
    ...(transport === "https" ? { "strict-transport-security": "max-age=31536000" } : {}),
  };
}

/** The session cookie's name: with the `__Host-` prefix over HTTPS (Secure, this host only, path /). */
export function sessionCookieName(transport: Transport): string {
  return transport === "https" ? "__Host-gopher-site-editor" : "gopher-site-editor";
}

export function cookieOf(request: IncomingMessage, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header || header.length > 8192) return undefined;
  return parseCookie(header)[name];
}

/** Sets (or, with `token` undefined, clears) a cookie: HttpOnly, SameSite=Strict, Secure over HTTPS. */
export function setCookie(response: ServerResponse, transport: Transport, name: string, token: string | undefined, options: { maxAgeSeconds?: number; path?: string } = {}): void {
  const cookie = stringifySetCookie(name, token ?? "", {
    httpOnly: true,
    sameSite: "strict",
    secure: transport === "https",
    path: options.path ?? "/",
    maxAge: token === undefined ? 0 : (options.maxAgeSeconds ?? SESSION_DAYS * 86_400),
  });
  const before = response.getHeader("set-cookie");
  response.setHeader("set-cookie", [...(Array.isArray(before) ? before : before === undefined ? [] : [String(before)]), cookie]);
}

/**
 * Whether a write comes from a page of the editor itself: its Origin is this origin, and the
 * browser's Fetch-Metadata, when sent, says same-origin. A form posted from another site, or a
 * script of another origin, is refused before its body is read.
 */
export function sameOriginWrite(request: IncomingMessage, origin: string): boolean {
  const sent = firstValue(request.headers.origin);
  if (sent === undefined || sent.toLowerCase() !== origin) return false;
  const site = firstValue(request.headers["sec-fetch-site"]);
  return site === undefined || site === "same-origin";
}

function firstValue(value: string | string[] | undefined): string | undefined {
  const one = Array.isArray(value) ? value[0] : value;
  return one?.split(",")[0];
}

function lastValue(value: string | string[] | undefined): string | undefined {
  const one = Array.isArray(value) ? value.at(-1) : value;
  return one?.split(",").at(-1);
}
