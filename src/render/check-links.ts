import type { Problem } from "../errors.ts";

/** Attributes whose site-relative values must resolve to a written file. */
const REFERENCE = /\s(?:href|src)="(\/[^"#?]*)[^"]*"/g;
/** Candidate lists of responsive images: `url 480w, url 800w`. */
const SRCSET = /\s(?:srcset|imagesrcset)="([^"]*)"/g;
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

/**
 * Every internal link and asset reference must resolve to a file of the output: a page's clean
 * path (`/about`) or a file (`/images/logo.svg`). That covers href, src, srcset, absolute links to
 * the site URL in any page or generated file, and the web manifest's paths. Linear in the size of
 * the output.
 */
export function checkLinks(pages: readonly RenderedPage[], files: ReadonlySet<string>, options: CheckLinksOptions = {}): Problem[] {
  const problems: Problem[] = [];
  const paths = new Set(pages.map((page) => page.path));
  const absolute = options.siteUrl ? absoluteReference(options.siteUrl) : undefined;
  const resolves = (target: string) => {
    const clean = target.length > 1 ? target.replace(/\/+$/, "") : target;
    return paths.has(clean) || files.has(clean.replace(/^\//, ""));
  };
  const check = (file: string, text: string, patterns: readonly RegExp[], describe: (target: string) => string) => {
    const seen = new Set<string>();
    for (const target of references(text, patterns)) {
      if (seen.has(target)) continue;
      seen.add(target);
      if (!resolves(target)) problems.push({ file, message: `${describe(target)}, which is not a page or file of the site` });
    }
  };
  for (const page of pages) {
    const patterns = absolute ? [REFERENCE, SRCSET, absolute] : [REFERENCE, SRCSET];
    check(page.outFile, page.html, patterns, (target) => `${page.path} links to ${target}`);
  }
  for (const document of options.documents ?? []) {
    const patterns = absolute ? [JSON_PATH, absolute] : [JSON_PATH];
    check(document.path, document.text, patterns, (target) => `/${document.path} refers to ${target}`);
  }
  return problems;
}

/** `https://www.example.com` + a path, as written in HTML, XML or JSON; the path is captured. */
function absoluteReference(siteUrl: string): RegExp {
  const base = siteUrl.replace(/\/+$/, "").replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  return new RegExp(`${base}(/[^"'\\s<>#?\\\\]*)?(?=["'\\s<>#?\\\\]|$)`, "g");
}

/** The site-relative targets of some patterns in a text, srcset lists split into their URLs. */
function* references(text: string, patterns: readonly RegExp[]): Generator<string> {
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) {
      if (pattern === SRCSET) {
        for (const candidate of match[1]!.split(",")) {
          const url = candidate.trim().split(/\s+/)[0] ?? "";
          if (url.startsWith("/") && !url.startsWith("//")) yield decodeSafely(url.replace(/[?#].*$/, ""));
        }
      } else {
        yield decodeSafely(match[1] ?? "/");
      }
    }
  }
}

function decodeSafely(value: string): string {
  try {
    return decodeURI(value.replace(/&amp;/g, "&"));
  } catch {
    return value;
  }
}
