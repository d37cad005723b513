import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { SiteError } from "../errors.ts";
import type { BuildOptions } from "esbuild";
import { CACHE_DIR, displayPath, packageVersion } from "../paths.ts";
import { writeFileAtomically, writeFolderAtomically } from "../write-atomically.js";

/**
 * The folder's place and the names and contents of its files: changes when any file does, and not
 * when only times do (a fresh checkout in the same place finds its compiled templates, styles and
 * scripts in the cache). The place is part of it: what esbuild makes of a folder also depends on
 * what is around it (imports from outside, the project's packages and tsconfig).
 */
export function folderFingerprint(dir: string): Promise<string> {
  // The three compilers of a build ask at the same time: they share one reading.
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

/** Changed whenever what the cache holds changes shape (3: one file per entry, keyed by the compiler's options). */
const CACHE_FORMAT = 3;

export interface CompileRequest {
  /** What is compiled, for the entry's name: `templates`, `styles`, `scripts`. */
  kind: string;
  /** The entry's file extension, e.g. `.cjs`. */
  extension: string;
  /** The folder whose files are compiled. */
  dir: string;
  /** Everything else that decides the output: the compiler's version and options (plain data). */
  settings: unknown;
  compile: () => Promise<string | Uint8Array>;
}

/**
 * The compiled output of a folder, as a file in node_modules/.cache named after everything that
 * decides it: the folder (place, names, contents) and the compiler's version and options. An
 * unchanged folder is not compiled again, by this process or the next, and a build that finds its
 * entries loads neither esbuild nor lightningcss. Deleting the cache only costs a compile.
 */
export async function compiledFile(request: CompileRequest): Promise<string> {
  const fingerprint = await folderFingerprint(request.dir);
  const file = path.join(CACHE_DIR, "compiled", `${request.kind}-${hash([JSON.stringify([CACHE_FORMAT, request.settings]), fingerprint])}${request.extension}`);
  if (await stat(file).then((stats) => stats.isFile(), () => false)) return file;
  const output = await request.compile();
  // A file saved while compiling: the output may be of the new content, so it is not kept under
  // the old content's key but under its own. Read afresh, not shared with a reading that may have
  // started before the save.
  const unchanged = (await readFingerprint(request.dir)) === fingerprint;
  const target = unchanged ? file : path.join(path.dirname(file), `${request.kind}-${hash([output])}${request.extension}`);
  await mkdir(path.dirname(target), { recursive: true });
  // Written whole under a temporary name, then renamed: another process never reads half of it.
  if (!writeFileAtomically(target, output)) throw new Error(`could not write the compiled ${request.kind} to ${target}`);
  return target;
}

/** One file of a compile with several outputs: its name (no folders) and contents. */
export interface CompiledOutput {
  name: string;
  data: Uint8Array;
}

/**
 * As compiledFile, for a compile that makes several files (a bundle and the chunks it imports on
 * use): kept as one folder in node_modules/.cache, created whole (write-atomically.js), so a reader
 * never finds some of a compile's files without the others. Returns the files, by name.
 */
export async function compiledFiles(request: Omit<CompileRequest, "extension" | "compile"> & { compile: () => Promise<CompiledOutput[]> }): Promise<CompiledOutput[]> {
  const fingerprint = await folderFingerprint(request.dir);
  const folder = path.join(CACHE_DIR, "compiled", `${request.kind}-${hash([JSON.stringify([CACHE_FORMAT, request.settings]), fingerprint])}`);
  const cached = await readFolder(folder);
  if (cached) return cached;
  const outputs = await request.compile();
  // A file saved while compiling: kept under the outputs' own key, not the old content's (as compiledFile).
  const unchanged = (await readFingerprint(request.dir)) === fingerprint;
  const target = unchanged ? folder : path.join(path.dirname(folder), `${request.kind}-${hash(outputs.flatMap((file) => [file.name, file.data]))}`);
  await mkdir(path.dirname(target), { recursive: true });
  // False: another process put the same entry there first; a cache that cannot be written is only slower.
  try {
    writeFolderAtomically(target, outputs.map((file) => [file.name, file.data] as const));
  } catch {
    // The outputs are returned all the same.
  }
  return outputs;
}

async function readFolder(folder: string): Promise<CompiledOutput[] | undefined> {
  const names = await readdir(folder).catch(() => undefined);
  if (!names) return undefined;
  return Promise.all(names.sort().map(async (name) => ({ name, data: new Uint8Array(await readFile(path.join(folder, name))) })));
}

function hash(parts: ReadonlyArray<string | Uint8Array>): string {
  const sha = createHash("sha256");
  for (const part of parts) sha.update(part);
  return sha.digest("hex").slice(0, 20);
}

/**
 * `entry` of the folder `dir` compiled by esbuild with `options`, through the cache (esbuild is
 * loaded only for a compile). esbuild's errors become the user's problems, located.
 */
export function esbuildOutput(kind: string, extension: string, dir: string, entry: string, projectRoot: string, options: BuildOptions): Promise<string> {
  return compiledFile({
    kind,
    extension,
    dir,
    settings: { esbuild: packageVersion("esbuild"), entry: path.relative(dir, entry), ...options },
    compile: async () => {
      try {
        const { build } = await import("esbuild");
        const result = await build({ ...options, entryPoints: [entry], write: false, logLevel: "silent" });
        return result.outputFiles[0]!.contents;
      } catch (error) {
        throw esbuildFailure(error, projectRoot, entry);
      }
    },
  });
}

/**
 * `entry` of the folder `dir` bundled by esbuild with code splitting (`options` are esbuild's, ESM):
 * the entry's output, named `<entry's name>.js`, and each chunk it imports, named by `chunkNames`;
 * through the cache, as esbuildOutput.
 */
export function esbuildOutputs(kind: string, dir: string, entry: string, projectRoot: string, options: BuildOptions): Promise<CompiledOutput[]> {
  return compiledFiles({
    kind,
    dir,
    // The entry too: two entries of one folder (an older project's lead-main.ts) are two outputs.
    settings: { esbuild: packageVersion("esbuild"), splitting: true, entry: path.relative(dir, entry), ...options },
    compile: async () => {
      // Never written (write: false): a place for esbuild to name the outputs relative to each other.
      const outdir = path.join(dir, ".gopher-site-out");
      try {
        const { build } = await import("esbuild");
        const result = await build({ ...options, splitting: true, outdir, entryNames: "[name]", entryPoints: [entry], write: false, logLevel: "silent" });
        return result.outputFiles.map((file) => ({ name: path.relative(outdir, file.path), data: file.contents }));
      } catch (error) {
        throw esbuildFailure(error, projectRoot, entry);
      }
    },
  });
}

type EsbuildMessage = { text: string; location?: { file: string; line: number; column: number } | null };

/** An esbuild failure as the user's problems (file, line, column, message); any other error as it is. */
function esbuildFailure(error: unknown, projectRoot: string, entry: string): unknown {
  const errors = (error as { errors?: EsbuildMessage[] }).errors;
  if (!errors) return error;
  return new SiteError(
    errors.map((e) => ({
      file: displayPath(projectRoot, e.location ? path.resolve(e.location.file) : entry),
      line: e.location?.line,
      column: e.location ? e.location.column + 1 : undefined,
      message: e.text,
    })),
    { cause: error },
  );
}
