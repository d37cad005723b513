import { describe, expect, it } from "vitest";
import { CLIENT_PATH, injectClient } from "../../src/dev/live-reload.ts";
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
});

describe("injectClient", () => {
  it("adds the live-reload client at response time, before </head>", () => {
    expect(injectClient("<html><head><title>x</title></head><body></body></html>")).toBe(
      `<html><head><title>x</title><script type="module" src="${CLIENT_PATH}"></script></head><body></body></html>`,
    );
  });
});
