// npm run bench:peers: cold builds of the same synthetic site by gopher-site, Hugo, Eleventy 3 and
// Astro 5, as whole processes. Usage: node scripts/bench-peers.mjs [cities...] (default 28 1000 10000:
// 45, 1,017 and 10,017 pages). Each tool builds BENCH_RUNS times (default 3), the tools taking
// turns run by run; its output and caches are deleted before each run; the median is printed.
// gopher-site builds as in scripts/bench.mjs: no dist/ yet, its own caches (node_modules/.cache)
// warm; the column "empty cache" gives it a fresh cache folder each run, as the peers have.
// Hugo is the system's (Debian: apt-get install hugo); Eleventy and Astro are installed on first
// use into node_modules/.cache/bench-peers/, never into package.json. A tool that cannot be
// installed or fails to build is reported and left out: this is a benchmark, not a test.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { siteModel, writeAstroSite, writeEleventySite, writeHugoSite } from "./bench-peers-sites.mjs";
import { makeSyntheticSite } from "./synthetic-site.mjs";

const ROOT = path.resolve(import.meta.dirname, "..");
const PEERS = path.join(ROOT, "node_modules", ".cache", "bench-peers");
const sizes = process.argv.slice(2).map(Number).filter(Boolean);
const cityCounts = sizes.length ? sizes : [28, 1000, 10000];
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

/** Installs `spec` into its own folder under PEERS unless there; returns that folder, or undefined. */
function npmPackage(folder, spec, name) {
  const dir = path.join(PEERS, folder);
  if (!existsSync(path.join(dir, "node_modules", name, "package.json"))) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "package.json"), '{ "private": true }\n');
    console.log(`Installing ${spec} into ${path.relative(ROOT, dir)} ...`);
    const npm = spawnSync("npm", ["install", "--no-save", "--ignore-scripts", "--no-audit", "--no-fund", spec], { cwd: dir, encoding: "utf8" });
    if (npm.status !== 0) {
      console.log(`Could not install ${spec}, left out:\n${(npm.stderr || npm.error?.message || "").trim().split("\n").slice(-5).join("\n")}`);
      return undefined;
    }
  }
  return dir;
}

const version = (dir, name) => JSON.parse(readFileSync(path.join(dir, "node_modules", name, "package.json"), "utf8")).version;

/** The tools to compare: each writes its site into a folder once, then builds it cold, run after run. */
function tools() {
  const list = [
    { name: "gopher-site", folder: (site) => site, wipe: ["dist"], command: (dir) => [process.execPath, [path.join(ROOT, "bin", "gopher-site.js"), "build", "-q"], {}], out: "dist" },
    {
      name: "gopher-site, empty cache",
      folder: (site) => site,
      wipe: ["dist", "../gopher-site-empty-cache"],
      command: (dir) => [process.execPath, [path.join(ROOT, "bin", "gopher-site.js"), "build", "-q"], { GOPHER_SITE_CACHE_DIR: path.join(dir, "../gopher-site-empty-cache") }],
      out: "dist",
    },
  ];
  const hugo = spawnSync("hugo", ["version"], { encoding: "utf8" });
  if (hugo.status === 0) {
    list.push({
      name: `Hugo ${hugo.stdout.match(/v([\d.]+)/)?.[1] ?? "?"}`,
      write: writeHugoSite,
      wipe: ["public", "resources", ".hugo-cache", ".hugo_build.lock"],
      command: (dir) => ["hugo", ["--quiet", "--cacheDir", path.join(dir, ".hugo-cache")], {}],
      out: "public",
    });
  } else console.log("Hugo is not installed (apt-get install hugo), left out.");
  const eleventy = npmPackage("eleventy", "@11ty/eleventy@3", "@11ty/eleventy");
  if (eleventy) {
    list.push({
      name: `Eleventy ${version(eleventy, "@11ty/eleventy")}`,
      write: writeEleventySite,
      wipe: ["_site", ".cache"],
      command: () => [process.execPath, [path.join(eleventy, "node_modules", "@11ty", "eleventy", "cmd.cjs"), "--quiet"], {}],
      out: "_site",
    });
  }
  const astro = npmPackage("astro", "astro@5", "astro");
  if (astro) {
    list.push({
      name: `Astro ${version(astro, "astro")}`,
      write: async (dir, model) => {
        await writeAstroSite(dir, model);
        symlinkSync(path.join(astro, "node_modules"), path.join(dir, "node_modules"), "dir");
      },
      wipe: ["dist", ".astro", ".astro-cache"],
      command: () => [process.execPath, [path.join(astro, "node_modules", "astro", "astro.js"), "build", "--silent"], { ASTRO_TELEMETRY_DISABLED: "1" }],
      out: "dist",
    });
  }
  return list;
}

