import { existsSync } from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { UserError } from "../errors.ts";
import { listen } from "../http/listen.ts";
import { allowedHosts } from "../http/request-guard.ts";
import { headersFromFile } from "../http/site-headers.ts";
import { createStaticServer } from "../http/static-server.ts";

export interface PreviewServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves a built site as Netlify or Cloudflare Pages would, the headers of its `_headers` file
 * included (read again when a new build changed it; over plain HTTP, so without
 * `upgrade-insecure-requests`), to requests that name this server (request-guard.ts). Refuses a
 * folder without a build, and a `_headers` file it cannot read, with the file and line.
 */
export async function startPreviewServer(options: { out: string; port: number; host: string }): Promise<PreviewServer> {
  const root = path.resolve(options.out);
  if (!existsSync(path.join(root, "index.html"))) {
    throw new UserError(`${options.out} has no built site (no index.html); run \`gopher-site build\` first`);
  }
  const headers = headersFromFile(path.join(options.out, "_headers"));
  headers("/");
  const server: Server = createStaticServer({ root, headers, guard: { hosts: allowedHosts(options.host) } });
  const url = await listen(server, options.port, options.host);
  return {
    url,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
