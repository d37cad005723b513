#!/usr/bin/env node
// Starts the CLI straight from the TypeScript sources: esbuild compiles src/ in a few
// milliseconds, so there is no separate compile step after `npm install`.
import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync, existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import path from "node:path";
import { build } from "esbuild";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const cacheDir = path.join(root, "node_modules", ".cache", "gopher-site");
const result = await build({
  entryPoints: [path.join(root, "src", "cli.ts")],
  bundle: true,
  format: "esm",
  platform: "node",
  target: "node20",
  packages: "external",
  write: false,
  sourcemap: "inline",
  logLevel: "error",
});
const code = result.outputFiles[0].text;
const file = path.join(cacheDir, `cli-${createHash("sha256").update(code).digest("hex").slice(0, 16)}.mjs`);
if (!existsSync(file)) {
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(file, code);
}
const { main } = await import(pathToFileURL(file).href);
process.exitCode = await main(process.argv.slice(2));
