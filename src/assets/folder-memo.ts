import { createHash } from "node:crypto";
import { mkdir, readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { CACHE_DIR, packageVersion } from "../paths.ts";
import { writeFileAtomically } from "../write-atomically.js";

/**
 * The folder's place and the names and contents of its files: changes when any file does, and not
 * when only times do (a fresh checkout in the same place finds its compiled templates, styles and
 * scripts in the cache). The place is part of it: what esbuild makes of a folder also depends on
 * what is around it (imports from outside, the project's packages and tsconfig).
 */
export function folderFingerprint(dir: string): Promise<string> {
  // The three compile caches of a build ask at the same time: they share one reading.
  let reading = readings.get(dir);
  if (!reading) {
    reading = readFingerprint(dir).finally(() => readings.delete(dir));
    readings.set(dir, reading);
  }
  return reading;
}

const readings = new Map<string, Promise<string>>();

async function readFingerprint(dir: string): Promise<string> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name)).sort();
  const hashes = await Promise.all(
    files.map(async (file) => `${path.relative(dir, file)}:${createHash("sha256").update(await readFile(file)).digest("base64url")}`),
  );
  return `${path.resolve(dir)}|${hashes.join("|")}`;
}

/**
 * Remembers the last result of `compute` for a folder and reuses it while no file in the folder
 * changed: the dev server rebuilds on every save, but templates, styles and scripts rarely change.
 */
export function memoByFolder<A extends unknown[], T>(compute: (dir: string, ...rest: A) => Promise<T> | T): (dir: string, ...rest: A) => Promise<T> {
  return memoWithFingerprint((_fingerprint, dir, ...rest: A) => compute(dir, ...rest));
}

/** memoByFolder, handing the folder's fingerprint to `compute` (which need not read it again). */
function memoWithFingerprint<A extends unknown[], T>(
  compute: (fingerprint: string, dir: string, ...rest: A) => Promise<T> | T,
): (dir: string, ...rest: A) => Promise<T> {
  const last = new Map<string, { fingerprint: string; value: T }>();
  return async (dir, ...rest) => {
    const fingerprint = await folderFingerprint(dir);
    const cached = last.get(dir);
    if (cached && cached.fingerprint === fingerprint) return cached.value;
    const value = await compute(fingerprint, dir, ...rest);
    // A file saved while compiling: the result may be of the new content, so it is not kept under
    // the old. Read afresh, not shared with a reading that may have started before the save.
    if ((await readFingerprint(dir)) === fingerprint) last.set(dir, { fingerprint, value });
    return value;
  };
}

let compilerKeyValue: string | undefined;
/** Changed whenever what the caches hold changes shape (2: templates are CommonJS modules). */
const CACHE_FORMAT = 2;

/**
 * What else decides a compiled result: this build of gopher-site (its compiled code lives under
 * a name that changes with src/, so this module's address does too) and the compilers' versions.
 */
function compilerKey(): string {
  if (compilerKeyValue === undefined) {
    compilerKeyValue = [CACHE_FORMAT, import.meta.url, packageVersion("esbuild"), packageVersion("lightningcss"), packageVersion("react-dom")].join("|");
  }
  return compilerKeyValue;
}

/** How a cached value is kept on disk as JSON. */
export interface DiskCodec<T, J> {
  save(value: T): J;
  load(saved: J): Promise<T> | T;
}

/**
 * Like memoByFolder, but across processes: the result is kept in node_modules/.cache under the
 * folder's fingerprint, so a build whose templates did not change loads neither esbuild nor
 * lightningcss. A damaged cache entry is simply computed again.
 */
export function diskMemoByFolder<A extends unknown[], T, J>(
  kind: string,
  compute: (dir: string, ...rest: A) => Promise<T> | T,
  codec: DiskCodec<T, J>,
): (dir: string, ...rest: A) => Promise<T> {
  return memoWithFingerprint(async (fingerprint: string, dir: string, ...rest: A) => {
    const key = createHash("sha256").update(compilerKey()).update(fingerprint).digest("hex").slice(0, 20);
    const file = path.join(CACHE_DIR, "compiled", `${kind}-${key}.json`);
    try {
      return await codec.load(JSON.parse(await readFile(file, "utf8")) as J);
    } catch {
      const value = await compute(dir, ...rest);
      // Kept only if no file changed while compiling (the result would belong to the new content).
      if ((await readFingerprint(dir)) === fingerprint) {
        await mkdir(path.dirname(file), { recursive: true });
        writeFileAtomically(file, JSON.stringify(codec.save(value)));
      }
      return value;
    }
  });
}
