import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { pipeline } from "node:stream";
import { readFile, realpath, stat } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import path from "node:path";
import { createGzip, gzipSync } from "node:zlib";
import { CONTENT_TYPES, isCompressible } from "../hosting/content-types.ts";
import { IMMUTABLE, REVALIDATE } from "../hosting/headers-file.ts";
import { notFoundCandidates, parseLanguageFolders } from "../hosting/not-found-pages.ts";
import { checkRequest, refuse, type AllowedHosts } from "./request-guard.ts";
import { resolveRequestPath } from "./resolve-path.ts";
import { routeTable, type Route, type RouteHandler } from "./routes.ts";

export interface StaticServerOptions {
  /** The folder served; read on every request, so a rebuilt folder is served at once. */
  root: string;
  /** Changes an HTML page before it is sent (dev injects its reload script here; serve fills in the form's stamp). */
  transformHtml?: (html: string) => string | Promise<string>;
  /** The paths it answers itself, before the files (dev's event stream, serve's form, the editor). */
  routes?: readonly Route[];
  /** Told of a request that failed with a bug: it was answered 500 with this id, and the server goes on. */
  onError?: (error: unknown, id: string, request: IncomingMessage) => void;
  /** Response headers for a request path as a host adds them (from `_headers`); they win over the defaults. */
  headers?: (requestPath: string) => Record<string, string>;
  /**
   * The guard in front of every route, the files' and `routes`' (request-guard.ts): the hosts the
   * server answers to, and the paths only its own pages may use (dev's event stream).
   */
  guard?: { hosts: AllowedHosts; sameOriginOnly?: (pathname: string) => boolean; onRefused?: (request: IncomingMessage, reason: string) => void };
}

/**
 * A server that behaves like a static host: clean URLs, the nearest 404.html with status 404, cache headers,
 * and the host's own settings (`_headers`, `_redirects`) never served.
 */
export function createStaticServer(options: StaticServerOptions): Server {
  const routes = routeTable(options.routes ?? []);
  const server = createServer((request, response) => {
    serve(options, routes, request, response).catch((error: unknown) => {
      // The one boundary around every route: a bug answers this request 500, never ends the server.
      const id = randomBytes(4).toString("hex");
      options.onError?.(error, id, request);
      if (response.headersSent) response.destroy();
      else response.writeHead(500, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" }).end(`Internal server error (${id})\n`);
    });
  });
  // A request's headers and body must arrive in time: a client trickling bytes cannot hold a connection.
  server.headersTimeout = REQUEST_HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  return server;
}

/** How long a request's headers may take to arrive, and the whole request. */
export const REQUEST_HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 30_000;

async function serve(options: StaticServerOptions, routes: RouteHandler, request: IncomingMessage, response: ServerResponse): Promise<void> {
  if (options.guard) {
    const pathname = (request.url ?? "/").split(/[?#]/, 1)[0]!;
    const refused = checkRequest(options.guard.hosts, request, { sameOriginOnly: options.guard.sameOriginOnly?.(pathname) });
    if (refused) {
      options.guard.onRefused?.(request, refused);
      return refuse(response, refused);
    }
  }
  if (await routes(request, response)) return;
  if (request.method !== "GET" && request.method !== "HEAD") {
    response.writeHead(405, { allow: "GET, HEAD" }).end();
    return;
  }
  const root = path.resolve(options.root);
  const resolution = resolveRequestPath(root, request.url ?? "/");
  if (resolution.kind === "redirect") {
    const target = new URL(resolution.location, "http://localhost").pathname;
    response.writeHead(301, { ...options.headers?.(target), location: resolution.location }).end();
    return;
  }
  if (resolution.kind === "error" && resolution.status !== 404) {
    response.writeHead(resolution.status, { "content-type": "text/plain" }).end(`${resolution.status}`);
    return;
  }
  const file = resolution.kind === "candidates" ? await firstFile(root, resolution.files) : undefined;
  if (file && resolution.kind === "candidates") return send(options, request, response, file, 200, resolution.path);
  // The nearest 404 page (its language's, then the site's), with its own headers: a missing
  // /assets/ file must not be cached for a year. The languages are those of the build's `_redirects`.
  const redirects = await readFile(path.join(root, "_redirects"), "utf8").catch(() => "");
  for (const page of notFoundCandidates(resolution.path, parseLanguageFolders(redirects))) {
    const notFound = await firstFile(root, [path.join(root, page)]);
    if (notFound) return send(options, request, response, notFound, 404, page);
  }
  response.writeHead(404, { "content-type": "text/plain" }).end("Not found");
}

/** The first candidate that is a regular file whose real path is inside the root (no symlinks out). */
export async function firstFile(root: string, candidates: string[]): Promise<string | undefined> {
  let realRoot: string;
  try {
    realRoot = await realpath(root);
  } catch {
    return undefined;
  }
  for (const candidate of candidates) {
    try {
      const real = await realpath(candidate);
      if (real !== realRoot && !real.startsWith(realRoot + path.sep)) continue;
      if ((await stat(real)).isFile()) return real;
    } catch {
      /* try the next candidate */
    }
  }
  return undefined;
}

async function send(
  options: StaticServerOptions,
  request: IncomingMessage,
  response: ServerResponse,
  file: string,
  status: number,
  headersPath: string,
) {
  const extension = path.extname(file).toLowerCase();
  const headers: Record<string, string> = {
    "content-type": CONTENT_TYPES[extension] ?? "application/octet-stream",
    "x-content-type-options": "nosniff",
    "cache-control": /\/assets\/(?:[^/]+\/)*[^/]+\.[A-Za-z0-9]{10}\.[a-z0-9]+$/.test(file.split(path.sep).join("/")) ? IMMUTABLE : REVALIDATE,
    ...options.headers?.(headersPath),
  };
  // Text is sent gzipped to clients that take it, as every host does.
  const gzip = isCompressible(headers["content-type"]!) && /\bgzip\b/.test(String(request.headers["accept-encoding"] ?? ""));
  if (isCompressible(headers["content-type"]!)) headers.vary = "Accept-Encoding";
  if (gzip) headers["content-encoding"] = "gzip";
  if (extension === ".html" && options.transformHtml) {
    const html = Buffer.from(await options.transformHtml(await readFile(file, "utf8")));
    const body = gzip ? gzipSync(html) : html;
    response.writeHead(status, { ...headers, "content-length": String(body.length) });
    response.end(request.method === "HEAD" ? undefined : body);
    return;
  }
  if (!gzip) headers["content-length"] = String((await stat(file)).size);
  response.writeHead(status, headers);
  if (request.method === "HEAD") {
    response.end();
    return;
  }
  // pipeline closes the file when the client goes away, and a file removed by a rebuild between
  // stat and open ends this response instead of the server.
  if (gzip) pipeline(createReadStream(file), createGzip(), response, () => {});
  else pipeline(createReadStream(file), response, () => {});
}
