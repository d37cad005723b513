import { cp, mkdtemp, readFile, readdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build, type BuildResult } from "../../src/build.ts";
import { problemLinesAsync } from "../helpers/problems.ts";
import { runCli } from "../helpers/run-cli.ts";
import { REPO_ROOT, removeDir } from "../helpers/sample-site.ts";
import { tradeWords } from "../helpers/trade-words.ts";

// examples/pool-cleaning-arizona: another trade, another state, one language and one service page,
// built from its own site.yaml and content/ with the same code as the sample.
const EXAMPLE = path.join(REPO_ROOT, "examples/pool-cleaning-arizona");
let out: string;
let built: BuildResult;
const html = (file: string) => readFile(path.join(out, file), "utf8");
const footerOf = (page: string) => page.slice(page.indexOf('<footer class="site-footer">'));
const mainOf = (page: string) => page.slice(page.indexOf('<main id="main">'), page.indexOf("</main>"));

beforeAll(async () => {
  out = await mkdtemp(path.join(tmpdir(), "gopher-site-example-"));
  built = await build({ config: path.join(EXAMPLE, "site.yaml"), out: path.join(out, "dist") });
  out = path.join(out, "dist");
}, 90_000);
afterAll(() => removeDir(path.dirname(out)));

describe("the pool-cleaning example", () => {
  it("has its pages at its own addresses: one service page, eight towns, no commercial page", () => {
    expect(built.pages.map((page) => page.path).sort()).toEqual(
      [
        "/", "/404", "/about", "/blog", "/blog/what-a-weekly-pool-visit-includes", "/privacy-policy", "/service-areas", "/terms-of-service", "/weekly-pool-service",
        ...["apache-junction", "chandler", "gilbert", "mesa", "queen-creek", "san-tan-valley", "scottsdale", "tempe"].map((town) => `/${town}-pool-cleaning`),
      ].sort(),
    );
    expect(built.pages.filter((page) => page.template === "service").map((page) => page.path)).toEqual(["/weekly-pool-service"]);
  });

  it("links its one service in the menu and the footer, and nothing else of a service it lacks", async () => {
    const home = await html("index.html");
    const menu = home.match(/<nav id="site-nav"[\s\S]*?<\/nav>/)![0];
    expect([...menu.matchAll(/href="([^"]*)"/g)].map((match) => match[1])).toEqual(["/", "/weekly-pool-service", "/service-areas", "/about", "/blog"]);
    expect(footerOf(home)).toContain('<h2>Services</h2><ul><li><a href="/weekly-pool-service">Weekly Service</a></li><li><a href="/service-areas">Service Areas</a></li></ul>');
    expect(home).not.toMatch(/commercial/i);
  });

  it("shows each licence where site.yaml says, its prices and facts in its copy, and its business type", async () => {
    const contractor = "Arizona ROC Swimming Pool Service and Repair License (R-6) #ROC-000000 (sample)";
    const business = "City of Mesa Business License #MBL-0000000 (sample)";
    const [home, about, service, privacy] = await Promise.all([html("index.html"), html("about.html"), html("weekly-pool-service.html"), html("privacy-policy.html")]);
    expect(footerOf(home)).toContain(`<p>${contractor}</p>`);
    expect(footerOf(home)).not.toContain(business);
    expect(mainOf(about)).toContain(contractor);
    expect(mainOf(service)).toContain(contractor);
    expect(mainOf(privacy)).toContain(business);
    expect(mainOf(privacy)).not.toContain(contractor);
    expect(mainOf(service)).toContain("for $140 a month with chemicals included");
    expect(mainOf(service)).toContain("a clean ($95)");
    expect(mainOf(home)).toContain("in about 30 to 45 minutes");
    expect(home).toContain('"@type":"HomeAndConstructionBusiness"');
    // Its brand colour, teal, draws the page: buttons, headings, the city hero's veil.
    const stylesheet = home.match(/<link rel="stylesheet" href="\/([^"]+)"/)![1]!;
    expect(await html(stylesheet)).toContain("--green-800:#0e7490");
  });

  it("carries no word of the sample's trade on any page", async () => {
    const files = (await readdir(out, { recursive: true })).filter((name) => /\.(html|xml|txt|webmanifest)$/.test(name));
    const found = await Promise.all(files.map(async (file) => tradeWords(await readFile(path.join(out, file), "utf8")).map((word) => `${file}: ${word}`)));
    expect(found.flat()).toEqual([]);
  });

  it("passes check --strict", async () => {
    const result = await runCli(["check", "--strict", "--config", path.join(EXAMPLE, "site.yaml")], { cwd: REPO_ROOT });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Checked 17 pages and \d+ files in .*: no problems/);
  }, 60_000);

  it("refuses copy naming a fact the site does not have (no warranty), naming file, line and column", async () => {
    const copy = await mkdtemp(path.join(tmpdir(), "gopher-site-example-"));
    try {
      for (const entry of ["site.yaml", "content", "public"]) await cp(path.join(EXAMPLE, entry), path.join(copy, entry), { recursive: true });
      const about = path.join(copy, "content/pages/about.yaml");
      const text = await readFile(about, "utf8");
      await writeFile(about, text.replace("        Same day, every week,", "        Backed by a {warrantyDays}-day warranty. Same day, every week,"));
      // The card's folded text (text: >-) starts on the line before its first words.
      const line = text.split("\n").findIndex((each) => each.includes("Same day, every week,"));
          const lines = await problemLinesAsync(() => build({ config: path.join(copy, "site.yaml"), out: path.join(copy, "dist") }));
      expect(lines).toHaveLength(1);
      // The file as the user reads it: relative to where the command runs, here outside the project.
      expect(lines[0]!.startsWith(`${copy}/content/pages/about.yaml:${line}:13  `)).toBe(true);
      expect(lines[0]).toMatch(new RegExp(`about\\.yaml:${line}:\\d+  values\\.cards\\.0\\.text  unknown placeholder \\{warrantyDays\\}; known: `));
      expect(lines[0]).not.toContain("{warrantyDays},");
    } finally {
      await removeDir(copy);
    }
  }, 60_000);
});
