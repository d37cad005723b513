#!/usr/bin/env node
// Starts the CLI straight from the TypeScript sources: esbuild compiles src/ in a few
// milliseconds, so there is no separate compile step after `npm install`.

// React's development build validates every element and is several times slower: pages are
// rendered once per build, so use the production build unless the caller chose otherwise.
process.env.NODE_ENV ??= "production";

const { createHash } = await import("node:crypto");
const { existsSync, mkdirSync, writeFileSync } = await import("node:fs");
const path = (await import("node:path")).default;
const { fileURLToPath, pathToFileURL } = await import("node:url");
const { build } = await import("esbuild");

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const cacheDir = path.join(root, "node_modules", ".cache", "gopher-site");
// Code splitting keeps each command's dependencies (the dev server's watcher, ...) out of the others.
const result = await build({
  // The render worker is an entry of its own: large sites are rendered on every core.
  entryPoints: [path.join(root, "src", "cli.ts"), path.join(root, "src", "render", "render-worker.ts")],
  entryNames: "[name]",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  packages: "external",
  outdir: "/cli",
  write: false,
  logLevel: "error",
});
const hash = createHash("sha256");
for (const file of result.outputFiles) hash.update(file.path).update(file.contents);
const outDir = path.join(cacheDir, `cli-${hash.digest("hex").slice(0, 16)}`);
if (!existsSync(path.join(outDir, "cli.js"))) {
  mkdirSync(outDir, { recursive: true });
  for (const file of result.outputFiles) writeFileSync(path.join(outDir, path.relative("/cli", file.path)), file.contents);
}
const { main } = await import(pathToFileURL(path.join(outDir, "cli.js")).href);
process.exitCode = await main(process.argv.slice(2));
