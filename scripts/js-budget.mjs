// What scripts/measure-js.mjs and tests/integration/js-budget.test.ts measure: per page type of a
// built site, the gzipped bytes of all of our own JavaScript a page loads with it (local <script
// src>, what those modules import statically, and inline scripts), the largest page of each type;
// and, apart, what it may load on use: each chunk a module imports with import(), when the visitor
// acts (opens the call-back form, asks for the nearest places). The budget is for the first.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/** The most JavaScript one page may load, gzipped (issue 36: 3.5 KB). */
export const BUDGET = 3584;

/** The page types in the order they are listed; another language's pages come after, one group per language. */
export const PAGE_TYPE_ORDER = ["home", "service", "service-areas", "about", "city", "blog", "article", "legal", "404"];

/** The page type of an HTML file in dist/ (file or directory format), for the sample and the fixtures made from it. */
export function pageType(file) {
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

export const gzipBytes = (code) => gzipSync(code, { level: 9 }).length;

/** A module's local imports: `static` (import ... from, import "...": loaded with it) and `dynamic` (import(): on use). */
export function moduleImports(code) {
  const local = (spec) => /^(\/(?!\/)|\.)/.test(spec);
  const text = code.toString("utf8");
  const dynamic = [...text.matchAll(/\bimport\s*\(\s*["']([^"']+\.m?js)["']\s*\)/g)].map((match) => match[1]).filter(local);
  const statics = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*)["']([^"']+\.m?js)["']/g)].map((match) => match[1]).filter(local);
  return { static: statics, dynamic };
}

const resolve = (url, spec) => path.posix.resolve(path.posix.dirname(url), spec);

/** Adds a module and every local module it imports statically to `seen`, and its import()s to `later`. */
function collect(dist, url, seen, later) {
  if (seen.has(url)) return;
  seen.add(url);
  const imports = moduleImports(readFileSync(path.join(dist, url)));
  for (const spec of imports.dynamic) later.add(resolve(url, spec));
  for (const spec of imports.static) collect(dist, resolve(url, spec), seen, later);
}

const fileBytes = (dist, url) => gzipBytes(readFileSync(path.join(dist, url)));

/**
 * All of our own JavaScript one page loads with it, gzipped, and its modules; and what it may load
 * on use: each import()ed chunk with what that imports in turn and the page has not loaded yet,
 * gzipped. Third-party scripts are not ours.
 */
export function pageBytes(dist, file) {
  const html = readFileSync(path.join(dist, file), "utf8");
  const seen = new Set();
  const later = new Set();
  let inline = 0;
  for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const type = /\btype=["']?([^"'\s>]+)/i.exec(attrs)?.[1];
    if (type && !/^(module|text\/javascript|application\/javascript)$/i.test(type)) continue; // JSON-LD and the like
    const src = /\bsrc=["']?([^"'\s>]+)/i.exec(attrs)?.[1];
    if (src) {
      if (/^\/(?!\/)/.test(src)) collect(dist, src.split(/[?#]/)[0], seen, later);
    } else if (body.trim()) {
      inline += gzipBytes(body);
    }
  }
  const modules = [...seen];
  const bytes = inline + modules.reduce((sum, url) => sum + fileBytes(dist, url), 0);
  const onUse = [...later].filter((url) => !seen.has(url)).map((url) => {
    const chunk = new Set();
    collect(dist, url, chunk, new Set());
    const own = [...chunk].filter((module) => !seen.has(module));
    return { url, bytes: own.reduce((sum, module) => sum + fileBytes(dist, module), 0), modules: own };
  });
  return { bytes, modules, onUse };
}

/**
 * Per page type of the built site in `dist`, in listing order: the largest page's bytes loaded with
 * it, that page, how many pages the type has, and the chunks the type's pages may load on use
 * (each once, with its bytes).
 */
export function measureSite(dist) {
  const byType = new Map();
  for (const file of htmlFiles(dist)) {
    const type = pageType(file);
    const { bytes, onUse } = pageBytes(dist, file);
    const row = byType.get(type) ?? { type, bytes: -1, file, pages: 0, onUse: new Map() };
    byType.set(type, row);
    row.pages += 1;
    if (bytes > row.bytes) Object.assign(row, { bytes, file });
    for (const chunk of onUse) if ((row.onUse.get(chunk.url)?.bytes ?? -1) < chunk.bytes) row.onUse.set(chunk.url, { url: chunk.url, bytes: chunk.bytes });
  }
  const types = [...PAGE_TYPE_ORDER, ...[...byType.keys()].filter((type) => !PAGE_TYPE_ORDER.includes(type)).sort()];
  return types.filter((type) => byType.has(type)).map((type) => {
    const row = byType.get(type);
    return { ...row, onUse: [...row.onUse.values()].sort((a, b) => a.url.localeCompare(b.url)) };
  });
}
