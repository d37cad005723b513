import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { devOutputDir, HOST } from "../../src/dev/output-folder.ts";

const scratch = mkdtempSync(path.join(tmpdir(), "gopher-dev-out-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

it("builds in the first folder with room, one folder per project and process", () => {
  const a = devOutputDir("/projects/a", [scratch]);
  expect(path.dirname(a)).toBe(scratch);
  expect(path.basename(a)).toMatch(new RegExp(`^gopher-site-dev-[0-9a-f]{12}-${HOST}-${process.pid}-[0-9a-f]{8}$`));
  expect(devOutputDir("/projects/a", [scratch])).not.toBe(a);
  expect(path.basename(devOutputDir("/projects/b", [scratch])).slice(0, 29)).not.toBe(path.basename(a).slice(0, 29));
});

it("falls back to the system temp folder when no RAM-backed folder is there, or it is a file", () => {
  const file = path.join(scratch, "not-a-folder");
  writeFileSync(file, "");
  expect(path.dirname(devOutputDir("/projects/a", [path.join(scratch, "missing"), file]))).toBe(tmpdir());
});

it("deletes what a killed dev server of this machine left (its folder, staging folder and lock), never a running one's or another machine's", async () => {
  const { mkdirSync, existsSync } = await import("node:fs");
  const { removeAbandoned } = await import("../../src/dev/output-folder.ts");
  const { spawnSync } = await import("node:child_process");
  const parent = mkdtempSync(path.join(scratch, "parent-"));
  // A process that has ended: its number is free.
  const dead = spawnSync(process.execPath, ["-e", "0"]).pid!;
  const left = [`gopher-site-dev-0123456789ab-${HOST}-${dead}-00c0ffee`, `.gopher-site-dev-0123456789ab-${HOST}-${dead}-00c0ffee.staging-1-ab`, `.gopher-site-dev-0123456789ab-${HOST}-${dead}-00c0ffee.lock`];
  // Running here, or a process of another machine sharing the folder (its numbers mean nothing here).
  const other = HOST === "000000" ? "ffffff" : "000000";
  const kept = [`gopher-site-dev-0123456789ab-${HOST}-${process.pid}-00c0ffee`, `gopher-site-dev-0123456789ab-${HOST}-${process.ppid}-00c0ffee`, `gopher-site-dev-0123456789ab-${other}-${dead}-00c0ffee`, "someone-elses-folder"];
  for (const name of [...left, ...kept]) mkdirSync(path.join(parent, name));
  await removeAbandoned(path.join(parent, `gopher-site-dev-0123456789ab-${HOST}-${process.pid}-00c0ffee`));
  expect(left.filter((name) => existsSync(path.join(parent, name)))).toEqual([]);
  expect(kept.filter((name) => existsSync(path.join(parent, name)))).toEqual(kept);
});
