import { randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import path from "node:path";
import { startDevServer, type DevServer } from "../dev/dev-server.ts";
import type { Logger } from "../log.ts";
import { realProjectPaths } from "../paths.ts";
import { buildEditorApp } from "./editor-app.ts";
import { sendJson } from "./editor-api.ts";
import { EDITOR_PATH, editorRoutes, type EditorGate } from "./editor-routes.ts";
import { editorBuilder, framedBySelf, type SiteBuilder } from "./editor-build.ts";
import { tidyInterruptedSaves } from "./save-file.ts";
import { liveState } from "../publish/live-site.ts";

export { EDITOR_PATH };

export interface EditorOptions {
  config: string;
  port: number;
  log: Logger;
  /** Where the preview's builds go (the dev server's own folder by default, src/dev/output-folder.ts; never dist/). */
  outDir?: string;
  /** Where the live site is asked for its version after a Publish: site.yaml's siteUrl by default. */
  liveSite?: string;
}

export interface EditorServer extends DevServer, SiteBuilder {
  /** The editor's own page. */
  editorUrl: string;
  /** The secret this run's editor page carries; every API request must too. */
  readonly secret: string;
  /** The temp folder holding the uploads no save has used yet, once there is one; removed by close(). */
  uploadsFolder(): Promise<string> | undefined;
}

/** The only address the editor listens on: this machine, never the network. */
const LOOPBACK = "127.0.0.1";

/**
 * `gopher-site edit`: the dev server (build, watch, reload) with the editor beside the preview.
 * Every request passes the dev server's guard first (Host, then Origin for writes, the event stream
 * and the API); every API call carries this run's secret.
 */
export async function startEditor(options: EditorOptions): Promise<EditorServer> {
  const paths = realProjectPaths(options.config);
  await tidyInterruptedSaves(paths.root, path.basename(paths.config), options.log);
  const secret = randomBytes(32).toString("base64url");
  // Every request refused, by the guard or for the secret, is told in the terminal: the owner sees someone tried.
  const printRefusal = (request: IncomingMessage, reason: string) => options.log.warn(`refused ${request.method} ${(request.url ?? "/").split("?", 1)[0]}: ${reason}`);
  let builder: SiteBuilder | undefined;
  // The dev server's build checks and serves each save; it is started below, before any request.
  // On this computer the gate is the run's secret: the page carries it, every API call sends it back.
  const gate: EditorGate = async (request, response, what) => {
    if (what !== "api" || hasSecret(request, secret)) return { secret };
    const reason = "this request does not carry the editor's secret; open the editor from the address gopher-site edit printed";
    printRefusal(request, reason);
    sendJson(response, 403, { error: reason });
    return undefined;
  };
  // Published from here, a host builds the site: the live site is asked for its version (src/publish/live-site.ts).
  const live = { state: () => liveState(paths.config, { siteUrl: options.liveSite }) };
  const { routes, api } = editorRoutes({ root: paths.root, settings: path.basename(paths.config), builder: () => builder!, app: await buildEditorApp(), gate, live, compress: false });

  const server = await startDevServer({
    config: options.config,
    port: options.port,
    host: LOOPBACK,
    log: options.log,
    outDir: options.outDir,
    routes,
    headers: framedBySelf,
    // The dev server's guard (src/dev/request-guard.ts) stands in front of every route, the
    // editor's included: Host, Origin, and the API for the editor's own page only.
    sameOriginOnly: (pathname) => pathname.startsWith(`${EDITOR_PATH}api/`),
    onRefused: (request, reason) => printRefusal(request, reason),
  });
  const stopServer = server.close.bind(server);
  const close = async () => {
    await stopServer();
    await api.close();
  };
  builder = editorBuilder(server, paths.root, options.log);
  return Object.assign(server, builder, { editorUrl: `${server.url}${EDITOR_PATH}`, secret, uploadsFolder: api.uploadsFolder, close });
}

function hasSecret(request: IncomingMessage, secret: string): boolean {
  const given = Buffer.from(String(request.headers["x-editor-secret"] ?? ""));
  const expected = Buffer.from(secret);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