// CPU time, which the machine's load hardly changes, where GNU time is installed.
const TIME = existsSync("/usr/bin/time") ? "/usr/bin/time" : undefined;
const withCpuTime = ([file, args, env]) => (TIME ? [TIME, ["-f", "BENCH-CPU %U %S", file, ...args], env] : [file, args, env]);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const htmlFiles = (dir) => readdirSync(dir, { recursive: true }).filter((name) => name.endsWith(".html")).map((name) => path.join(dir, name));

// This machine's speed varies a lot from hour to hour: Node.js's own start time says how fast it is now.
const starts = Array.from({ length: 5 }, () => {
  const started = process.hrtime.bigint();
  spawnSync(process.execPath, ["-e", "0"]);
  return Number(process.hrtime.bigint() - started) / 1e6;
});
const toolList = tools();
console.log(`Node.js alone (node -e 0) starts and exits in ${median(starts).toFixed(0)} ms on this machine now; load: ${spawnSync("uptime", { encoding: "utf8" }).stdout.trim()}`);

const rows = [];
const sizesOut = [];
const cpuRows = [];
for (const cities of cityCounts) {
  // In a folder of its own, so gopher-site's empty cache can sit beside it.
  const site = path.join(mkdtempSync(path.join(tmpdir(), "bench-peers-")), "site");
  renameSync(await makeSyntheticSite(cities - 28), site);
  const model = await siteModel(site);
  const folders = [];
  for (const tool of toolList) {
    if (tool.folder) folders.push(tool.folder(site));
    else {
      const dir = mkdtempSync(path.join(tmpdir(), `bench-peers-${tool.name.split(" ")[0].toLowerCase()}-`));
      await tool.write(dir, model);
      folders.push(dir);
    }
  }
  const times = toolList.map(() => []);
  const cpuTimes = toolList.map(() => []);
  const failed = new Set();
  for (let run = 0; run < RUNS; run++) {
    toolList.forEach((tool, i) => {
      if (failed.has(i)) return;
      for (const name of tool.wipe) rmSync(path.resolve(folders[i], name), { recursive: true, force: true });
      const [file, args, env] = withCpuTime(tool.command(folders[i]));
      const started = process.hrtime.bigint();
      const result = spawnSync(file, args, { cwd: folders[i], env: { ...process.env, ...env }, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (result.status !== 0) {
        console.log(`${tool.name} failed at ${cities} cities, left out:\n${`${result.stderr}${result.stdout}${result.error?.message ?? ""}`.trim().split("\n").slice(-15).join("\n")}`);
        failed.add(i);
        return;
      }
      times[i].push(ms);
      const cpu = result.stderr.match(/BENCH-CPU ([\d.]+) ([\d.]+)/);
      if (cpu) cpuTimes[i].push((Number(cpu[1]) + Number(cpu[2])) * 1000);
    });
  }
  const row = { cities, pages: model.towns.length + 17 };
  const sizeRow = { cities };
  const cpuRow = { cities };
  toolList.forEach((tool, i) => {
    if (failed.has(i)) return void (row[tool.name] = "failed");
    row[tool.name] = `${(median(times[i]) / 1000).toFixed(2)} s`;
    if (cpuTimes[i].length) cpuRow[tool.name] = `${(median(cpuTimes[i]) / 1000).toFixed(2)} s`;
    const files = htmlFiles(path.join(folders[i], tool.out));
    const bytes = files.reduce((sum, file) => sum + statSync(file).size, 0);
    sizeRow[tool.name] = `${files.length} pages, ${(bytes / files.length / 1024).toFixed(1)} KB`;
  });
  rows.push(row);
  console.log(`${cities} cities, each run in s: ${toolList.map((tool, i) => `${tool.name} ${times[i].map((ms) => (ms / 1000).toFixed(2)).join(" ")}`).join("; ")}`);
  sizesOut.push(sizeRow);
  cpuRows.push(cpuRow);
  for (const dir of new Set(folders)) rmSync(dir === site ? path.dirname(site) : dir, { recursive: true, force: true });
}
console.log(`Cold builds, median of ${RUNS} (wall time of the whole process):`);
console.table(rows);
if (TIME) {
  console.log("CPU time (user + system; a process's children count only once it has waited for them), median:");
  console.table(cpuRows);
}
console.log("HTML written (pages, mean size of a page):");
console.table(sizesOut);
