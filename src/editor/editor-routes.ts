import type { IncomingMessage, ServerResponse } from "node:http";
import { sendCompressed } from "../http/compress.ts";
import type { Route } from "../http/routes.ts";
import type { EditorApp } from "./editor-app.ts";
import { editorPage } from "./editor-app.ts";
import { createEditorApi, type EditorApiOptions } from "./editor-api.ts";
import type { SiteBuilder } from "./editor-build.ts";

/** Where the editor lives on a server; the site's pages are everywhere else. */
export const EDITOR_PATH = "/__editor/";

/**
 * Who may use the editor, asked before every answer of its page, its app and its API: on this
 * computer (`edit`) the run's secret; on the server (`serve --editor`) a signed-in owner's session.
 * Resolves to the page's secret and who it is, or undefined when it answered the request itself
 * (a refusal, or the sign-in page).
 */
export type EditorGate = (request: IncomingMessage, response: ServerResponse, what: "page" | "app" | "api") => Promise<EditorVisitor | undefined>;

/** Who the gate let in: the page's secret, and on the server the owner and how they signed in. */
export interface EditorVisitor {
  secret: string;
  who?: string;
  signedInBy?: "link" | "passkey";
}

export interface EditorRoutesOptions extends EditorApiOptions {
  /** The project's folder, and its settings file's name there. */
  root: string;
  settings: string;
  builder: () => SiteBuilder;
  app: EditorApp;
  gate: EditorGate;
  /** Told of every API call answered, with its status (the server's audit log). */
  answered?: (route: string, request: IncomingMessage, status: number, who: string | undefined) => void;
  /** The page's extra lines in its head (the server's: who is signed in). */
  pageExtras?: (visitor: EditorVisitor) => string;
}

/** The editor's route table: its page, its app's files, its API; each behind the gate. */
export function editorRoutes(options: EditorRoutesOptions) {
  const api = createEditorApi(options.root, options.builder, options.settings, options);
  const { app, gate } = options;
  const routes: Route[] = [
    { path: "/__editor", methods: ["GET", "HEAD"], handle: (_request, response) => void response.writeHead(301, { location: EDITOR_PATH }).end() },
    {
      path: `${EDITOR_PATH}api/`,
      prefix: true,
      handle: async (request, response, pathname) => {
        const allowed = await gate(request, response, "api");
        if (!allowed) return;
        const name = pathname.slice(`${EDITOR_PATH}api/`.length);
        // Told once the answer is sent: a compressed one's status is written after the route returns.
        if (options.answered) response.once("finish", () => options.answered!(name, request, response.statusCode, allowed.who));
        await api(name, request, response);
      },
    },
    {
      path: EDITOR_PATH,
      methods: ["GET", "HEAD"],
      handle: async (request, response) => {
        const allowed = await gate(request, response, "page");
        if (!allowed) return;
        response.writeHead(200, {
          "content-type": "text/html; charset=utf-8",
          "cache-control": "no-store",
          "content-security-policy": "default-src 'self'; img-src 'self' blob: data:; style-src 'self' 'unsafe-inline'; frame-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
          "x-content-type-options": "nosniff",
          "referrer-policy": "no-referrer",
        });
        response.end(editorPage(allowed.secret, options.pageExtras?.(allowed)));
      },
    },
    {
      path: EDITOR_PATH,
      prefix: true,
      methods: ["GET", "HEAD"],
      handle: async (request, response, pathname) => {
        // The gate first: an outsider's request looks nothing up.
        if (!(await gate(request, response, "app"))) return;
        const name = pathname.slice(EDITOR_PATH.length);
        // A form's validators (src/editor/form-validators.ts): named by a hash of their schema, so never stale.
        const asset = app.files.get(name) ?? (name.startsWith("validators/") ? asValidator(await api.validatorModule(name)) : undefined);
        if (!asset) return void response.writeHead(404, { "content-type": "text/plain", "cache-control": "no-store" }).end("Not found");
        sendCompressed(request, response, 200, { "content-type": asset.type, "cache-control": asset.cacheControl, "x-content-type-options": "nosniff" }, asset);
      },
    },
  ];
  return { routes, api };
}

function asValidator(data: Uint8Array | undefined): { type: string; data: Uint8Array; cacheControl: string } | undefined {
  return data && { type: "text/javascript; charset=utf-8", data, cacheControl: "no-store" };
}
