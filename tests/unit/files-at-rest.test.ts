import { mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { modifiedAt, QUIET_MS, untilQuiet } from "../../src/dev/files-at-rest.ts";

// A file saved in place is read by a dev server's build once it has been still for a moment
// (src/dev/site-watcher.ts): the waits are told to a fake clock, nothing sleeps here.
const dir = mkdtempSync(path.join(tmpdir(), "gopher-at-rest-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function fakeClock(start: number) {
  let time = start;
  const waits: number[] = [];
  return { now: () => time, waits, wait: async (ms: number) => void (waits.push(ms), (time += ms)) };
}

it("reads at once a file still for a while, or missing", async () => {
  const file = path.join(dir, "old.yaml");
  writeFileSync(file, "a: 1\n");
  utimesSync(file, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
  const clock = fakeClock(Date.now());
  await untilQuiet([file, path.join(dir, "missing.yaml")], clock);
  expect(clock.waits).toEqual([]);
});

it("waits until a file just written has been still for QUIET_MS, then reads it", async () => {
  const file = path.join(dir, "new.yaml");
  writeFileSync(file, "a: 1\n");
  const clock = fakeClock(modifiedAt(file) + 5);
  await untilQuiet([file], clock);
  expect(clock.waits).toEqual([QUIET_MS - 5]);
});

it("waits again while the writer goes on, never longer than `most` in all", async () => {
  const file = path.join(dir, "written.yaml");
  writeFileSync(file, "a: 1\n");
  const written = modifiedAt(file);
  // Each wait sees the file written again just before it ends (a writer that never stops).
  const clock = fakeClock(written);
  const wait = async (ms: number) => {
    await clock.wait(ms);
    utimesSync(file, new Date(clock.now() - 1), new Date(clock.now() - 1));
  };
  await untilQuiet([file], { most: 100, now: clock.now, wait });
  expect(clock.waits.reduce((sum, ms) => sum + ms, 0)).toBeLessThanOrEqual(100);
  expect(clock.waits.length).toBeGreaterThan(1);
});

it("takes a time ahead of the clock (another machine's) as just written: one wait of QUIET_MS", async () => {
  const file = path.join(dir, "ahead.yaml");
  writeFileSync(file, "a: 1\n");
  const clock = fakeClock(modifiedAt(file) - 1_000);
  await untilQuiet([file], { most: QUIET_MS, ...clock });
  expect(clock.waits).toEqual([QUIET_MS]);
});
