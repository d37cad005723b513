import { readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyFixture, type Fixture } from "../helpers/fixture-site.ts";
import { runCli } from "../helpers/run-cli.ts";
import { REPO_ROOT, removeDir } from "../helpers/sample-site.ts";

// The fixtures are sites an owner could have written: the tests of a scenario trust them to build
// as they are, so a change of the schema or of the copy rules that breaks one fails here, by name,
// rather than as a puzzling failure in the tests that start from it. Built on one day: the
// local-facts fixture has pages that end.
const env = { GOPHER_SITE_TODAY: "2026-12-01" };
const FIXTURES: Record<Fixture, { pages: number }> = {
  "local-facts": { pages: 30 },
  "many-services": { pages: 30 },
  "no-reviews": { pages: 26 },
  "own-form": { pages: 28 },
  "own-pages": { pages: 28 },
  small: { pages: 26 },
  "two-states": { pages: 13 },
};

it("every folder of tests/fixtures/ is a scenario the helper knows", () => {
  const folders = readdirSync(path.join(REPO_ROOT, "tests", "fixtures"), { withFileTypes: true }).filter((entry) => entry.isDirectory());
  expect(folders.map((entry) => entry.name).sort()).toEqual(Object.keys(FIXTURES).sort());
});

describe.each(Object.entries(FIXTURES) as Array<[Fixture, { pages: number }]>)("the %s fixture", { timeout: 60_000 }, (name, { pages }) => {
  let dir: string;
  beforeAll(async () => {
    dir = await copyFixture(name);
  });
  afterAll(() => removeDir(dir));

  it("builds with gopher-site build", async () => {
    const result = await runCli(["build"], { cwd: dir, env });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^Wrote ${pages} pages \\(\\d+ files, .*\\) to dist in `, "m"));
    const html = readdirSync(path.join(dir, "dist"), { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".html"));
    expect(html).toHaveLength(pages);
  });

  it(name === "own-pages" ? "passes check; --strict names only the own pages Spanish has yet to translate" : "passes check --strict", async () => {
    const strict = await runCli(["check", "--strict"], { cwd: dir, env });
    if (name !== "own-pages") {
      expect(strict.stderr).toBe("");
      expect(strict.stdout).toMatch(new RegExp(`^Checked ${pages} pages and \\d+ files in .*: no problems$`, "m"));
      expect(strict.code).toBe(0);
      return;
    }
    expect(strict.stderr.split("\n").filter((line) => line.startsWith("content/"))).toEqual([
      "content/es/own/financing.yaml  not translated yet: the /es/ version of the financing page is left out until it is (file not found; every copy file is required) (an error with --strict)",
      "content/es/own/team.yaml  not translated yet: the /es/ version of the team page is left out until it is (file not found; every copy file is required) (an error with --strict)",
    ]);
    const check = await runCli(["check"], { cwd: dir, env });
    expect(check.stdout).toMatch(new RegExp(`^Checked ${pages} pages and \\d+ files in .*: no problems$`, "m"));
    expect(check.code).toBe(0);
  });
});
