import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { isLocalUrl } from "../browser.ts";

export interface BlockingProxy {
  /** `127.0.0.1:port`, for a browser's proxy settings. */
  readonly address: string;
  /** Every request for another host, refused, in order (https ones as `https://host:port`). */
  readonly blocked: string[];
  /** A script put first into each HTML page the proxy passes on (a browser's init script). */
  inject: string | undefined;
  close(): Promise<void>;
}

/**
 * An HTTP proxy for engines that cannot intercept requests themselves: requests to this machine
 * pass (with `inject` added to HTML pages), every other one is refused and recorded.
 */
export async function startBlockingProxy(): Promise<BlockingProxy> {
  const blocked: string[] = [];
  const proxy: BlockingProxy = { address: "", blocked, inject: undefined, close: async () => {} };
  const server = http.createServer((request, response) => {
    const url = request.url ?? "";
    if (!isLocalUrl(url)) {
      blocked.push(url);
      response.writeHead(403).end();
      return;
    }
    // Plain bodies, so that a script can go into the HTML.
    const headers = { ...request.headers, "accept-encoding": "identity" };
    const upstream = http.request(url, { method: request.method, headers }, (answer) => {
      answer.on("error", () => response.destroy());
      const isHtml = /text\/html/.test(String(answer.headers["content-type"] ?? ""));
      const inject = proxy.inject;
      if (!isHtml || !inject) {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on("data", (chunk: Buffer) => chunks.push(chunk));
      answer.on("end", () => {
        const html = Buffer.concat(chunks).toString("utf8").replace(/<head[^>]*>/i, (head) => `${head}<script>${inject}</script>`);
        const { "content-length": _length, "content-security-policy": policy, ...rest } = answer.headers;
        if (typeof policy === "string") Object.assign(rest, { "content-security-policy": allowingScript(policy, inject) });
        response.writeHead(answer.statusCode ?? 502, rest);
        response.end(html);
      });
    });
    upstream.on("error", () => (response.headersSent ? response.destroy() : response.writeHead(502).end()));
    // A browser drops connections it no longer needs (a page closed mid-load): not a test failure.
    request.on("error", () => upstream.destroy());
    response.on("error", () => upstream.destroy());
    request.pipe(upstream);
  });
  server.on("connect", (request, socket) => {
    // A socket handed over for CONNECT has no error listener of its own: a browser that resets it
    // would otherwise end the test run with an uncaught ECONNRESET.
    socket.on("error", () => socket.destroy());
    blocked.push(`https://${request.url}`);
    socket.end("HTTP/1.1 403 Forbidden\r\n\r\n");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(proxy, {
    address: `127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

/**
 * The page's Content-Security-Policy with the injected script allowed by its hash: the other
 * engines run their init scripts outside the page's policy, this one has to be let in by it.
 */
function allowingScript(policy: string, script: string): string {
  const hash = `'sha256-${createHash("sha256").update(script).digest("base64")}'`;
  const directives = policy.split(";").map((directive) => directive.trim());
  const scripts = directives.findIndex((directive) => /^script-src\s/.test(directive));
  if (scripts >= 0) directives[scripts] += ` ${hash}`;
  else {
    const fallback = directives.find((directive) => /^default-src\s/.test(directive));
    if (fallback) directives.push(`script-src ${fallback.replace(/^default-src\s+/, "")} ${hash}`);
  }
  return directives.join("; ");
}
