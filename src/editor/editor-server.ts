import { randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import path from "node:path";
import { startDevServer, type DevServer } from "../dev/dev-server.ts";
import { sendCompressed } from "../http/compress.ts";
import type { Route } from "../http/routes.ts";
import type { Logger } from "../log.ts";
import { realProjectPaths } from "../paths.ts";
import { buildEditorApp, editorPage, type EditorApp } from "./editor-app.ts";
import { createEditorApi, sendJson } from "./editor-api.ts";
import { editorBuilder, framedBySelf, type SiteBuilder } from "./editor-build.ts";
import { finishInterruptedSave, removeStaleTemporaryFiles } from "./save-file.ts";

/** Where the editor lives on the dev server; the site's pages are everywhere else. */
export const EDITOR_PATH = "/__editor/";

export interface EditorOptions {
  config: string;
  port: number;
  log: Logger;
  /** Where the preview's builds go (the dev server's own folder by default, src/dev/output-folder.ts; never dist/). */
  outDir?: string;
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
  // A save of several files cut short after its journal was written is finished first; what
  // remains of any other save cut short is removed.
  const { finished, kept } = await finishInterruptedSave(paths.root, path.basename(paths.config));
  if (finished.length > 0) options.log.info(`Finished a save that was cut short: ${finished.join(", ")}`);
  if (kept.length > 0) options.log.warn(`A save cut short was not finished for ${kept.join(", ")}: changed since, kept as it is now`);
  const stale = await removeStaleTemporaryFiles(paths.root);
  if (stale.length > 0) options.log.info(`Removed ${stale.length === 1 ? "a temporary file" : `${stale.length} temporary files`} left by a save that was cut short: ${stale.join(", ")}`);
  const secret = randomBytes(32).toString("base64url");
  // Every request refused, by the guard or for the secret, is told in the terminal: the owner sees someone tried.
  const printRefusal = (request: IncomingMessage, reason: string) => options.log.warn(`refused ${request.method} ${(request.url ?? "/").split("?", 1)[0]}: ${reason}`);
  let builder: SiteBuilder | undefined;
  // The dev server's build checks and serves each save; it is started below, before any request.
  const api = createEditorApi(paths.root, () => builder!, path.basename(paths.config));
  const app: EditorApp = await buildEditorApp();

  // The editor's routes, in front of the dev server's: its page, its app, its API (with the secret).
  const routes: Route[] = [
    { path: "/__editor", methods: ["GET", "HEAD"], handle: (_request, response) => void response.writeHead(301, { location: EDITOR_PATH }).end() },
    {
      path: `${EDITOR_PATH}api/`,
      prefix: true,
      handle: async (request, response, pathname) => {
        if (hasSecret(request, secret)) return api(pathname.slice(`${EDITOR_PATH}api/`.length), request, response);
        const reason = "this request does not carry the editor's secret; open the editor from the address gopher-site edit printed";
        printRefusal(request, reason);
        sendJson(response, 403, { error: reason });
      },
    },
    {
      path: EDITOR_PATH,
      methods: ["GET", "HEAD"],
      handle: (_request, response) => {
        response.writeHead(200, {
          "content-type": "text/html; charset=utf-8",
          "cache-control": "no-store",
          "content-security-policy": "default-src 'self'; img-src 'self' blob: data:; style-src 'self' 'unsafe-inline'; frame-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
          "x-content-type-options": "nosniff",
          "referrer-policy": "no-referrer",
        });
        response.end(editorPage(secret));
      },
    },
    {
      path: EDITOR_PATH,
      prefix: true,
      methods: ["GET", "HEAD"],
      handle: (request, response, pathname) => {
        const name = pathname.slice(EDITOR_PATH.length);
        // A form's validators (src/editor/form-validators.ts): named by a hash of their schema, so never stale.
        const asset = app.files.get(name) ?? (name.startsWith("validators/") ? asValidator(api.validatorModule(name)) : undefined);
        if (!asset) return void response.writeHead(404, { "content-type": "text/plain" }).end("Not found");
        sendCompressed(request, response, 200, { "content-type": asset.type, "cache-control": "no-store", "x-content-type-options": "nosniff" }, asset);
      },
    },
  ];

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

function asValidator(data: Uint8Array | undefined): { type: string; data: Uint8Array } | undefined {
  return data && { type: "text/javascript; charset=utf-8", data };
}

function hasSecret(request: IncomingMessage, secret: string): boolean {
  const given = Buffer.from(String(request.headers["x-editor-secret"] ?? ""));
  const expected = Buffer.from(secret);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
