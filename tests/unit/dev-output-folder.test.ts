import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { devOutputDir } from "../../src/dev/output-folder.ts";

const scratch = mkdtempSync(path.join(tmpdir(), "gopher-dev-out-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

it("builds in the first folder with room, one folder per project and process", () => {
  const a = devOutputDir("/projects/a", [scratch]);
  expect(path.dirname(a)).toBe(scratch);
  expect(path.basename(a)).toMatch(new RegExp(`^gopher-site-dev-[0-9a-f]{12}-${process.pid}$`));
  expect(devOutputDir("/projects/b", [scratch])).not.toBe(a);
});

it("falls back to the system temp folder when no RAM-backed folder is there, or it is a file", () => {
  const file = path.join(scratch, "not-a-folder");
  writeFileSync(file, "");
  expect(path.dirname(devOutputDir("/projects/a", [path.join(scratch, "missing"), file]))).toBe(tmpdir());
});
