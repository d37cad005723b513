import type { Problem } from "../errors.ts";

/** Site paths in JSON (the web manifest's icons and start URL). */
const JSON_PATH = /"(?:src|start_url|scope)"\s*:\s*"(\/[^"#?]*)[^"]*"/g;

/** A rendered HTML file to check, with the page path it serves. */
export interface RenderedPage {
  path: string;
  outFile: string;
  html: string;
}

/** What a link checker needs to know: every page path and file the output will hold. */
export interface LinkCheckerInit {
  /** Clean page paths, e.g. `/about`. */
  paths: readonly string[];
  /** Files relative to the output folder, e.g. `images/logo.svg`. */
  files: readonly string[];
  siteUrl?: string;
  /** Own pages past their last day (site.yaml's until), by path: a link to one says so. */
  ended?: ReadonlyMap<string, string>;
}

export interface LinkChecker {
  /** Problems of one rendered page. */
  check(page: RenderedPage): Problem[];
  /** Problems of a generated text file (sitemap, feed, manifest...). */
  checkDocument(document: { path: string; text: string }): Problem[];
  /**
   * Problems of the links an owner wrote in a markdown file (an article's or legal page's text),
   * named at the line of `source` (the file as written) where each broken target first appears.
   */
  checkSource(document: { file: string; source: string; html: string }): Problem[];
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
  const check = (file: string, scan: (visit: (raw: string) => void) => void, describe: (target: string) => string, locate: (raw: string) => Partial<Problem> = () => ({})) => {
    const problems: Problem[] = [];
    const seen = new Set<string>();
    scan((raw) => {
      if (seen.has(raw)) return;
      seen.add(raw);
      const { target, ok } = resolve(raw);
      if (ok) return;
      const until = init.ended?.get(target.length > 1 ? target.replace(/\/+$/, "") : target);
      const why = until
        ? `, a page that ended on ${until} (site.yaml's pages: until): remove the link, or give the page a later until`
        : ", which is not a page or file of the site";
      problems.push({ file, ...locate(raw), message: `${describe(target)}${why}` });
    });
    return problems;
  };
  const documentPatterns = absolute ? [JSON_PATH, absolute] : [JSON_PATH];
  return {
    check: (page) => check(page.outFile, (visit) => pageReferences(page.html, absolute, visit), (target) => `${page.path} links to ${target}`),
    checkDocument: (document) =>
      check(document.path, (visit) => references(document.text, documentPatterns, visit), (target) => `/${document.path} refers to ${target}`),
    checkSource: (document) =>
      check(document.file, (visit) => pageReferences(document.html, absolute, visit), (target) => `links to ${target}`, (raw) => lineOf(document.source, raw)),
  };
}

/**
 * The line and column where `target` is first written as a whole link in a source text's body
 * (after its front matter), not as the start of a longer one; none when it is not written there
 * (a target made by a placeholder).
 */
function lineOf(source: string, target: string): Partial<Problem> {
  const frontMatter = /^---\r?\n[\s\S]*?\r?\n---\r?\n/.exec(source);
  const written = target.replace(/&amp;/g, "&").replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const link = new RegExp(`${written}(?=[)>"'\\s#?]|$)`, "g");
  link.lastIndex = frontMatter ? frontMatter[0].length : 0;
  const at = link.exec(source)?.index ?? -1;
  if (at < 0) return {};
  const before = source.slice(0, at);
  const line = before.split("\n").length;
  return { line, column: at - before.lastIndexOf("\n") };
}

/** `https://www.example.com` + a path, as written in XML or JSON; the path is captured. */
function absoluteReference(siteUrl: string): RegExp {
  const base = siteUrl.replace(/\/+$/, "").replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  return new RegExp(`${base}(/[^"'\\s<>#?\\\\]*)?(?=["'\\s<>#?\\\\]|$)`, "g");
}

/** The captured site paths of some patterns in a text, as written ("/" for the site URL alone). */
function references(text: string, patterns: readonly RegExp[], visit: (raw: string) => void): void {
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) visit(match[1] ?? "/");
  }
}

/** The attributes of a page that refer to a page or file (after white space, as React writes them). */
const ATTRIBUTE = /\s(href|src|srcset|imagesrcset)="([^"]*)"/g;

/** The site-relative targets of a rendered page: its href, src and srcset values and its absolute links to the site. */
function pageReferences(html: string, absolute: RegExp | undefined, visit: (raw: string) => void): void {
  const visitSitePath = (url: string) => {
    if (isSitePath(url)) visit(url.replace(/[?#].*$/, ""));
  };
  for (const [, name, value] of html.matchAll(ATTRIBUTE)) {
    // Candidate lists of responsive images: `url 480w, url 800w`.
    if (name === "srcset" || name === "imagesrcset") for (const candidate of value!.split(",")) visitSitePath(candidate.trim().split(/\s+/)[0] ?? "");
    else visitSitePath(value!);
  }
  if (absolute) references(html, [absolute], visit);
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
