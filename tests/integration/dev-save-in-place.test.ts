import { execFile } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { promisify } from "node:util";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startDevServer, type DevServer } from "../../src/dev/dev-server.ts";
import { EVENTS_PATH, type LiveEvent } from "../../src/dev/live-reload.ts";
import { copyFixture } from "../helpers/fixture-site.ts";
import { removeDir } from "../helpers/sample-site.ts";
import { terminalLog } from "../helpers/terminal-log.ts";

// A text editor that saves in place truncates the file, then writes it. The dev server may build
// from the empty file, and its watcher (chokidar) drops a second change of a file within 50 ms of
// the first: without a second look the site would stay broken until the next save. Nor may it
// serve what it built from a file still being written.

const execFileAsync = promisify(execFile);

let dir: string;
let server: DevServer;
const terminal = terminalLog();

beforeAll(async () => {
  dir = await copyFixture("two-states");
  server = await startDevServer({ config: path.join(dir, "site.yaml"), port: 0, host: "127.0.0.1", log: terminal.log, outDir: path.join(dir, ".dev-out") });
}, 90_000);
afterAll(async () => {
  await server?.close();
  if (dir) await removeDir(dir);
});

it("builds a file saved in place again when the build read it half written", { timeout: 60_000 }, async () => {
  const config = path.join(dir, "site.yaml");
  const text = (await readFile(config, "utf8")).replace('display: "(208) 555-0147"', 'display: "(208) 555-0199"').replace('tel: "+12085550147"', 'tel: "+12085550199"');
  expect(text).toContain("555-0199");
  await server.whenIdle();
  const before = server.builds;
  await writeFile(config, "");
  // The build of the empty file ends, then the rest is written, within the watcher's 50 ms.
  while (server.builds === before) await new Promise((resolve) => setTimeout(resolve, 1));
  await writeFile(config, text);
  await expect.poll(async () => (await fetch(`${server.url}/about`)).text(), { timeout: 20_000, interval: 100 }).toContain("(208) 555-0199");
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

/** `count` more towns for the fixture's site.yaml, each an entry of its `cities` list (its last key). */
function manyTowns(count: number): string {
  return Array.from({ length: count }, (_, index) => {
    const n = index + 1;
    return [
      `  - name: "Prairie Town ${n}"`,
      `    slug: prairie-town-${n}`,
      `    region: "ID"`,
      `    lat: ${(47.5 + (n % 100) / 400).toFixed(4)}`,
      `    lng: ${(-116.5 - Math.floor(n / 100) / 400).toFixed(4)}`,
      `    nearby: [post-falls, hayden, coeur-d-alene]`,
      `    intro: >-`,
      `      Prairie Town ${n} sits on the deep, loose soil of the Rathdrum Prairie, where new lawns`,
      `      and old hay fields meet and gophers move into the first watered yards they reach.`,
    ].join("\n");
  }).join("\n");
}

it("never serves a build of a large site.yaml still being written in place, cut or not", { timeout: 120_000 }, async () => {
  const config = path.join(dir, "site.yaml");
  const original = await readFile(config, "utf8");
  const large = `${original.trimEnd()}\n${manyTowns(1500)}\n`;
  await writeFile(config, large);
  await server.whenIdle();
  await expect.poll(() => terminal.lines.some((line) => /Rebuilt \d+ of 1\d{3} pages/.test(line)), { timeout: 60_000 }).toBe(true);
  const total = Number(/of (\d+) pages/.exec(terminal.lines.findLast((line) => /Rebuilt/.test(line))!)![1]);

  const open = await listenToEvents(server.url);
  const from = terminal.lines.length;
  try {
    // Saved again in place by another program, as an editor writes a large file: truncated, then
    // written 300 towns at a time, 15 ms apart; every cut between two towns is a site.yaml that parses.
    const changed = large.replace(/display: "\(208\) 555-\d{4}"/, 'display: "(208) 555-0123"').replace(/tel: "\+1208555\d{4}"/, 'tel: "+12085550123"');
    expect(changed).not.toBe(large);
    const cuts = [...changed.matchAll(/^  - name: "Prairie Town \d+"/gm)].map((match) => match.index!).filter((_, index) => index % 300 === 0);
    await writeFile(path.join(dir, "next.yaml"), changed);
    await execFileAsync(process.execPath, ["-e", WRITE_IN_PLACE, config, path.join(dir, "next.yaml"), JSON.stringify(cuts)]);
    await expect.poll(async () => (await fetch(`${server.url}/about`)).text().then((html) => html.includes("(208) 555-0123")), { timeout: 30_000, interval: 50 }).toBe(true);
    await server.whenIdle();
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${terminal.lines.slice(from).join("\n")}`);
  } finally {
    open.stop();
  }
  const told = terminal.lines.slice(from);
  // Each build served was of the whole file: no error shown, no site of fewer towns.
  expect(open.events.filter((event) => event.type === "error")).toEqual([]);
  const served = told.filter((line) => /Rebuilt|Built/.test(line));
  expect(served.length).toBeGreaterThan(0);
  for (const line of served) expect(line).toMatch(new RegExp(`of ${total} pages|${total} pages`));
  // Whether a build read the file cut (and was let go: "still being written; building it again")
  // or waited until it was whole (files-at-rest.ts untilQuiet: its writes are 15 ms apart) depends
  // on when the watcher's event came: either way no build of a cut file is served.
});

/** Writes argv[2] in place (truncated, then in parts) with argv[3]'s text, cut at argv[4]'s offsets, 15 ms apart. */
const WRITE_IN_PLACE = `
const fs = require("node:fs");
const [file, from, cutsJson] = process.argv.slice(1);
const text = Buffer.from(fs.readFileSync(from, "utf8"));
const cuts = [...JSON.parse(cutsJson).map((at) => Buffer.byteLength(fs.readFileSync(from, "utf8").slice(0, at))), text.length];
const fd = fs.openSync(file, "w");
let at = 0;
const next = () => {
  const cut = cuts.shift();
  if (cut === undefined) return fs.closeSync(fd);
  fs.writeSync(fd, text.subarray(at, cut));
  at = cut;
  setTimeout(next, 15);
};
next();
`;
