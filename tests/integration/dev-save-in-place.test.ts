import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startDevServer, type DevServer } from "../../src/dev/dev-server.ts";
import { EVENTS_PATH, type LiveEvent } from "../../src/dev/live-reload.ts";
import { createLogger } from "../../src/log.ts";
import { copySample, removeDir } from "../helpers/sample-site.ts";

// A text editor that saves in place truncates the file, then writes it. The dev server may build
// from the empty file, and its watcher (chokidar) drops a second change of a file within 50 ms of
// the first: without a second look the site would stay broken until the next save.

let dir: string;
let server: DevServer;

beforeAll(async () => {
  dir = await copySample({ oneLanguage: true });
  server = await startDevServer({ config: path.join(dir, "site.yaml"), port: 0, host: "127.0.0.1", log: createLogger({ level: "quiet" }), outDir: path.join(dir, ".dev-out") });
}, 90_000);
afterAll(async () => {
  await server?.close();
  if (dir) await removeDir(dir);
});

it("builds a file saved in place again when the build read it half written", { timeout: 60_000 }, async () => {
  const config = path.join(dir, "site.yaml");
  const text = (await readFile(config, "utf8")).replace("display: (951) 555-0142", "display: (909) 555-0199").replace('tel: "+19515550142"', 'tel: "+19095550199"');
  await server.whenIdle();
  const before = server.builds;
  await writeFile(config, "");
  // The build of the empty file ends, then the rest is written, within the watcher's 50 ms.
  while (server.builds === before) await new Promise((resolve) => setTimeout(resolve, 1));
  await writeFile(config, text);
  await expect.poll(async () => (await fetch(`${server.url}/about`)).text(), { timeout: 20_000, interval: 100 }).toContain("(909) 555-0199");
});

/** The reload channel's events as an open page receives them, from now on. */
async function listenToEvents(url: string): Promise<{ events: LiveEvent[]; stop(): void }> {
  const controller = new AbortController();
  const response = await fetch(`${url}${EVENTS_PATH}`, { signal: controller.signal });
  const events: LiveEvent[] = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffered = "";
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
      if (done) return;
      buffered += value;
      const messages = buffered.split("\n\n");
      buffered = messages.pop()!;
      for (const message of messages) if (message.startsWith("data: ")) events.push(JSON.parse(message.slice(6)) as LiveEvent);
    }
  })();
  return { events, stop: () => controller.abort() };
}

it("leaves open pages as they are when a save changes nothing served, and whenIdle waits for the second look", { timeout: 60_000 }, async () => {
  const config = path.join(dir, "site.yaml");
  await server.whenIdle();
  const open = await listenToEvents(server.url);
  try {
    const before = server.builds;
    // Saved in place with the very same text, over the old bytes (`r+` does not truncate: a build
    // that read the file empty would rightly show an error, the other test's case): a build, a
    // second look, and no page to reload.
    await writeFile(config, await readFile(config, "utf8"), { flag: "r+" });
    await expect.poll(() => server.builds, { timeout: 20_000, interval: 10 }).toBeGreaterThan(before);
    await server.whenIdle();
    await expect.poll(() => open.events.length, { timeout: 5_000, interval: 10 }).toBeGreaterThan(0);
    expect(open.events.every((event) => event.type === "ok")).toBe(true);
  } finally {
    open.stop();
  }
});
