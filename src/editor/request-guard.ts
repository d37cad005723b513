import type { IncomingMessage } from "node:http";

export interface GuardOptions {
  /** `127.0.0.1:4323`, `localhost:4323`: the addresses this server answers as. */
  hosts: readonly string[];
  /** `http://127.0.0.1:4323`...: the editor's own page. */
  origins: readonly string[];
}

/**
 * Why a request to the editor is refused (403), or undefined to let it through. One function in
 * front of every route, so it can be swapped for the dev server's own guard:
 * - a Host that is not this server's address: a page of another site that re-pointed its own name
 *   at 127.0.0.1 (DNS rebinding) would otherwise be same-origin with us;
 * - a write, an event stream or a read of the owner's files ("private") from a page that is not the
 *   editor's own (another site the owner has open): its Origin, or the browser's Sec-Fetch-Site,
 *   says so. A browser sends no Origin with a same-origin GET, so only a write must have one.
 */
export function refusal(request: IncomingMessage, options: GuardOptions, kind: "page" | "private" | "write"): string | undefined {
  const host = request.headers.host;
  if (!host || !options.hosts.includes(host.toLowerCase())) return `unknown Host ${JSON.stringify(host ?? "")}`;
  if (kind === "page") return undefined;
  const origin = request.headers.origin;
  const site = request.headers["sec-fetch-site"];
  if (site !== undefined && site !== "same-origin" && site !== "none") return `a request from another site (${site})`;
  if (kind === "write" && origin === undefined) return "a write without an Origin";
  if (origin !== undefined && !options.origins.includes(origin)) return `a request from another origin (${origin})`;
  return undefined;
}
