import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { CLIENT_PATH, EVENTS_PATH, LiveChannel } from "../../src/dev/live-reload.ts";
import { routeTable } from "../../src/http/routes.ts";
import { RebuildQueue } from "../../src/dev/rebuild-queue.ts";

describe("RebuildQueue", () => {
  it("runs one build at a time and folds changes made during a build into one more build", async () => {
    const runs: string[][] = [];
    let release!: () => void;
    let active = 0;
    let maxActive = 0;
    const queue = new RebuildQueue(async (changed) => {
      active++;
      maxActive = Math.max(maxActive, active);
      runs.push(changed);
      if (runs.length === 1) await new Promise<void>((resolve) => (release = resolve));
      active--;
    });
    queue.push("a.md");
    queue.push("b.md");
    queue.push("c.css");
    queue.push("b.md");
    release();
    await queue.whenIdle();
    expect(runs).toEqual([["a.md"], ["b.md", "c.css"]]);
    expect(maxActive).toBe(1);
  });

  it("runs a job of its own alone, after the running build and before the changes gathered meanwhile", async () => {
    const order: string[] = [];
    let release!: () => void;
    const queue = new RebuildQueue(async (changed) => {
      order.push(`build ${changed.join(" ")}`);
      if (order.length === 1) await new Promise<void>((resolve) => (release = resolve));
    });
    queue.push("a.md");
    queue.push("b.md");
    const job = queue.exclusive(async () => {
      order.push("save");
      return 42;
    });
    const failing = queue.exclusive(async () => {
      throw new Error("refused");
    });
    release();
    expect(await job).toBe(42);
    await expect(failing).rejects.toThrow("refused");
    await queue.whenIdle();
    expect(order).toEqual(["build a.md", "save", "build b.md"]);
  });
});

describe("LiveChannel", () => {
  it("adds the live-reload client at response time, before </head>, stamped with the build it was served at", () => {
    const live = new LiveChannel();
    expect(live.injectClient("<html><head><title>x</title></head><body></body></html>")).toBe(
      `<html><head><title>x</title><script type="module" src="${CLIENT_PATH}?version=0"></script></head><body></body></html>`,
    );
    live.send({ type: "reload" });
    expect(live.injectClient("<p>")).toBe(`<p><script type="module" src="${CLIENT_PATH}?version=1"></script>`);
  });

  it("tells a page served before the latest build to reload as soon as its event stream connects", async () => {
    const live = new LiveChannel();
    const routes = routeTable(live.routes);
    const server = createServer((request, response) => void routes(request, response));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}${EVENTS_PATH}`;
    // The first event a page stamped with `version` receives; `then` runs once its stream is open.
    const firstEvent = async (version: number, then = () => {}) => {
      const controller = new AbortController();
      const response = await fetch(`${base}?version=${version}`, { signal: controller.signal });
      const reader = response.body!.getReader();
      let text = "";
      then();
      while (!/^data: .*$/m.test(text)) text += new TextDecoder().decode((await reader.read()).value);
      controller.abort();
      return text.match(/^data: (.*)$/m)![1];
    };
    try {
      live.send({ type: "reload" });
      live.send({ type: "css", hrefs: ["/assets/site.abc.css"] });
      expect(await firstEvent(1)).toBe('{"type":"reload"}');
      // A page served at the latest build hears nothing until the next event.
      expect(await firstEvent(2, () => live.send({ type: "error", problems: ["x"] }))).toBe('{"type":"error","problems":["x"]}');
    } finally {
      live.close();
      server.closeAllConnections();
      server.close();
    }
  });
});
