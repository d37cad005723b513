// npm run bench: builds sites of 28, 1,000 and 10,000 cities as whole processes and reports wall
// time, milliseconds per page, peak memory and output bytes per page. Usage: node scripts/bench.mjs [sizes...]
// Each site is built BENCH_RUNS times (default 3) in a fresh folder: the first build has no
// previous output (as on a CI runner's clean checkout); the rebuilds find it and link the pages
// that did not change. The tool's own caches (node_modules/.cache) are warm, as after any build.
// The sites are in the sample's default language unless BENCH_LANGUAGES=all.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { makeSyntheticSite } from "./synthetic-site.mjs";

const sizes = process.argv.slice(2).map(Number).filter(Boolean);
const cityCounts = sizes.length ? sizes : [28, 1000, 10000];
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
// BENCH_LANGUAGES=all builds the sample's every language (English and Spanish); by default, English only.
const allLanguages = process.env.BENCH_LANGUAGES === "all";
const child = path.join(import.meta.dirname, "bench-child.mjs");

function htmlFiles(dir) {
  return readdirSync(dir, { recursive: true }).filter((name) => name.endsWith(".html")).map((name) => path.join(dir, name));
}

// This machine's speed varies a lot from hour to hour: Node.js's own start time says how fast it is now.
const nodeStarts = [];
for (let run = 0; run < 5; run++) {
  const started = process.hrtime.bigint();
  spawnSync(process.execPath, ["-e", "0"]);
  nodeStarts.push(Number(process.hrtime.bigint() - started) / 1e6);
}
console.log(`Node.js alone (node -e 0) starts and exits in ${nodeStarts.sort((a, b) => a - b)[2].toFixed(0)} ms on this machine now.`);

const rows = [];
for (const cities of cityCounts) {
  const dir = await makeSyntheticSite(cities - 28, { allLanguages });
  const times = [];
  let rss = 0;
  for (let run = 0; run < RUNS; run++) {
    const started = process.hrtime.bigint();
    const result = spawnSync(process.execPath, [child, "build", "-q"], { cwd: dir, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (result.status !== 0) {
      console.error(result.stderr);
      process.exit(1);
    }
    times.push(ms);
    rss = Math.max(rss, Number(result.stderr.match(/BENCH maxRSS (\d+)/)?.[1] ?? 0));
  }
  const files = htmlFiles(path.join(dir, "dist"));
  const bytes = files.reduce((sum, file) => sum + statSync(file).size, 0);
  const city = readFileSync(path.join(dir, "dist", "temecula-gopher-control.html"));
  const [first, ...rebuilds] = times;
  const median = rebuilds.length > 0 ? rebuilds.sort((a, b) => a - b)[Math.floor(rebuilds.length / 2)] : first;
  rows.push({
    cities,
    pages: files.length,
    "first build s": (first / 1000).toFixed(2),
    "rebuild s (median)": (median / 1000).toFixed(2),
    "ms/page": (median / files.length).toFixed(2),
    "peak MB": (rss / 1024).toFixed(0),
    "HTML KB/page": (bytes / files.length / 1024).toFixed(1),
    "city page gz KB": (gzipSync(city).length / 1024).toFixed(1),
  });
  rmSync(dir, { recursive: true, force: true });
}
console.table(rows);
