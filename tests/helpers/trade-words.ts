// The sample's trade, which no other company's site and no line of code may carry. The product's
// own name (gopher-site, GOPHER_SITE_..., its dev-server paths under /__gopher/) is not the trade.
const TRADE = /\b(?:gopher|trap|pest|poison|rodent|burrow|tuza|bait|vole|squirrel|extermin)\w*|\bmoles?\b/gi;
const PRODUCT_NAME = /gopher[-_]site|__gopher/gi;

/** Each word of the trade in `text`, camelCase split first so extraGopher's "Gopher" is a word. */
export function tradeWords(text: string): string[] {
  const words = text.replace(PRODUCT_NAME, "").replace(/([a-z0-9])([A-Z])/g, "$1 $2");
  return [...words.matchAll(TRADE)].map((match) => match[0]);
}
