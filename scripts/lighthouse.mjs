// Lighthouse (mobile) on one page of each type of the sample site: builds it into a temporary
// folder, serves it with gopher-site's preview (a static host with the headers of _headers), runs Debian's
// Chromium with every third-party host blocked, and prints one table row per page type.
//   npm run lighthouse            all page types
//   npm run lighthouse -- city    only the named types
//   npm run lighthouse -- --config examples/heating-cooling-spokane/site.yaml
//                                 another project: one page of each of its page types (a service,
//                                 each own page, ... as `npm run screenshots` names them); with
//                                 GOPHER_SITE_TODAY=yyyy-mm-dd, the pages as built on that day (a notice)
// A script for figures, not a test: scores depend on the machine.
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import lighthouse from "lighthouse";
import { typescriptParts } from "./typescript-parts.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** One page of each type; the 404 page at /404, as Lighthouse does not audit an error response. */
const PAGES = [
  ["home", "/"],
  // Both service pages of the sample: the second has the e-mail quote button and a check list.
  ["service", "/residential-gopher-control"],
  ["service-2", "/commercial-gopher-control"],
  ["service-areas", "/service-areas"],
  ["about", "/about"],
  ["city", "/temecula-gopher-control"],
  ["blog", "/blog"],
  ["article", "/blog/60-day-warranty-explained"],
  ["legal", "/privacy-policy"],
  ["404", "/404"],
  ["es-home", "/es"],
  ["es-service-areas", "/es/areas-de-servicio"],
  ["es-city", "/es/control-de-tuzas-temecula"],
  ["es-article", "/es/blog/garantia-de-60-dias-explicada"],
  ["es-404", "/es/404"],
];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

/** The TypeScript parts this script uses, compiled with esbuild the way bin/gopher-site.js does. */
const loadParts = () =>
  typescriptParts(
    [
      `export { build } from "./src/build.ts";`,
      `export { startPreviewServer } from "./src/dev/preview-server.ts";`,
      `export { CHROMIUM_ARGS, findChromium } from "./tests/helpers/browser.ts";`,
      `export { pageTypesOf } from "./tests/helpers/page-types.ts";`,
    ],
    "lighthouse-parts",
  );

/** Starts Chromium with a DevTools port; resolves with the port and a way to stop it. */
function startChromium(executable, args, profile) {
  return new Promise((resolve, reject) => {
    const child = spawn(executable, [...args, "--remote-debugging-port=0", `--user-data-dir=${profile}`, "about:blank"], {
      stdio: ["ignore", "ignore", "pipe"],
    });
    let output = "";
    child.stderr.on("data", (chunk) => {
      output += chunk;
      const match = output.match(/DevTools listening on ws:\/\/[^:]+:(\d+)\//);
      if (match) resolve({ port: Number(match[1]), stop: () => child.kill("SIGTERM") });
    });
    child.on("error", reject);
    child.on("exit", (code) => reject(new Error(`Chromium exited (${code}) before listening:\n${output}`)));
  });
}

const parts = await loadParts();
const args = process.argv.slice(2);
const configAt = args.indexOf("--config");
const config = configAt >= 0 ? path.resolve(args.splice(configAt, 2)[1] ?? "") : path.join(root, "site.yaml");
const only = args;

const dir = await mkdtemp(path.join(tmpdir(), "gopher-lighthouse-"));
const dist = path.join(dir, "dist");
let server;
let chromium;
try {
  const built = await parts.build({ config, out: dist });
  // Another project's page types are its own; the 404 page at its own address, as for the sample.
  const types = configAt >= 0
    ? Object.entries(parts.pageTypesOf(built.pages, built.site.languages[0].code)).map(([type, at]) => [type, at.replace(/no-such-page$/, "404")])
    : PAGES;
  const pages = types.filter(([type]) => only.length === 0 || only.includes(type));
  // The policy as built: Chromium does not upgrade requests to 127.0.0.1, and ignores HSTS over http.
  server = await parts.startPreviewServer({ out: dist, port: 0, host: "127.0.0.1" });
  const base = server.url;
  chromium = await startChromium(await parts.findChromium(), parts.CHROMIUM_ARGS, path.join(dir, "profile"));

  const rows = [];
  const notes = [];
  for (const [type, pagePath] of pages) {
    const run = await lighthouse(
      base + pagePath,
      { port: chromium.port, output: "json", logLevel: "error", onlyCategories: CATEGORIES, blockedUrlPatterns: ["https://*", "wss://*"] },
    );
    const { lhr } = run;
    const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
    rows.push({
      type,
      ...Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? NaN) * 100)])),
      lcp: `${(audit("largest-contentful-paint") / 1000).toFixed(2)} s`,
      tbt: `${Math.round(audit("total-blocking-time"))} ms`,
      cls: audit("cumulative-layout-shift").toFixed(3),
      bytes: `${(audit("total-byte-weight") / 1024).toFixed(1)} KB`,
    });
    for (const id of CATEGORIES) {
      for (const ref of lhr.categories[id]?.auditRefs ?? []) {
        const found = lhr.audits[ref.id];
        if (ref.weight > 0 && found.score !== null && found.score < 1) notes.push(`${type}: ${id}: ${ref.id} (${found.displayValue ?? found.score})`);
      }
    }
    if (lhr.runtimeError) notes.push(`${type}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  }

  const columns = [
    ["page", "type"], ["perf", "performance"], ["a11y", "accessibility"], ["best", "best-practices"], ["seo", "seo"],
    ["LCP", "lcp"], ["TBT", "tbt"], ["CLS", "cls"], ["transfer", "bytes"],
  ];
  const widths = columns.map(([title, key]) => Math.max(title.length, ...rows.map((row) => String(row[key]).length)));
  const line = (cells) => cells.map((cell, index) => (index === 0 ? cell.padEnd(widths[index]) : cell.padStart(widths[index]))).join("  ");
  console.log(line(columns.map(([title]) => title)));
  for (const row of rows) console.log(line(columns.map(([, key]) => String(row[key]))));
  if (notes.length > 0) console.log(`\nBelow 1 (weighted audits):\n  ${notes.join("\n  ")}`);
} finally {
  chromium?.stop();
  await server?.close();
  // Chromium may still be writing its profile as it exits.
  await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
}
