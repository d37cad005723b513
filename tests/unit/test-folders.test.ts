import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { REPO_ROOT } from "../helpers/sample-site.ts";

// `npm run test:unit` is the quick run: a test that builds a site, starts a process or a browser
// belongs in tests/integration (or tests/e2e), where `npm run test:integration` runs it.
const SLOW = [
  { what: "starts a process", pattern: /["']node:child_process["']|helpers\/run-cli\.ts|helpers\/editor-process\.ts/ },
  { what: "builds a site", pattern: /src\/build\.ts|\bbuildProject\(|\bbuildFixture\(|\bmakeSyntheticSite\(/ },
  { what: "starts a browser or a host", pattern: /helpers\/(?:built-site|served-scenario|host-servers|vnu|engines\/index)\.ts|\blaunchChromium\(/ },
];

it("no test under tests/unit builds a site or starts a process", () => {
  const unit = path.join(REPO_ROOT, "tests", "unit");
  const found = readdirSync(unit, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts"))
    .flatMap((file) => {
      const text = readFileSync(path.join(unit, file), "utf8");
      return SLOW.filter(({ pattern }) => pattern.test(text)).map(({ what }) => `tests/unit/${file} ${what}: move it to tests/integration`);
    });
  expect(found).toEqual([]);
});
