import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Sharp, SharpOptions } from "sharp";
import { CACHE_DIR, packageVersion } from "../paths.ts";
import { writeFolderAtomically } from "../write-atomically.js";
import { contentHash } from "./content-hash.ts";

/** Encoded images live here, one folder per source and recipe, so unchanged images are not re-encoded. */
export const IMAGE_CACHE_DIR = path.join(CACHE_DIR, "images");

/** Bumped when the encoding code changes in a way the recipe does not show. */
const CACHE_VERSION = 1;

/** One encoded image, as an encoder returns it. */
export interface EncodedImage {
  /** File name inside the cache entry, e.g. `yard-800.avif`. */
  name: string;
  width: number;
  height: number;
  type: string;
  data: Buffer;
  /** The source's size, when the encoders' limits made it smaller than it would be (kept for the build's notice). */
  scaledFrom?: { width: number; height: number };
}

/** One encoded image in the cache: its file and the content hash for its public name. */
export interface CachedImage {
  name: string;
  width: number;
  height: number;
  type: string;
  hash: string;
  /** Absolute path of the encoded file. */
  file: string;
  scaledFrom?: { width: number; height: number };
}

type SharpFactory = (input?: Buffer | Uint8Array, options?: SharpOptions) => Sharp;
let sharpModule: Promise<SharpFactory> | undefined;

/** sharp, loaded on the first cache miss only: a build whose images are all cached never loads it. */
export function loadSharp(): Promise<SharpFactory> {
  sharpModule ??= import("sharp").then((module) => module.default as SharpFactory);
  return sharpModule;
}

/** The cache key of a source and the recipe that encodes it (sizes, formats, qualities). */
export function imageCacheKey(source: Uint8Array, recipe: unknown): string {
  return createHash("sha256")
    .update(JSON.stringify({ version: CACHE_VERSION, sharp: packageVersion("sharp"), recipe }))
    .update(source)
    .digest("hex")
    .slice(0, 32);
}

/**
 * Returns the cached images for `key`, or runs `encode` and caches what it returns. An entry is
 * put in place whole (src/write-atomically.js), so a build that is killed, or two builds encoding
 * the same image at once, never leave a half-written entry.
 */
export async function cachedImages(key: string, encode: () => Promise<EncodedImage[]>): Promise<CachedImage[]> {
  const dir = path.join(IMAGE_CACHE_DIR, key);
  const cached = await readEntry(dir);
  if (cached) return cached;

  const encoded = await encode();
  const entries = encoded.map(({ name, width, height, type, scaledFrom, data }) => ({ name, width, height, type, scaledFrom, hash: contentHash(data) }));
  const files = [...encoded.map((image) => [image.name, image.data] as const), ["manifest.json", JSON.stringify(entries)] as const];
  if (!writeFolderAtomically(dir, files)) {
    // Another build cached the same entry first: its files are the same bytes.
    const raced = await readEntry(dir);
    if (!raced) throw new Error(`the image cache entry ${dir} exists but has no readable manifest.json; delete that folder`);
    return raced;
  }
  return entries.map((entry) => ({ ...entry, file: path.join(dir, entry.name) }));
}

async function readEntry(dir: string): Promise<CachedImage[] | undefined> {
  try {
    const entries = JSON.parse(await readFile(path.join(dir, "manifest.json"), "utf8")) as Omit<CachedImage, "file">[];
    return entries.map((entry) => ({ ...entry, file: path.join(dir, entry.name) }));
  } catch {
    return undefined;
  }
}
