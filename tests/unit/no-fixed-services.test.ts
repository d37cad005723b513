import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { REPO_ROOT } from "../helpers/sample-site.ts";

/** The starter site's files are sample data a new site starts from, not code. */
const STARTER = path.join("src", "init", "starter");

// Services are site.yaml's list: the code knows no service by name, so a company of any trade gets
// the same behaviour for every service it lists, and adding one touches no code.
it("names no service in src/ or templates/: the services are site.yaml's list", () => {
  const found: string[] = [];
  for (const folder of ["src", "templates"]) {
    for (const name of readdirSync(path.join(REPO_ROOT, folder), { recursive: true, encoding: "utf8" })) {
      const file = path.join(folder, name);
      if (file.startsWith(STARTER) || !/\.(ts|tsx|js|mjs|css)$/.test(name)) continue;
      readFileSync(path.join(REPO_ROOT, file), "utf8").split("\n").forEach((line, index) => {
        if (/residential|commercial/i.test(line)) found.push(`${file}:${index + 1}  ${line.trim()}`);
      });
    }
  }
  expect(found).toEqual([]);
});
