import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { folderSnapshot } from "../helpers/folder-snapshot.ts";
import { copySample, removeDir } from "../helpers/sample-site.ts";
import { runCli } from "../helpers/run-cli.ts";

let dir: string;
let dist: string;
let build: Awaited<ReturnType<typeof runCli>>;
let htmlFiles: string[];

const read = (file: string) => readFile(path.join(dist, file), "utf8");


beforeAll(async () => {
  dir = await copySample({ oneLanguage: true });
  dist = path.join(dir, "dist");
  build = await runCli(["build"], { cwd: dir });
  htmlFiles = (await readdir(dist, { recursive: true })).filter((name) => name.endsWith(".html")).sort();
}, 60_000);
afterAll(() => removeDir(dir));

describe("gopher-site build on the sample site", () => {
  it("succeeds with one summary line and the notices about towns without a page", () => {
    expect(build.stderr).toBe("");
    expect(build.code).toBe(0);
    const lines = build.stdout.trim().split("\n");
    expect(lines.at(-1)).toMatch(/^Wrote 45 pages \(\d+ files, [\d.]+ (KB|MB)\) to dist in \d+(\.\d+)? m?s$/);
    expect(lines.filter((line) => line.startsWith("notice "))).toHaveLength(2);
  });

  it("writes the 44 routes of the spec and 404.html, each with its own title, description and canonical", async () => {
    expect(htmlFiles).toHaveLength(45);
    expect(htmlFiles).toContain("404.html");
    expect(htmlFiles).toContain("index.html");
    expect(htmlFiles).toContain("temecula-gopher-control.html");
    expect(htmlFiles).toContain("blog/60-day-warranty-explained.html");
    const titles = new Set<string>();
    for (const file of htmlFiles) {
      const html = await read(file);
      const title = html.match(/<title>([^<]+)<\/title>/)?.[1];
      expect(title, file).toBeTruthy();
      titles.add(title!);
      expect(html.match(/<meta name="description" content="[^"]{50,}"\/>/g), file).toHaveLength(1);
      const canonicals = html.match(/<link rel="canonical" href="([^"]+)"\/>/g) ?? [];
      expect(canonicals, file).toHaveLength(1);
      const expected = file === "index.html" ? "/" : `/${file.replace(/\.html$/, "")}`;
      if (file !== "404.html") expect(canonicals[0]).toContain(`href="https://www.gopherguard.example.com${expected}"`);
    }
    expect(titles.size).toBe(45);
  });

  it("has no internal link or asset reference to a missing file", async () => {
    const files = new Set((await readdir(dist, { recursive: true })).map((name) => `/${name}`));
    const resolves = (target: string) =>
      target === "/" || files.has(target) || files.has(`${target}.html`) || files.has(`${target}/index.html`);
    let checked = 0;
    for (const file of htmlFiles) {
      const html = await read(file);
      for (const [, target] of html.matchAll(/\s(?:href|src)="(\/[^"#?]*)/g)) {
        checked++;
        expect(resolves(target!), `${file} -> ${target}`).toBe(true);
      }
    }
    expect(checked).toBeGreaterThan(45 * 20);
  });

  it("copies public/ and writes content-hashed, minified stylesheets: the whole one and one a page kind", async () => {
    const assets = await readdir(path.join(dist, "assets"));
    const css = assets.filter((name) => name.endsWith(".css")).sort();
    // Each page kind's (tests/integration/css-budget.test.ts); the 404's serves the thank-you pages too;
    // the service pages' by the types of their sections (both of the sample's have the same).
    expect(css.map((name) => name.replace(/\.[A-Za-z0-9_-]{10}\.css$/, ""))).toEqual(["about", "article", "blog", "city", "home", "legal", "not-found", "service-areas", "service-cards-prose-reviews-steps", "service", "site"]);
    for (const name of css) expect((await read(`assets/${name}`)).split("\n").length, name).toBeLessThanOrEqual(2);
    expect(await readdir(path.join(dist, "images"))).toContain("logo.svg");
  });

  it("fails on a broken site.yaml with file:line, exit 1, no stack trace, and the previous output untouched", async () => {
    const before = await folderSnapshot(dist);
    const yaml = await readFile(path.join(dir, "site.yaml"), "utf8");
    const broken = yaml.replace("  days: 60\n", "  days: sixty\n").replace("    lat: 33.4936\n", "    lat: 333.4936\n");
    await writeFile(path.join(dir, "site.yaml"), broken);
    try {
      const result = await runCli(["build"], { cwd: dir });
      expect(result.code).toBe(1);
      expect(result.stdout).toBe("");
      const warrantyLine = broken.split("\n").indexOf("  days: sixty") + 1;
      expect(result.stderr).toContain(`site.yaml:${warrantyLine}:9  warranty.days  expected number, got text "sixty"`);
      expect(result.stderr).toMatch(/site\.yaml:\d+:10  cities\.\d+\.lat  latitude must be between -90 and 90/);
      expect(result.stderr).toContain("2 problems found; nothing was written.");
      expect(result.stderr).not.toMatch(/\n\s+at /);
      expect(await folderSnapshot(dist)).toEqual(before);
      expect((await readdir(dir)).filter((name) => name.startsWith("."))).toEqual([]);
    } finally {
      await writeFile(path.join(dir, "site.yaml"), yaml);
    }
  });

  it("carries a new phone number into every call link, the footer, the modal and the toast (in the script's settings)", async () => {
    const yaml = await readFile(path.join(dir, "site.yaml"), "utf8");
    await writeFile(path.join(dir, "site.yaml"), yaml.replace("display: (951) 555-0142", "display: (909) 555-0199").replace('tel: "+19515550142"', 'tel: "+19095550199"'));
    try {
      const result = await runCli(["build", "--quiet"], { cwd: dir });
      expect(result.code).toBe(0);
      expect(result.stdout).toBe("");
      for (const file of htmlFiles) {
        const html = await read(file);
        expect(html, file).not.toContain("555-0142");
        expect(html, file).not.toContain("15550142");
        expect(html, file).toContain('href="tel:+19095550199"');
      }
      const script = (await read("index.html")).match(/<script type="module" src="\/([^"]+)"/)![1]!;
      expect(await read(script)).toContain("A technician will call you shortly from (909) 555-0199.");
      expect(await read(script)).not.toContain("555-0142");
      const home = await read("index.html");
      expect(home).toMatch(/<footer[\s\S]*<a href="tel:\+19095550199">\(909\) 555-0199<\/a>/);
      expect(home).toMatch(/<dialog[\s\S]*Prefer to call now\? <a href="tel:\+19095550199">\(909\) 555-0199<\/a>/);
    } finally {
      await writeFile(path.join(dir, "site.yaml"), yaml);
    }
  });
});

describe("gopher-site command line", () => {
  it("prints help and version, and exits 2 on a usage error", async () => {
    const help = await runCli(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("build [options]");
    const buildHelp = await runCli(["build", "--help"]);
    expect(buildHelp.stdout).toContain("--site-url <url>");
    const version = await runCli(["--version"]);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    const usage = await runCli(["build", "--no-such-flag"]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("unknown option '--no-such-flag'");
    const badUrl = await runCli(["build", "--site-url", "ftp://x"]);
    expect(badUrl.code).toBe(2);
  });

  it("says where to run it when there is no site.yaml", async () => {
    const result = await runCli(["build"], { cwd: path.dirname(dir) });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("site.yaml  file not found; run the command from the project folder or pass --config");
  });
});
