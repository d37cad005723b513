import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { REPO_ROOT } from "../helpers/sample-site.ts";

// A test starts from a small fixture of tests/fixtures/ (copyFixture, buildFixture, servedScenario,
// useBuiltSite({ fixture })); only the tests whose subject is the sample itself (its spec's pages and
// behaviours, its byte-identical dist/, its HTML checked whole) copy the whole sample. A new test
// that copies it fails here: start it from a fixture, or say here why the sample is its subject.
const SAMPLE_IS_THE_SUBJECT = [
  "tests/e2e/accessibility.test.ts",
  "tests/e2e/callback-modal.test.ts",
  "tests/e2e/layout.test.ts",
  "tests/e2e/page-behaviour.test.ts",
  "tests/e2e/spanish-pages.test.ts",
  "tests/integration/build-sample.test.ts",
  "tests/integration/html-validity.test.ts",
  // The bytes a visitor's browser downloads (issue 36's budgets) are the sample's pages' bytes.
  "tests/integration/page-bytes.test.ts",
  "tests/integration/sample-dist.test.ts",
];

/** A call that copies the whole sample: copySample(), a built site's helpers without a fixture, forEachEngine's `{ sample: true }`. */
const COPIES_THE_SAMPLE = /\bcopySample\(|\b(?:useBuiltSite|startBuiltSite)\(\s*\)|\bsample: true\b/;

it("only the tests of the sample itself copy the whole sample", () => {
  const tests = path.join(REPO_ROOT, "tests");
  const copying = readdirSync(tests, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts"))
    .map((file) => `tests/${file.split(path.sep).join("/")}`)
    // The helpers that copy it on the sample's tests' behalf, and this file.
    .filter((file) => !["tests/helpers/sample-site.ts", "tests/helpers/built-site.ts", "tests/helpers/engines/index.ts", "tests/unit/sample-copies.test.ts"].includes(file))
    .filter((file) => COPIES_THE_SAMPLE.test(readFileSync(path.join(REPO_ROOT, file), "utf8")));
  expect(copying.sort()).toEqual(SAMPLE_IS_THE_SUBJECT);
  expect(SAMPLE_IS_THE_SUBJECT.length).toBeLessThanOrEqual(9);
});
