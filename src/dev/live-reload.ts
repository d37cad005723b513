import type { ServerResponse } from "node:http";
import type { Route } from "../http/routes.ts";

/** Paths the dev server answers itself; nothing in a built site uses them. */
export const EVENTS_PATH = "/__gopher/events";
export const CLIENT_PATH = "/__gopher/client.js";

export type LiveEvent =
  | { type: "reload" }
  /** Every stylesheet the build wrote (one per kind of page, and the whole one): each page takes the one of its kind. */
  | { type: "css"; hrefs: string[] }
  | { type: "error"; problems: string[] }
  | { type: "ok" };

/**
 * The live-reload channel: server-sent events to every open page. New pages get the current
 * state at once, so a page opened while the input is broken shows the error too, and a page
 * served before the latest build (a build that ended before its event stream connected, or
 * while it was reconnecting) reloads at once instead of missing the event.
 */
export class LiveChannel {
  private readonly clients = new Set<ServerResponse>();
  private current: LiveEvent = { type: "ok" };
  /** Counts the builds announced: a page is stamped with the version it was served at. */
  private builtVersion = 0;

  /** Adds the live-reload client to a page at response time: built files never contain it. */
  injectClient = (html: string): string => {
    const tag = `<script type="module" src="${CLIENT_PATH}?version=${this.builtVersion}"></script>`;
    return html.includes("</head>") ? html.replace("</head>", `${tag}</head>`) : `${html}${tag}`;
  };

  /** The event stream and the browser client, as routes of the dev server. */
  readonly routes: readonly Route[] = [
    {
      path: CLIENT_PATH,
      methods: ["GET", "HEAD"],
      handle: (_request, response) => {
        response.writeHead(200, { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-store" });
        response.end(CLIENT_SOURCE);
      },
    },
    {
      path: EVENTS_PATH,
      methods: ["GET"],
      handle: (request, response) => {
        response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-store", connection: "keep-alive" });
        response.write(`retry: 500\n\n`);
        if (this.current.type === "error") response.write(format(this.current));
        else if (servedVersion(request.url) < this.builtVersion) response.write(format({ type: "reload" }));
        this.clients.add(response);
        request.on("close", () => this.clients.delete(response));
      },
    },
  ];

  send(event: LiveEvent): void {
    if (event.type === "reload" || event.type === "css") this.builtVersion++;
    this.current = event.type === "error" ? event : { type: "ok" };
    const data = format(event);
    for (const client of this.clients) client.write(data);
  }

  get connections(): number {
    return this.clients.size;
  }

  close(): void {
    for (const client of this.clients) client.end();
    this.clients.clear();
  }
}

function format(event: LiveEvent): string {
  return `data: ${JSON.stringify(event)}\n\n`;
}

/** The build version a page's event stream says it was served at (`?version=N`); pages without one count as current. */
function servedVersion(url: string | undefined): number {
  const version = new URL(url ?? "/", "http://localhost").searchParams.get("version");
  return version !== null && /^\d+$/.test(version) ? Number(version) : Infinity;
}

/** The browser side: reload, swap the stylesheet, or show the error overlay. Plain DOM, no framework. */
const CLIENT_SOURCE = `
const version = new URL(import.meta.url).searchParams.get("version") ?? "";
const source = new EventSource(${JSON.stringify(EVENTS_PATH)} + "?version=" + encodeURIComponent(version));
const OVERLAY_ID = "gopher-site-error-overlay";
function showErrors(problems) {
  let overlay = document.getElementById(OVERLAY_ID);
  if (!overlay) {
    overlay = document.createElement("div");
    overlay.id = OVERLAY_ID;
    overlay.setAttribute("role", "alert");
    overlay.style.cssText = "position:fixed;inset:0;z-index:2147483647;background:rgba(20,10,10,.92);color:#fff;" +
      "font:14px/1.5 ui-monospace,Menlo,Consolas,monospace;padding:2rem;overflow:auto;white-space:pre-wrap";
    document.body.appendChild(overlay);
  }
  overlay.textContent = "";
  const title = document.createElement("strong");
  title.textContent = "gopher-site: the last change cannot be built. This page shows the last good build.";
  title.style.cssText = "display:block;color:#fca5a5;font-size:16px;margin-bottom:1rem";
  const list = document.createElement("pre");
  list.textContent = problems.join("\\n");
  list.style.margin = "0";
  overlay.append(title, list);
}
let broken = false;
source.onmessage = (message) => {
  const event = JSON.parse(message.data);
  if (event.type === "error") { broken = true; showErrors(event.problems); }
  else if (event.type === "reload" || (event.type === "ok" && broken)) location.reload();
  else if (event.type === "css") {
    if (broken) { location.reload(); return; }
    // The page's sheet is named after its kind (city.<hash>.css): the new one of that kind replaces it.
    const link = document.querySelector('link[rel="stylesheet"]');
    const kind = (href) => href.split("/").pop().split(".")[0];
    const next = link && event.hrefs.find((href) => kind(href) === kind(link.getAttribute("href")));
    if (next) link.href = next; else location.reload();
  }
};
`;
