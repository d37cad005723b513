import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { REPO_ROOT } from "../helpers/sample-site.ts";

// `npm run test:unit` is the quick run: a test that builds a site, starts a process or a browser
// belongs in tests/integration (or tests/e2e), where `npm run test:integration` runs it.
/** An import (static or dynamic) of a module whose specifier ends so: naming the file in a string or a comment is no use of it. */
const imports = (ending: string) => new RegExp(`(?:\\bfrom\\s*|\\bimport\\s*\\(\\s*)["'][^"']*${ending}["']`);
const SLOW = [
  { what: "starts a process", pattern: imports("(?:node:child_process|helpers/run-cli\\.ts|helpers/editor-process\\.ts)") },
  { what: "builds a site", pattern: new RegExp(`${imports("src/build\\.ts").source}|\\bbuildProject\\(|\\bbuildFixture\\(|\\bmakeSyntheticSite\\(`) },
  { what: "starts a browser or a host", pattern: new RegExp(`${imports("helpers/(?:built-site|served-scenario|host-servers|vnu|engines/index)\\.ts").source}|\\blaunchChromium\\(`) },
];

it("knows a slow test by its imports and calls, not by a file's name in a string", () => {
  const slow = (text: string) => SLOW.filter(({ pattern }) => pattern.test(text)).map(({ what }) => what);
  expect(slow('import { spawn } from "node:child_process";')).toEqual(["starts a process"]);
  expect(slow('const { runCli } = await import("../helpers/run-cli.ts");')).toEqual(["starts a process"]);
  expect(slow('import { build } from "../../src/build.ts";')).toEqual(["builds a site"]);
  expect(slow("await buildFixture(\"small\");")).toEqual(["builds a site"]);
  expect(slow('import { useBuiltSite } from "../helpers/built-site.ts";')).toEqual(["starts a browser or a host"]);
  expect(slow('import { forEachEngine } from "../helpers/engines/index.ts";')).toEqual(["starts a browser or a host"]);
  expect(slow('const helpers = ["tests/helpers/built-site.ts", "tests/helpers/run-cli.ts"];')).toEqual([]);
});

it("no test under tests/unit builds a site or starts a process", () => {
  const unit = path.join(REPO_ROOT, "tests", "unit");
  const found = readdirSync(unit, { recursive: true, encoding: "utf8" })
    // This file's own examples above are the imports it looks for.
    .filter((file) => file.endsWith(".ts") && file !== "test-folders.test.ts")
    .flatMap((file) => {
      const text = readFileSync(path.join(unit, file), "utf8");
      return SLOW.filter(({ pattern }) => pattern.test(text)).map(({ what }) => `tests/unit/${file} ${what}: move it to tests/integration`);
    });
  expect(found).toEqual([]);
});
