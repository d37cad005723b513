import { createReadStream } from "node:fs";
import { pipeline } from "node:stream";
import { realpath, stat } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import path from "node:path";
import { resolveRequestPath } from "./resolve-path.ts";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
};

export interface StaticServerOptions {
  /** The folder served; read on every request, so a rebuilt folder is served at once. */
  root: string;
  /** Changes an HTML page before it is sent (dev injects its reload script here). */
  transformHtml?: (html: string) => string;
  /** Answers some paths itself (dev's event stream); return true when handled. */
  handle?: (request: IncomingMessage, response: ServerResponse) => boolean;
  /** Extra response headers for a request path, as a host sends them (e.g. from `_headers`). */
  headers?: (requestPath: string) => Record<string, string>;
}

/** A server that behaves like a static host: clean URLs, 404.html with status 404, cache headers. */
export function createStaticServer(options: StaticServerOptions): Server {
  return createServer((request, response) => {
    serve(options, request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500, { "content-type": "text/plain" });
      response.end("Internal server error");
    });
  });
}

async function serve(options: StaticServerOptions, request: IncomingMessage, response: ServerResponse): Promise<void> {
  if (options.handle?.(request, response)) return;
  if (request.method !== "GET" && request.method !== "HEAD") {
    response.writeHead(405, { allow: "GET, HEAD" }).end();
    return;
  }
  const root = path.resolve(options.root);
  const resolution = resolveRequestPath(root, request.url ?? "/");
  if (resolution.kind === "redirect") {
    response.writeHead(301, { location: resolution.location }).end();
    return;
  }
  if (resolution.kind === "error" && resolution.status !== 404) {
    response.writeHead(resolution.status, { "content-type": "text/plain" }).end(`${resolution.status}`);
    return;
  }
  const file = resolution.kind === "candidates" ? await firstFile(root, resolution.files) : undefined;
  if (file) return send(options, request, response, file, 200);
  const notFound = await firstFile(root, [path.join(root, "404.html")]);
  if (notFound) return send(options, request, response, notFound, 404);
  response.writeHead(404, { "content-type": "text/plain" }).end("Not found");
}

/** The first candidate that is a regular file whose real path is inside the root (no symlinks out). */
async function firstFile(root: string, candidates: string[]): Promise<string | undefined> {
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

async function send(options: StaticServerOptions, request: IncomingMessage, response: ServerResponse, file: string, status: number) {
  const extension = path.extname(file).toLowerCase();
  const headers: Record<string, string> = {
    ...options.headers?.(new URL(request.url ?? "/", "http://localhost").pathname),
    "content-type": TYPES[extension] ?? "application/octet-stream",
    "x-content-type-options": "nosniff",
    "cache-control": /\/assets\/(?:[^/]+\/)*[^/]+\.[A-Za-z0-9]{10}\.[a-z0-9]+$/.test(file.split(path.sep).join("/"))
      ? "public, max-age=31536000, immutable"
      : "no-cache",
  };
  if (extension === ".html" && options.transformHtml) {
    const { readFile } = await import("node:fs/promises");
    const html = options.transformHtml(await readFile(file, "utf8"));
    response.writeHead(status, { ...headers, "content-length": String(Buffer.byteLength(html)) });
    response.end(request.method === "HEAD" ? undefined : html);
    return;
  }
  const { size } = await stat(file);
  response.writeHead(status, { ...headers, "content-length": String(size) });
  if (request.method === "HEAD") {
    response.end();
    return;
  }
  // pipeline closes the file when the client goes away, and a file removed by a rebuild between
  // stat and open ends this response instead of the server.
  pipeline(createReadStream(file), response, () => {});
}
