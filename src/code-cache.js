// Runs compiled CommonJS files with V8's code cache, the way Node's own loader does for its
// built-in modules: the first run saves the bytecode V8 compiled for the functions it used, and
// later runs start from it instead of parsing and compiling again. Node 20 has no compile cache
// for ES modules: that is why the compiled CLI and the compiled templates are CommonJS.
// Node 22.1+'s module.enableCompileCache() was measured in its place and is not faster here (about
// 10 ms more CPU per sample build on Node 24): it saves a module's code as soon as it is compiled,
// without the functions compiled later while it runs, which this cache, saved at exit, keeps.
// Plain JavaScript, because bin/gopher-site.js uses it before anything is compiled.
import { isAscii } from "node:buffer";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Script } from "node:vm";
import { writeFileAtomically } from "./write-atomically.js";

/**
 * Scripts whose code cache is saved when the process exits, so it also holds the functions the
 * run compiled lazily. Only the latest few: a dev session loads a new templates module on every
 * edit, and the old ones will not run again.
 * @type {Map<string, Script>}
 */
const unsaved = new Map();
const KEEP = 4;
let listening = false;

/**
 * Runs `file` as a CommonJS module and returns its exports. `cacheFile` holds the code cache: a
 * missing, damaged or outdated one (another Node version) only costs the normal compile, and is
 * written again when the process exits. `require` answers the module's own require() calls.
 *
 * @param {string} file
 * @param {{ cacheFile?: string; require?: (id: string) => unknown }} [options]
 * @returns {any}
 */
export function runCommonJs(file, options = {}) {
  const bytes = readFileSync(file);
  // esbuild writes ASCII (it escapes every other character): read as Latin-1, such a file is the
  // same text, copied into a one-byte string without decoding UTF-8 (several milliseconds a start).
  const source = isAscii(bytes) ? bytes.latin1Slice(0, bytes.length) : bytes.toString("utf8");
  const { cacheFile } = options;
  let cachedData;
  if (cacheFile) {
    try {
      cachedData = readFileSync(cacheFile);
    } catch {
      cachedData = undefined;
    }
  }
  // The same wrapper Node puts around a CommonJS module.
  const wrapper = `(function (exports, require, module, __filename, __dirname) { ${source}\n})`;
  const script = new Script(wrapper, { filename: file, cachedData });
  const module = { exports: {} };
  const require = options.require ?? createRequire(file);
  script.runInThisContext().call(module.exports, module.exports, require, module, file, path.dirname(file));
  if (cacheFile && (cachedData === undefined || script.cachedDataRejected)) saveOnExit(cacheFile, script);
  return module.exports;
}

/** @param {string} cacheFile @param {Script} script */
function saveOnExit(cacheFile, script) {
  unsaved.delete(cacheFile);
  unsaved.set(cacheFile, script);
  if (unsaved.size > KEEP) unsaved.delete(unsaved.keys().next().value);
  if (listening) return;
  listening = true;
  process.once("exit", saveCodeCaches);
}

/**
 * Writes now the code caches that runCommonJs would write at exit: a worker thread, which is
 * terminated without an exit event, saves them when it has done its work (code-cache-thread.js).
 */
export function saveCodeCaches() {
  for (const [file, pending] of unsaved) writeFileAtomically(file, pending.createCachedData());
  unsaved.clear();
}
