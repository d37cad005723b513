// Runs compiled CommonJS files with V8's code cache, the way Node's own loader does for its
// built-in modules: the first run saves the machine code V8 made for the functions it used, and
// later runs start from it instead of parsing and compiling again. Node 20 has no compile cache
// for ES modules: that is why the compiled CLI and the compiled templates are CommonJS.
// Plain JavaScript, because bin/gopher-site.js uses it before anything is compiled.
import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Script } from "node:vm";

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
  const source = readFileSync(file, "utf8");
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
  if (cacheFile && (cachedData === undefined || script.cachedDataRejected)) {
    // Saved on exit, so the cache also holds the functions this run compiled lazily.
    process.once("exit", () => saveAtomically(cacheFile, script.createCachedData()));
  }
  return module.exports;
}

/** @param {string} file @param {Buffer} data */
function saveAtomically(file, data) {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, data);
    renameSync(temporary, file);
  } catch {
    // A read-only cache folder only means the next run compiles again.
    rmSync(temporary, { force: true });
  }
}
