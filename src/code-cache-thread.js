// A worker thread that runs compiled CommonJS with V8's code cache (code-cache.js), as the main
// thread runs the compiled CLI: the render threads (src/render/render-pages.ts) start without
// parsing and compiling their 600 KB of code again. A thread is terminated without an exit event,
// so the cache is written when the thread that started it asks, through `cachePort`, once the
// thread has done its work (and so compiled what it runs).
// Plain JavaScript, like code-cache.js: it runs before anything is compiled.
import { createRequire } from "node:module";
import { workerData } from "node:worker_threads";
import { runCommonJs, saveCodeCaches } from "./code-cache.js";

/** @type {{ file: string; cacheFile: string; requireFrom: string; cachePort: import("node:worker_threads").MessagePort }} */
const { file, cacheFile, requireFrom, cachePort } = workerData;
cachePort.on("message", () => {
  try {
    saveCodeCaches();
  } finally {
    cachePort.postMessage("saved");
    cachePort.close();
  }
});
runCommonJs(file, { cacheFile, require: createRequire(requireFrom) });
