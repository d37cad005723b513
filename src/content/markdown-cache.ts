import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { mkdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CACHE_DIR, packageVersion } from "../paths.ts";
import { writeFileAtomically } from "../write-atomically.js";
import type { ConvertedMarkdown } from "./markdown.ts";

type Entries = Record<string, ConvertedMarkdown>;

/**
 * Converts markdown bodies, reusing what the last build converted: the cache (one file in
 * node_modules/.cache) maps each body's hash to its HTML. A converted body does not depend on
 * site.yaml (placeholders are filled afterwards), so an owner's usual edit, site.yaml, converts
 * nothing, and marked is not even loaded. The file keeps this build's bodies and, after them, up
 * to MAX_KEPT of earlier ones, so sites built in turn with one installation (or test fixtures)
 * do not evict each other.
 */
export async function convertWithCache(bodies: readonly string[], file = markdownCacheFile()): Promise<ConvertedMarkdown[]> {
  let saved: Entries = {};
  try {
    saved = JSON.parse(await readFile(file, "utf8")) as Entries;
  } catch {
    saved = {};
  }
  const hashes = bodies.map((body) => createHash("sha256").update(body).digest("base64url"));
  const missing = bodies.filter((_, i) => !Object.hasOwn(saved, hashes[i]!));
  let convert: ((body: string) => ConvertedMarkdown) | undefined;
  if (missing.length > 0) convert = (await import("./markdown-convert.ts")).convertMarkdown;

  const entries: Entries = {};
  const results = bodies.map((body, i) => (entries[hashes[i]!] ??= Object.hasOwn(saved, hashes[i]!) ? saved[hashes[i]!]! : convert!(body)));
  if (missing.length > 0) {
    for (const [hash, entry] of Object.entries(saved)) {
      if (Object.keys(entries).length >= MAX_KEPT) break;
      entries[hash] ??= entry;
    }
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileAtomically(file, JSON.stringify(entries));
  }
  return results;
}

/** Bodies kept in the cache file at most (about 5 MB of typical articles). */
const MAX_KEPT = 500;

/** The cache file of this converter (of this marked and this code). */
export function markdownCacheFile(): string {
  return path.join(CACHE_DIR, "compiled", `markdown-${converterKey()}.json`);
}

let key: string | undefined;

/** What else decides a conversion: marked's version and this code (its file's size and time). */
function converterKey(): string {
  if (key === undefined) {
    const stamp = (file: string) => {
      try {
        const stats = statSync(file);
        return `${file}:${stats.size}:${stats.mtimeMs}`;
      } catch {
        return "";
      }
    };
    const self = fileURLToPath(import.meta.url);
    // From the sources (tests), the converter is a file of its own; in the compiled CLI it is inside this file.
    const parts = [packageVersion("marked"), stamp(self), stamp(path.join(path.dirname(self), "markdown-convert.ts"))];
    key = createHash("sha256").update(parts.join("|")).digest("hex").slice(0, 16);
  }
  return key;
}
