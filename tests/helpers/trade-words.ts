import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

// The sample's trade, which no other company's site and no line of code may carry. The product's
// own name (gopher-site, GOPHER_SITE_..., its dev-server paths under /__gopher/) is not the trade.
const TRADE = /\b(?:gopher|trap|pest|poison|rodent|burrow|tuza|bait|vole|squirrel|extermin)\w*|\bmoles?\b/gi;
const PRODUCT_NAME = /gopher[-_]site|__gopher/gi;

/** Each word of the trade in `text`, camelCase split first so extraGopher's "Gopher" is a word. */
export function tradeWords(text: string): string[] {
  const words = text.replace(PRODUCT_NAME, "").replace(/([a-z0-9])([A-Z])/g, "$1 $2");
  return [...words.matchAll(TRADE)].map((match) => match[0]);
}

/**
 * The sample's trade words in a built site's text files, as "file: word, word". `ownTrade` is the
 * new company's own word when the sample's list holds it too (a mole-removal company says "mole").
 */
export function tradeWordsIn(dist: string, ownTrade?: RegExp): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dist, { recursive: true, encoding: "utf8" })) {
    if (!/\.(html|css|js|svg|xml|txt|json|webmanifest)$|_headers$/.test(name)) continue;
    const words = tradeWords(readFileSync(path.join(dist, name), "utf8")).filter((word) => !ownTrade?.test(word));
    if (words.length > 0) found.push(`${name.split(path.sep).join("/")}: ${[...new Set(words)].join(", ")}`);
  }
  return found;
}
