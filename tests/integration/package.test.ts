import { execFile, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT, removeDir } from "../helpers/sample-site.ts";
import { tradeWordsIn } from "../helpers/trade-words.ts";

const run = promisify(execFile);

// npm's own variables (set when this runs under `npm test`) would point the inner npm at this
// repository: the install below must be a stranger's, in an empty folder.
const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
const cliEnv = { ...env, NO_COLOR: "1" };

let work: string;
let project: string;
let tarball: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "gopher-site-package-"));
  const { stdout } = await run("npm", ["pack", "--json", "--pack-destination", work], { cwd: REPO_ROOT, env });
  tarball = path.join(work, (JSON.parse(stdout) as Array<{ filename: string }>)[0]!.filename);
  project = path.join(work, "project");
  await mkdir(project);
  // The packages are in npm's cache since `npm ci`: no download unless one is missing.
  await run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", tarball], { cwd: project, env });
}, 180_000);
afterAll(() => removeDir(work));

/** Runs `npx gopher-site ...args` in `cwd`, as a user of the installed package does. */
async function npx(args: string[], cwd = project, extraEnv: NodeJS.ProcessEnv = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run("npx", ["--no-install", "gopher-site", ...args], { cwd, env: { ...cliEnv, ...extraEnv } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** The sample's own files (not its templates: the package's are used) copied into `dir`. */
async function copySampleSite(dir: string): Promise<void> {
  for (const entry of ["site.yaml", "content", "public"]) await cp(path.join(REPO_ROOT, entry), path.join(dir, entry), { recursive: true });
}

describe("the packed tarball installed into an empty folder", () => {
  it("holds the tool's code, templates, client scripts and styles, and none of the repository's tests or sample", async () => {
    const installed = path.join(project, "node_modules", "gopher-site");
    const files = (await readdir(installed, { recursive: true })).map((name) => name.split(path.sep).join("/"));
    expect(files).toEqual(expect.arrayContaining(["bin/gopher-site.js", "src/cli.ts", "templates/index.tsx", "templates/client/main.ts", "templates/styles/site.css", "README.md", "docs/settings.md", "deploy/github-pages.yml", "deploy/netlify.toml", "examples/pool-cleaning-arizona/site.yaml"]));
    expect(files.filter((name) => /^(tests|content|public|scripts)\//.test(name) || name === "site.yaml")).toEqual([]);
  });

  it("prints its version", async () => {
    const { version } = JSON.parse(await readFile(path.join(REPO_ROOT, "package.json"), "utf8")) as { version: string };
    const result = await npx(["--version"]);
    expect(result).toMatchObject({ code: 0, stdout: `${version}\n` });
  });

  it("builds and checks a site, caching in the project's node_modules/.cache, not inside the package", async () => {
    const site = path.join(project, "site");
    await mkdir(site);
    await copySampleSite(site);
    // A Lucide icon, read from lucide-static wherever npm put it beside the installed tool.
    const homeCopy = path.join(site, "content/pages/home.yaml");
    await writeFile(homeCopy, (await readFile(homeCopy, "utf8")).replace("- icon: leaf\n", "- icon: snowflake\n"));
    const build = await npx(["build"], site);
    expect(build.stderr.replace(/^npm warn .*\n/gm, "")).toBe("");
    expect(build.code).toBe(0);
    expect(build.stdout).toMatch(/Wrote 88 pages \(\d+ files, [\d.]+ [kM]B\) to dist in [\d.]+ m?s/);
    const home = await readFile(path.join(site, "dist", "index.html"), "utf8");
    expect(home.match(/<title>[^<]*<\/title>/)?.[0]).toBe("<title>Poison-Free Gopher Trapping in Temecula | Gopher Guard Family Trapping</title>");
    const sprite = (await readdir(path.join(site, "dist", "assets"))).find((name) => /^icons\.[\w-]+\.svg$/.test(name))!;
    expect(await readFile(path.join(site, "dist", "assets", sprite), "utf8")).toContain('<symbol id="snowflake"');

    const check = await npx(["check", "--strict"], site);
    expect(check.code).toBe(0);
    expect(check.stdout).toMatch(/Checked 88 pages and \d+ files in [\d.]+ m?s: no problems/);

    expect((await readdir(path.join(project, "node_modules", ".cache", "gopher-site"))).sort()).toEqual(
      expect.arrayContaining(["compiled", "images", expect.stringMatching(/^cli-/)]),
    );
    expect(existsSync(path.join(project, "node_modules", "gopher-site", "node_modules", ".cache"))).toBe(false);
  }, 120_000);

  it("starts a new site with `init` in the folder it was installed in, which then builds and passes check --strict", async () => {
    const answers = ["--company", "Desert Pool Care", "--service", "pool cleaning", "--phone", "(480) 555-0199", "--email", "hello@desertpool.example.com", "--zip", "85251"];
    const init = await npx(["init", ...answers, "--yes"]);
    expect(init.code).toBe(0);
    expect(init.stdout).toContain("Wrote a starter site for Desert Pool Care in this folder (");
    const site = project;
    const check = await npx(["check", "--strict"], site);
    expect(check.code).toBe(0);
    expect(check.stdout).toMatch(/Checked 18 pages and \d+ files in [\d.]+ m?s: no problems/);
    expect((await npx(["build"], site)).code).toBe(0);
    expect(existsSync(path.join(site, "dist", "scottsdale-pool-cleaning.html"))).toBe(true);
    expect(tradeWordsIn(path.join(site, "dist"))).toEqual([]);
  }, 120_000);

  it("uses the user's cache folder when node_modules/.cache cannot be written", async () => {
    // As for a package installed where this user cannot write: the cache folder cannot be made.
    const cache = path.join(project, "node_modules", ".cache");
    await rename(cache, `${cache}.kept`);
    await writeFile(cache, "not a folder");
    const userCache = path.join(work, "user-cache");

    try {
      const result = await npx(["--version"], project, { XDG_CACHE_HOME: userCache });
      expect(result.code).toBe(0);
    } finally {
      await rm(cache);
      await rename(`${cache}.kept`, cache);
    }
    expect((await readdir(path.join(userCache, "gopher-site"))).some((name) => name.startsWith("cli-"))).toBe(true);
  }, 60_000);

  it("serves a site with `dev`", async () => {
    const site = path.join(project, "dev-site");
    await mkdir(site);
    await copySampleSite(site);
    const bin = path.join(project, "node_modules", ".bin", "gopher-site");
    const child = spawn(bin, ["dev", "--port", "0"], { cwd: site, env: cliEnv });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let stdout = "";
        child.stdout.on("data", (chunk) => {
          stdout += chunk;
          const match = stdout.match(/Dev server at (http:\/\/\S+)/);
          if (match) resolve(match[1]!);
        });
        child.on("error", reject);
        child.on("exit", (code) => reject(new Error(`dev stopped (exit code ${code}): ${stdout}`)));
      });
      const response = await fetch(`${url}/about`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("</html>");
    } finally {
      child.kill("SIGINT");
    }
  }, 60_000);
});
