// Runs a TypeScript script (scripts/*.ts) the way the CLI runs src/: compiled by esbuild first.
import { build } from "esbuild";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

process.env.NODE_ENV ??= "production";
const root = path.resolve(import.meta.dirname, "..");
const entry = path.resolve(process.argv[2]);

// The compiled script runs from the cache folder, which may be another checkout's (a worktree's
// node_modules can be a link to the main one's): told where this checkout is, as bin/gopher-site.js
// tells the CLI (src/paths.ts), it copies this checkout's sample and templates, not that one's.
const define = { __GOPHER_TOOL_ROOT__: JSON.stringify(root) };

// Plain .mjs files (scripts/synthetic-site.mjs) stay where they are, imported by their full address:
// bundled, their import.meta.dirname would name the cache folder, and the sample they copy is not there.
const mjsInPlace = {
  name: "mjs-in-place",
  setup(build) {
    build.onResolve({ filter: /^(\.{1,2})?\/.*\.mjs$/ }, (args) => ({ path: pathToFileURL(path.resolve(args.resolveDir, args.path)).href, external: true }));
  },
};
const script = await build({ entryPoints: [entry], bundle: true, format: "esm", platform: "node", target: "node20", packages: "external", plugins: [mjsInPlace], define, write: false, logLevel: "error" });
// A large site renders in worker threads, which load render-worker.cjs beside the running code
// (src/render/render-pages.ts): compiled here as the CLI compiles it (bin/gopher-site.js).
const worker = await build({
  entryPoints: [path.join(root, "src/render/render-worker.ts")],
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node20",
  packages: "external",
  define: { ...define, "import.meta.url": "__gopherModuleUrl" },
  banner: { js: 'const __gopherModuleUrl = require("node:url").pathToFileURL(__filename).href;' },
  write: false,
  logLevel: "error",
});

// A folder named by what it holds: two checkouts, or two scripts, running at once never run each other's code.
const [scriptText, workerText] = [script.outputFiles[0].text, worker.outputFiles[0].text];
const hash = createHash("sha256").update(scriptText).update(workerText).digest("hex").slice(0, 16);
const outDir = path.join(root, "node_modules/.cache/gopher-site", `script-${path.basename(entry, ".ts")}-${hash}`);
if (!existsSync(outDir)) {
  // Written aside, then renamed into place: a run starting meanwhile never finds half a file.
  const temporary = `${outDir}.${process.pid}.tmp`;
  mkdirSync(temporary, { recursive: true });
  writeFileSync(path.join(temporary, "script.mjs"), scriptText);
  writeFileSync(path.join(temporary, "render-worker.cjs"), workerText);
  try {
    renameSync(temporary, outDir);
  } catch (error) {
    // Another run put the same files there first.
    rmSync(temporary, { recursive: true, force: true });
    if (!existsSync(outDir)) throw error;
  }
}
process.argv.splice(2, 1);
await import(pathToFileURL(path.join(outDir, "script.mjs")).href);
