// Lighthouse (mobile) on the editor's page: copies tests/fixtures/small into a temporary folder,
// starts `gopher-site edit` on it as the owner would, runs Debian's Chromium (or CHROMIUM_PATH) with
// every non-local request blocked, and prints the scores, the timings and the JavaScript loaded.
// Lighthouse's mobile run: a mid-range phone on a slow 4G link, simulated (150 ms, 1.6 Mbit/s, CPU / 4).
//   npm run lighthouse:editor             one run
//   npm run lighthouse:editor -- --runs 3 three runs, each printed, then their medians
//   npm run lighthouse:editor -- --json report.json   also the last run's whole report, to read
// A script for figures, not a test: scores depend on the machine (tests/integration/editor-first-load.test.ts
// holds the bytes of the first load to a budget).
import { spawn } from "node:child_process";
import { cp, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import lighthouse from "lighthouse";
import { typescriptParts } from "./typescript-parts.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const runsAt = args.indexOf("--runs");
const runs = runsAt >= 0 ? Math.max(1, Number(args[runsAt + 1]) || 1) : 1;
const jsonAt = args.indexOf("--json");
const jsonFile = jsonAt >= 0 ? path.resolve(args[jsonAt + 1] ?? "lighthouse-editor.json") : undefined;

/** The tests' Chromium (CHROMIUM_PATH, else Debian's) and its flags, compiled from TypeScript as scripts/lighthouse.mjs does. */
const loadBrowserParts = () => typescriptParts([`export { CHROMIUM_ARGS, findChromium } from "./tests/helpers/browser.ts";`], "lighthouse-editor-parts");

/** Resolves with the line's match once `child` printed it; rejects if it exits first. */
function waitForOutput(child, pattern, what) {
  return new Promise((resolve, reject) => {
    let output = "";
    const read = (chunk) => {
      output += chunk;
      const match = pattern.exec(output);
      if (match) resolve(match);
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.on("error", reject);
    child.on("exit", (code) => reject(new Error(`${what} exited (${code}) before it was ready:\n${output}`)));
  });
}

/** `gopher-site edit` on the project, in a process of its own; resolves with the editor's address. */
async function startEditor(project) {
  const child = spawn(process.execPath, [path.join(root, "bin", "gopher-site.js"), "edit", "--config", path.join(project, "site.yaml"), "--port", "0"], {
    env: { ...process.env, NO_COLOR: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise((resolve) => child.on("exit", resolve));
  const [, url] = await waitForOutput(child, /Editor at (http:\/\/\S+\/__editor\/)/, "gopher-site edit");
  return { url, stop: () => child.kill("SIGTERM"), exited };
}

/** Chromium with a DevTools port, for Lighthouse to drive. */
async function startChromium(parts, profile) {
  const child = spawn(await parts.findChromium(), [...parts.CHROMIUM_ARGS, "--remote-debugging-port=0", `--user-data-dir=${profile}`, "about:blank"], { stdio: ["ignore", "ignore", "pipe"] });
  const [, port] = await waitForOutput(child, /DevTools listening on ws:\/\/[^:]+:(\d+)\//, "Chromium");
  return { port: Number(port), stop: () => child.kill("SIGTERM") };
}

/** One mobile run's figures, and the weighted audits below 1. */
async function measure(url, port) {
  const { lhr } = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility"], blockedUrlPatterns: ["https://*", "wss://*"] });
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const requests = lhr.audits["network-requests"]?.details?.items ?? [];
  const scripts = requests.filter((item) => item.resourceType === "Script");
  const notes = [];
  for (const id of ["performance", "accessibility"]) {
    for (const ref of lhr.categories[id].auditRefs) {
      const found = lhr.audits[ref.id];
      if (ref.weight > 0 && found.score !== null && found.score < 1) notes.push([`${id}: ${ref.id}`, String(found.displayValue ?? found.score)]);
    }
  }
  return {
    lhr,
    figures: {
      performance: Math.round(lhr.categories.performance.score * 100),
      accessibility: Math.round(lhr.categories.accessibility.score * 100),
      fcp: audit("first-contentful-paint"),
      lcp: audit("largest-contentful-paint"),
      tti: audit("interactive"),
      tbt: audit("total-blocking-time"),
      jsSent: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
      jsRun: scripts.reduce((sum, item) => sum + (item.resourceSize ?? 0), 0),
      scripts: scripts.length,
    },
    notes,
    scripts: scripts.map((item) => `${kb(item.transferSize ?? 0).padStart(9)} sent, ${kb(item.resourceSize ?? 0).padStart(9)}  ${new URL(item.url).pathname}`),
  };
}

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const COLUMNS = [
  ["run", (row) => row.run],
  ["perf", (row) => String(row.performance)],
  ["a11y", (row) => String(row.accessibility)],
  ["FCP", (row) => seconds(row.fcp)],
  ["LCP", (row) => seconds(row.lcp)],
  ["TTI", (row) => seconds(row.tti)],
  ["TBT", (row) => `${Math.round(row.tbt)} ms`],
  ["JS sent", (row) => kb(row.jsSent)],
  ["JS (uncompressed)", (row) => kb(row.jsRun)],
  ["scripts", (row) => String(row.scripts)],
];

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const dir = await mkdtemp(path.join(tmpdir(), "gopher-lighthouse-editor-"));
const project = path.join(dir, "site");
let editor;
let chromium;
try {
  await cp(path.join(root, "tests", "fixtures", "small"), project, { recursive: true });
  editor = await startEditor(project);
  chromium = await startChromium(await loadBrowserParts(), path.join(dir, "profile"));
  const rows = [];
  /** Each audit below 1, with what it showed in each run. */
  const notes = new Map();
  let scripts = [];
  for (let run = 1; run <= runs; run++) {
    const result = await measure(editor.url, chromium.port);
    rows.push({ run: String(run), ...result.figures });
    for (const [audit, shown] of result.notes) notes.set(audit, [...(notes.get(audit) ?? []), shown]);
    scripts = result.scripts;
    if (jsonFile) await writeFile(jsonFile, JSON.stringify(result.lhr, null, 1));
  }
  if (runs > 1) rows.push({ run: "median", ...Object.fromEntries(Object.keys(rows[0]).filter((key) => key !== "run").map((key) => [key, median(rows.map((row) => row[key]))])) });
  const cells = rows.map((row) => COLUMNS.map(([, cell]) => cell(row)));
  const widths = COLUMNS.map(([title], index) => Math.max(title.length, ...cells.map((row) => row[index].length)));
  const line = (row) => row.map((cell, index) => (index === 0 ? cell.padEnd(widths[index]) : cell.padStart(widths[index]))).join("  ");
  console.log(`Lighthouse mobile run on ${editor.url} (a copy of tests/fixtures/small)`);
  console.log(line(COLUMNS.map(([title]) => title)));
  for (const row of cells) console.log(line(row));
  console.log(`\nScripts loaded (last run):\n  ${scripts.join("\n  ")}`);
  if (notes.size > 0) console.log(`\nBelow 1 (weighted audits):\n  ${[...notes].map(([audit, shown]) => `${audit} (${shown.join(", ")})`).join("\n  ")}`);
} finally {
  chromium?.stop();
  if (editor) {
    editor.stop();
    await editor.exited;
  }
  // Chromium may still be writing its profile as it exits.
  await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
}
