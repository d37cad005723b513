import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { routeTable, type Route } from "../../src/http/routes.ts";

/** A request and a response that only records what is answered. */
function exchange(method: string, url: string) {
  const answered: { status?: number; headers?: Record<string, string>; by?: string } = {};
  const response = {
    writeHead(status: number, headers: Record<string, string>) {
      Object.assign(answered, { status, headers });
      return this;
    },
    end() {},
  } as unknown as ServerResponse;
  return { request: { method, url } as IncomingMessage, response, answered };
}

const named = (by: string, route: Omit<Route, "handle">): Route => ({ ...route, handle: (_request, _response, pathname) => void Object.assign(answered, { by, pathname }) });
let answered: Record<string, unknown> = {};

describe("a server's route table", () => {
  const table = routeTable([
    named("api", { path: "/__editor/api/", prefix: true }),
    named("editor files", { path: "/__editor/", prefix: true, methods: ["GET", "HEAD"] }),
    named("editor page", { path: "/__editor/", methods: ["GET"] }),
    named("form", { path: "/api/lead", methods: ["POST"] }),
  ]);

  it("takes an exact path before a prefix, and the longest prefix first", async () => {
    for (const [url, by] of [["/__editor/", "editor page"], ["/__editor/app.js?v=1", "editor files"], ["/__editor/api/state", "api"]] as const) {
      answered = {};
      expect(await table(exchange("GET", url).request, exchange("GET", url).response)).toBe(true);
      expect(answered.by).toBe(by);
    }
  });

  it("answers another method 405 with Allow, and leaves a path of no route to the files", async () => {
    const post = exchange("GET", "/api/lead");
    expect(await table(post.request, post.response)).toBe(true);
    expect(post.answered).toMatchObject({ status: 405, headers: { allow: "POST" } });
    const page = exchange("GET", "/about");
    expect(await table(page.request, page.response)).toBe(false);
  });
});
