// Runs a TypeScript script (scripts/*.ts) the way the CLI runs src/: compiled by esbuild first.
import { build } from "esbuild";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

process.env.NODE_ENV ??= "production";
const entry = path.resolve(process.argv[2]);
const result = await build({ entryPoints: [entry], bundle: true, format: "esm", platform: "node", target: "node20", packages: "external", write: false, logLevel: "error" });
const out = path.resolve(import.meta.dirname, "../node_modules/.cache/gopher-site", `script-${path.basename(entry, ".ts")}.mjs`);
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, result.outputFiles[0].text);
// A large site renders in worker threads, which load render-worker.cjs beside the running code
// (src/render/render-pages.ts): compiled here as the CLI compiles it (bin/gopher-site.js).
const worker = await build({
  entryPoints: [path.resolve(import.meta.dirname, "../src/render/render-worker.ts")],
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node20",
  packages: "external",
  define: { "import.meta.url": "__gopherModuleUrl" },
  banner: { js: 'const __gopherModuleUrl = require("node:url").pathToFileURL(__filename).href;' },
  write: false,
  logLevel: "error",
});
writeFileSync(path.join(path.dirname(out), "render-worker.cjs"), worker.outputFiles[0].text);
process.argv.splice(2, 1);
await import(pathToFileURL(out).href);
