// Measures the JavaScript budget: per page type, the gzipped bytes of all of our own JavaScript the
// page loads (local <script src>, what those modules import, and inline scripts). Over 6 KB: exit 1.
//   node scripts/measure-js.mjs            build the sample site, then measure dist/
//   node scripts/measure-js.mjs --no-build measure the dist/ that is there
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const BUDGET = 6144;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = path.join(root, "dist");

if (!process.argv.includes("--no-build")) {
  const build = spawnSync(process.execPath, [path.join(root, "bin", "gopher-site.js"), "build", "--quiet"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
if (!existsSync(dist)) {
  console.error("No dist/ folder: run without --no-build, or `npm run build` first.");
  process.exit(1);
}

/** The page type of an HTML file in dist/ (file or directory format). */
function pageType(file) {
  const page = "/" + file.replace(/\\/g, "/").replace(/(\/?index)?\.html$/, "");
  const fixed = { "/": "home", "/residential-gopher-control": "service", "/commercial-gopher-control": "service",
    "/service-areas": "service-areas", "/about": "about", "/blog": "blog", "/privacy-policy": "legal",
    "/terms-of-service": "legal", "/404": "404" };
  if (fixed[page]) return fixed[page];
  if (page.startsWith("/blog/")) return "article";
  if (page.endsWith("-gopher-control")) return "city";
  // Another language's pages (/es, /es/...): one group per language.
  const language = page.match(/^\/([a-z]{2,3})(?:\/|$)/);
  if (language) return `${language[1]} pages`;
  return "other";
}

function htmlFiles(dir, prefix = "") {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(prefix, entry.name);
    if (entry.isDirectory()) return entry.name === "assets" ? [] : htmlFiles(path.join(dir, entry.name), rel);
    return entry.name.endsWith(".html") ? [rel] : [];
  });
}

const gzipBytes = (code) => gzipSync(code, { level: 9 }).length;

/** Gzipped bytes of a module and every local module it imports (each counted once). */
function moduleBytes(url, seen) {
  if (seen.has(url)) return 0;
  seen.add(url);
  const code = readFileSync(path.join(dist, url));
  let total = gzipBytes(code);
  for (const [, spec] of code.toString("utf8").matchAll(/(?:import|from)\s*\(?\s*["']([^"']+\.m?js)["']/g)) {
    if (!/^(\/(?!\/)|\.)/.test(spec)) continue;
    total += moduleBytes(path.posix.resolve(path.posix.dirname(url), spec), seen);
  }
  return total;
}

/** All of our own JavaScript one page loads, gzipped. Third-party scripts are not ours. */
function pageBytes(file) {
  const html = readFileSync(path.join(dist, file), "utf8");
  const seen = new Set();
  let total = 0;
  for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const type = /\btype=["']?([^"'\s>]+)/i.exec(attrs)?.[1];
    if (type && !/^(module|text\/javascript|application\/javascript)$/i.test(type)) continue; // JSON-LD and the like
    const src = /\bsrc=["']?([^"'\s>]+)/i.exec(attrs)?.[1];
    if (src) {
      if (/^\/(?!\/)/.test(src)) total += moduleBytes(src.split(/[?#]/)[0], seen);
    } else if (body.trim()) {
      total += gzipBytes(body);
    }
  }
  return total;
}

const byType = new Map();
for (const file of htmlFiles(dist)) {
  const type = pageType(file);
  const bytes = pageBytes(file);
  const worst = byType.get(type);
  if (!worst || bytes > worst.bytes) byType.set(type, { bytes, file, pages: (worst?.pages ?? 0) + 1 });
  else worst.pages += 1;
}

const ORDER = ["home", "service", "service-areas", "about", "city", "blog", "article", "legal", "404"];
let over = false;
console.log(`Our JavaScript per page type, gzipped (budget ${BUDGET} B):`);
// The default language's page types in their order, then every other group (another language's pages).
for (const type of [...ORDER, ...[...byType.keys()].filter((type) => !ORDER.includes(type)).sort()]) {
  const row = byType.get(type);
  if (!row) continue;
  const flag = row.bytes > BUDGET ? "  OVER BUDGET" : "";
  over ||= row.bytes > BUDGET;
  console.log(`  ${type.padEnd(14)} ${String(row.bytes).padStart(6)} B  (${row.pages} page${row.pages === 1 ? "" : "s"}, largest ${row.file})${flag}`);
}
if (over) {
  console.error(`Over the ${BUDGET} B budget.`);
  process.exit(1);
}
