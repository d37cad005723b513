import type { IncomingMessage } from "node:http";
import path from "node:path";
import type { Logger } from "../log.ts";
import { EVENTS_PATH } from "./live-reload.ts";
import { listen } from "../http/listen.ts";
import { startSiteWatcher, type SiteWatcher } from "./site-watcher.ts";
import { allowedHosts } from "../http/request-guard.ts";
import { headersFromFile } from "../http/site-headers.ts";
import type { Route } from "../http/routes.ts";
import { createStaticServer } from "../http/static-server.ts";

export interface DevServerOptions {
  config: string;
  port: number;
  host: string;
  log: Logger;
  /** Where dev builds go; by default a folder of its own in memory or the system temp dir (output-folder.ts), never dist/. */
  outDir?: string;
  /** More routes, before the dev server's own (the editor's); behind the guard. */
  routes?: readonly Route[];
  /** More paths only this server's own pages may use (the editor's API). */
  sameOriginOnly?: (pathname: string) => boolean;
  /** The site's headers as this server sends them (the editor lets its own page frame the site). */
  headers?: (siteHeaders: (requestPath: string) => Record<string, string>) => (requestPath: string) => Record<string, string>;
  /** Told of every request the guard refused (the editor prints them). */
  onRefused?: (request: IncomingMessage, reason: string) => void;
}

/** A dev server: the site watcher's builds, served at `url`. */
export interface DevServer extends Omit<SiteWatcher, "outDir" | "live"> {
  url: string;
}

/** Builds, serves and watches a project; rebuilds on save and tells open pages what changed. */
export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const site = await startSiteWatcher(options);
  const { outDir, live } = site;
  // The build's `_headers` too, so a page the Content-Security-Policy breaks shows it while developing.
  // Only this server's pages may read the event stream: it carries the current error.
  const server = createStaticServer({
    root: outDir,
    transformHtml: live.injectClient,
    routes: [...(options.routes ?? []), ...live.routes],
    headers: (options.headers ?? ((site) => site))(headersFromFile(path.join(outDir, "_headers"))),
    guard: {
      hosts: allowedHosts(options.host),
      sameOriginOnly: (pathname) => pathname === EVENTS_PATH || (options.sameOriginOnly?.(pathname) ?? false),
      onRefused: options.onRefused,
    },
  });
  // A port in use: the watcher stops too, or it would keep the process (and its builds) going.
  const url = await listen(server, options.port, options.host).catch(async (error: unknown) => {
    await site.close();
    throw error;
  });

  return {
    url,
    whenIdle: site.whenIdle,
    expectWrite: site.expectWrite,
    whenWatcherSaw: site.whenWatcherSaw,
    rebuildWith: site.rebuildWith,
    requestRebuild: site.requestRebuild,
    get lastGood() {
      return site.lastGood;
    },
    get builds() {
      return site.builds;
    },
    async close() {
      // No request reads the folder once it goes: the server first, then the watcher, whose close
      // lets a build under way finish writing before its folder is removed.
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await site.close();
    },
  };
}
