// Measures the CSS budget: per page type, the gzipped bytes of every stylesheet the page loads (each
// local <link rel="stylesheet"> file gzipped on its own, as a host sends it, and each inline <style>).
// Then what each stylesheet costs and which page types load it. Over 4 KB on a page: exit 1.
//   node scripts/measure-css.mjs                      build the sample site into dist/, then measure it
//   node scripts/measure-css.mjs --no-build           measure the dist/ that is there
//   node scripts/measure-css.mjs --project <dir>      build <dir>/site.yaml into a temporary folder and measure it
//   node scripts/measure-css.mjs --project <dir> --no-build   measure <dir>/dist
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

export const CSS_BUDGET = 4096;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const gzipBytes = (code) => gzipSync(code, { level: 9 }).length;

/** Every HTML page of a built site, relative to `dist` (assets/ left out). */
export function htmlFiles(dist, prefix = "") {
  return readdirSync(path.join(dist, prefix), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(prefix, entry.name);
    if (entry.isDirectory()) return entry.name === "assets" ? [] : htmlFiles(dist, rel);
    return entry.name.endsWith(".html") ? [rel] : [];
  });
}

/**
 * The type of a built page, by its address and by what its <main> holds (the templates' markup,
 * the same for every site), with its language when it is not the home page's: "city", "es city".
 */
export function pageType(dist, file) {
  const html = readFileSync(path.join(dist, file), "utf8");
  const page = "/" + file.replace(/\\/g, "/").replace(/(\/?index)?\.html$/, "");
  const langOf = (text) => /<html lang="([^"-]+)/.exec(text)?.[1] ?? "";
  const home = path.join(dist, "index.html");
  const other = existsSync(home) && langOf(html) !== langOf(readFileSync(home, "utf8")) ? `${langOf(html)} ` : "";
  const main = html.slice(html.indexOf('<main id="main">'));
  const kind =
    /(^|\/)404$/.test(page) ? "404"
    : /^<main id="main"><section class="city-hero"/.test(main) ? "city"
    : /^<main id="main"><article class="legal"/.test(main) ? "legal"
    : /^<main id="main"><section class="not-found"|^<main id="main"><div class="container not-found"|class="not-found"/.test(main.slice(0, 200)) ? "thank-you"
    : /article-column/.test(main.slice(0, 300)) ? "article"
    : /hero-compact/.test(main.slice(0, 200)) ? "blog"
    : /^\/([a-z]{2,3})?$/.test(page) ? "home"
    : /id="map"/.test(main) && /id="cities"/.test(main) ? "service-areas"
    : /id="story"/.test(main) && /id="mission"/.test(main) ? "about"
    : "service/own";
  return other + kind;
}

/** The stylesheets one page loads: each local file's path and inline styles, with their gzipped bytes. */
export function pageStyles(dist, file) {
  const html = readFileSync(path.join(dist, file), "utf8");
  const sheets = [];
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    if (!/\brel=["']?stylesheet\b/i.test(tag)) continue;
    const href = /\bhref=["']?([^"'\s>]+)/i.exec(tag)?.[1];
    if (!href || !/^\/(?!\/)/.test(href)) continue; // another site's stylesheet is not ours
    const url = href.split(/[?#]/)[0];
    sheets.push({ name: url, bytes: gzipBytes(readFileSync(path.join(dist, url))) });
  }
  for (const [, body] of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)) {
    if (body.trim()) sheets.push({ name: "inline <style>", bytes: gzipBytes(body) });
  }
  return sheets;
}

/** Per page type, the largest page's CSS (gzipped); and per stylesheet, its bytes and the types loading it. */
export function measureCss(dist) {
  const byType = new Map();
  const bySheet = new Map();
  for (const file of htmlFiles(dist)) {
    const type = pageType(dist, file);
    const sheets = pageStyles(dist, file);
    const bytes = sheets.reduce((sum, sheet) => sum + sheet.bytes, 0);
    const worst = byType.get(type);
    if (!worst || bytes > worst.bytes) byType.set(type, { type, bytes, file, sheets, pages: (worst?.pages ?? 0) + 1 });
    else worst.pages += 1;
    for (const sheet of sheets) {
      const entry = bySheet.get(sheet.name) ?? { name: sheet.name, bytes: sheet.bytes, types: new Set() };
      entry.types.add(type.replace(/^[a-z]{2,3} /, "").replace(/^service\/own \(.*\)$/, "service/own"));
      bySheet.set(sheet.name, entry);
    }
  }
  return { types: [...byType.values()], sheets: [...bySheet.values()].map((sheet) => ({ ...sheet, types: [...sheet.types] })) };
}

function main() {
  const args = process.argv.slice(2);
  const at = args.indexOf("--project");
  const project = at >= 0 ? path.resolve(args[at + 1]) : undefined;
  const noBuild = args.includes("--no-build");
  let dist = project ? path.join(project, "dist") : path.join(root, "dist");
  let temporary;
  if (!noBuild) {
    const buildArgs = [path.join(root, "bin", "gopher-site.js"), "build", "--quiet"];
    if (project) {
      temporary = mkdtempSync(path.join(tmpdir(), "measure-css-"));
      dist = path.join(temporary, "dist");
      buildArgs.push("--config", path.join(project, "site.yaml"), "--out", dist);
    }
    const build = spawnSync(process.execPath, buildArgs, { cwd: project ?? root, stdio: "inherit" });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  if (!existsSync(dist)) {
    console.error(`No ${path.relative(process.cwd(), dist) || "dist"}/ folder: run without --no-build, or build first.`);
    process.exit(1);
  }
  const { types, sheets } = measureCss(dist);
  if (temporary) rmSync(temporary, { recursive: true, force: true });
  let over = false;
  console.log(`CSS per page type, gzipped (budget ${CSS_BUDGET} B):`);
  for (const row of types.sort((a, b) => a.type.localeCompare(b.type))) {
    const flag = row.bytes > CSS_BUDGET ? "  OVER BUDGET" : "";
    over ||= row.bytes > CSS_BUDGET;
    console.log(`  ${row.type.padEnd(28)} ${String(row.bytes).padStart(6)} B  (${row.pages} page${row.pages === 1 ? "" : "s"}, largest ${row.file})${flag}`);
  }
  console.log("Each stylesheet, gzipped, and the page types that load it:");
  for (const sheet of sheets.sort((a, b) => b.types.length - a.types.length || b.bytes - a.bytes)) {
    console.log(`  ${path.basename(sheet.name).padEnd(24)} ${String(sheet.bytes).padStart(6)} B  ${sheet.types.sort().join(", ")}`);
  }
  if (over) {
    console.error(`Over the ${CSS_BUDGET} B budget.`);
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
