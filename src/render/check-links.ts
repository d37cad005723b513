import type { Problem } from "../errors.ts";

/** Site paths in JSON (the web manifest's icons and start URL). */
const JSON_PATH = /"(?:src|start_url|scope)"\s*:\s*"(\/[^"#?]*)[^"]*"/g;

/** A rendered HTML file to check, with the page path it serves. */
export interface RenderedPage {
  path: string;
  outFile: string;
  html: string;
}

export interface CheckLinksOptions {
  /** The public site address: absolute links to it (canonical, og:image, JSON-LD, sitemap) must resolve too. */
  siteUrl?: string;
  /** Generated text files that refer to pages and files: sitemap, feed, robots.txt, web manifest. */
  documents?: ReadonlyArray<{ path: string; text: string }>;
}

/** What a link checker needs to know: every page path and file the output will hold. */
export interface LinkCheckerInit {
  /** Clean page paths, e.g. `/about`. */
  paths: readonly string[];
  /** Files relative to the output folder, e.g. `images/logo.svg`. */
  files: readonly string[];
  siteUrl?: string;
}

export interface LinkChecker {
  /** Problems of one rendered page. */
  check(page: RenderedPage): Problem[];
  /** Problems of a generated text file (sitemap, feed, manifest...). */
  checkDocument(document: { path: string; text: string }): Problem[];
}

/**
 * Every internal link and asset reference must resolve to a file of the output: a page's clean
 * path (`/about`) or a file (`/images/logo.svg`). That covers href, src, srcset, absolute links to
 * the site URL in any page or generated file, and the web manifest's paths. Pages are checked one
 * at a time as they are rendered; each distinct target is resolved once, so the cost is linear in
 * the size of the output.
 */
export function createLinkChecker(init: LinkCheckerInit): LinkChecker {
  const paths = new Set(init.paths);
  const files = new Set(init.files);
  const absolute = init.siteUrl ? absoluteReference(init.siteUrl) : undefined;
  const verdicts = new Map<string, { target: string; ok: boolean }>();
  const resolve = (raw: string) => {
    let verdict = verdicts.get(raw);
    if (!verdict) {
      const target = decodeSafely(raw);
      const clean = target.length > 1 ? target.replace(/\/+$/, "") : target;
      verdict = { target, ok: paths.has(clean) || files.has(clean.replace(/^\//, "")) };
      verdicts.set(raw, verdict);
    }
    return verdict;
  };
  const check = (file: string, scan: (visit: (raw: string) => void) => void, describe: (target: string) => string) => {
    const problems: Problem[] = [];
    const seen = new Set<string>();
    scan((raw) => {
      if (seen.has(raw)) return;
      seen.add(raw);
      const { target, ok } = resolve(raw);
      if (!ok) problems.push({ file, message: `${describe(target)}, which is not a page or file of the site` });
    });
    return problems;
  };
  const documentPatterns = absolute ? [JSON_PATH, absolute] : [JSON_PATH];
  return {
    check: (page) => check(page.outFile, (visit) => pageReferences(page.html, init.siteUrl, visit), (target) => `${page.path} links to ${target}`),
    checkDocument: (document) =>
      check(document.path, (visit) => references(document.text, documentPatterns, visit), (target) => `/${document.path} refers to ${target}`),
  };
}

/** Checks rendered pages and generated files together (see createLinkChecker). */
export function checkLinks(pages: readonly RenderedPage[], files: ReadonlySet<string>, options: CheckLinksOptions = {}): Problem[] {
  const checker = createLinkChecker({ paths: pages.map((page) => page.path), files: [...files], siteUrl: options.siteUrl });
  return [...pages.flatMap((page) => checker.check(page)), ...(options.documents ?? []).flatMap((document) => checker.checkDocument(document))];
}

/** `https://www.example.com` + a path, as written in XML or JSON; the path is captured. */
function absoluteReference(siteUrl: string): RegExp {
  const base = siteUrl.replace(/\/+$/, "").replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  return new RegExp(`${base}(/[^"'\\s<>#?\\\\]*)?(?=["'\\s<>#?\\\\]|$)`, "g");
}

/** The site-relative targets of some patterns in a text, as written; srcset lists split into their URLs. */
function references(text: string, patterns: readonly RegExp[], visit: (raw: string) => void): void {
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) visit(match[1] ?? "/");
  }
}

/**
 * The site-relative targets of a rendered page: its href, src, srcset and imagesrcset attributes
 * (after white space) and its absolute links to the site URL. Found with indexOf: every page is
 * scanned, and this is several times faster than the equivalent regular expressions, which
 * tests/unit/check-links.test.ts holds it to.
 */
export function pageReferences(html: string, siteUrl: string | undefined, visit: (raw: string) => void): void {
  // Each attribute name is searched for on its own (indexOf is fast), then the finds are taken in
  // document order, skipping any inside an earlier one's value: what the regular expression does.
  const found: Array<{ start: number; name: string; value: number }> = [];
  for (const name of REFERENCE_ATTRIBUTES) {
    const needle = `${name}="`;
    for (let at = html.indexOf(needle, 1); at >= 0; at = html.indexOf(needle, at + 1)) {
      if (WHITE_SPACE.test(html[at - 1]!)) found.push({ start: at - 1, name, value: at + needle.length });
    }
  }
  found.sort((a, b) => a.start - b.start);
  let consumed = 0;
  for (const { start, name, value: from } of found) {
    if (start < consumed) continue;
    const end = html.indexOf('"', from);
    if (end < 0) break;
    consumed = end + 1;
    const value = html.slice(from, end);
    if (name === "srcset" || name === "imagesrcset") {
      // Candidate lists of responsive images: `url 480w, url 800w`.
      for (const candidate of value.split(",")) {
        const url = candidate.trim().split(/\s+/)[0] ?? "";
        if (isSitePath(url)) visit(url.replace(/[?#].*$/, ""));
      }
    } else if (isSitePath(value)) {
      visit(value.replace(/[?#].*$/, ""));
    }
  }
  if (siteUrl) siteUrlReferences(html, siteUrl.replace(/\/+$/, ""), visit);
}

const REFERENCE_ATTRIBUTES = ["href", "src", "srcset", "imagesrcset"] as const;

const WHITE_SPACE = /\s/;
/** Where a site URL's path ends: a quote, white space, <, >, #, ? or a backslash. */
const PATH_END = /["'\s<>#?\\]/;

/** `https://www.example.com` + a path, as written in HTML, XML or JSON: the path ("/" for none). */
function siteUrlReferences(text: string, base: string, visit: (raw: string) => void): void {
  for (let at = text.indexOf(base); at >= 0; ) {
    let end = at + base.length;
    if (text[end] === "/") {
      end++;
      while (end < text.length && !PATH_END.test(text[end]!)) end++;
      visit(text.slice(at + base.length, end));
    } else if (end === text.length || PATH_END.test(text[end]!)) {
      visit("/");
    } else {
      // Another host that starts like ours (`https://www.example.com.evil`): not a link to the site.
      end = at + 1;
    }
    at = text.indexOf(base, end);
  }
}

/** `/about`, not `//cdn.example.com/x` (another host) nor `https://...`. */
function isSitePath(url: string): boolean {
  return url.charCodeAt(0) === 47 && url.charCodeAt(1) !== 47;
}

function decodeSafely(value: string): string {
  try {
    return decodeURI(value.replace(/&amp;/g, "&"));
  } catch {
    return value;
  }
}
