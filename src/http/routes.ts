import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * One route of a server: a path (or every path under a prefix), the methods it answers, and what
 * answers. dev, preview, `serve` and the editor are each a table of these in front of the static
 * files (static-server.ts), behind one guard and one error boundary.
 */
export interface Route {
  /** The path, exactly; with `prefix`, every path under it (`/__editor/api/`). */
  path: string;
  prefix?: boolean;
  /** The methods it answers; any other is answered 405 with Allow. Every method when absent. */
  methods?: readonly string[];
  handle(request: IncomingMessage, response: ServerResponse, pathname: string): void | Promise<void>;
}

/** Answers a request when one of its routes is the request's (true); false leaves it to the static files. */
export type RouteHandler = (request: IncomingMessage, response: ServerResponse) => Promise<boolean>;

/** The request's path, without its query or fragment. */
export function pathnameOf(request: IncomingMessage): string {
  return (request.url ?? "/").split(/[?#]/, 1)[0]!;
}

/** The routes as one handler: an exact path before a prefix, the longest prefix first. */
export function routeTable(routes: readonly Route[]): RouteHandler {
  const exact = new Map(routes.filter((route) => !route.prefix).map((route) => [route.path, route]));
  const prefixes = routes.filter((route) => route.prefix).sort((a, b) => b.path.length - a.path.length);
  return async (request, response) => {
    const pathname = pathnameOf(request);
    const route = exact.get(pathname) ?? prefixes.find((each) => pathname.startsWith(each.path));
    if (!route) return false;
    if (route.methods && !route.methods.includes(request.method ?? "GET")) {
      response.writeHead(405, { allow: route.methods.join(", "), "cache-control": "no-store" }).end();
      return true;
    }
    await route.handle(request, response, pathname);
    return true;
  };
}
