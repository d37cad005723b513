import { readFile } from "node:fs/promises";
import path from "node:path";
import { isLucideOnly, lucideIconsFolder } from "../content/icon-names.ts";
import type { IconSymbolView } from "../routes/page-props.ts";

const read = new Map<string, Promise<IconSymbolView>>();

/**
 * The Lucide icons among `names` as the sprite's symbols, in the order given; our own names are
 * left out (the templates draw those). Each file is read once per process: the package does not
 * change while the tool runs.
 */
export function lucideSymbols(names: readonly string[]): Promise<IconSymbolView[]> {
  return Promise.all(
    names.filter(isLucideOnly).map((name) => {
      let symbol = read.get(name);
      if (!symbol) {
        const file = path.join(lucideIconsFolder(), `${name}.svg`);
        symbol = readFile(file, "utf8").then((svg) => ({ name, elements: symbolElements(svg, file) }));
        read.set(name, symbol);
      }
      return symbol;
    }),
  );
}

/** A shape with plain attributes (no entity, no markup in a value), self-closed: all Lucide draws with. */
const ELEMENT = /<(path|circle|ellipse|line|polygon|polyline|rect)((?:\s+[a-z][a-z0-9-]*="[^"&<>]*")*)\s*\/>/g;
const ATTRIBUTE = /([a-z][a-z0-9-]*)="([^"]*)"/g;

/**
 * The elements inside one of lucide-static's SVG files (`<path d="..." />` and the like), as data
 * the templates turn into elements: no markup of the package's reaches a page unescaped. Anything
 * else inside (a group, text, a script, an entity) is a package we do not know, and an error.
 */
export function symbolElements(svg: string, file: string): IconSymbolView["elements"] {
  const open = /<svg\b[^>]*>/.exec(svg);
  const close = svg.lastIndexOf("</svg>");
  if (!open || close < 0) throw new Error(`${file} is not an SVG file as lucide-static writes them`);
  const inner = svg.slice(open.index + open[0].length, close);
  const rest = inner.replace(ELEMENT, "").trim();
  if (rest) throw new Error(`${file}: unexpected markup "${rest.slice(0, 40)}"`);
  return [...inner.matchAll(ELEMENT)].map((match) => [
    match[1]!,
    Object.fromEntries([...match[2]!.matchAll(ATTRIBUTE)].map(([, key, value]) => [camelCase(key!), value!])),
  ]);
}

/** stroke-width -> strokeWidth: React's name of an SVG attribute. */
function camelCase(name: string): string {
  return name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}
