import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pageReferences } from "../../src/render/check-links.ts";

const SITE = "https://www.example.com";

/** The regular expressions the scanner replaces, kept here as its specification. */
function referencesByRegex(html: string, siteUrl: string): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(/\s(href|src|srcset|imagesrcset)="([^"]*)"/g)) {
    const urls = match[1] === "srcset" || match[1] === "imagesrcset" ? match[2]!.split(",").map((c) => c.trim().split(/\s+/)[0] ?? "") : [match[2]!];
    for (const url of urls) if (url.startsWith("/") && !url.startsWith("//")) found.push(url.replace(/[?#].*$/, ""));
  }
  const base = siteUrl.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  for (const match of html.matchAll(new RegExp(`${base}(/[^"'\\s<>#?\\\\]*)?(?=["'\\s<>#?\\\\]|$)`, "g"))) found.push(match[1] ?? "/");
  return found.sort();
}

function referencesByScanner(html: string, siteUrl: string): string[] {
  const found: string[] = [];
  pageReferences(html, siteUrl, (raw) => found.push(raw));
  return found.sort();
}

const FRAGMENTS = [' href="', ' src="', ' srcset="', "\nimagesrcset=\"", 'data-href="', '="', '"', " ", "\n", "\u00a0", "/a", "/b?x=1", "#top", "//cdn.example",
  SITE, `${SITE}.evil`, "/", ",", " 480w", "x", "<", ">", "'", "\\", "?"];

describe("pageReferences", () => {
  it("finds what the attribute and site-URL regular expressions find, in any text", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 40 }).map((parts) => parts.join("")), (html) => {
        expect(referencesByScanner(html, SITE)).toEqual(referencesByRegex(html, SITE));
      }),
      { numRuns: 5000 },
    );
  });

  it("reads a real page's links", () => {
    const html = `<a href="/about">About</a><img src="/a.png" srcset="/a-480.png 480w, /a-800.png 800w"/><a data-href="/no">x</a><a href="https://other.example/x">o</a><link rel="canonical" href="${SITE}/city"/><meta content="${SITE}"/>`;
    expect(referencesByScanner(html, SITE)).toEqual(["/", "/a-480.png", "/a-800.png", "/a.png", "/about", "/city"]);
  });
});
