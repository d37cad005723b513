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
process.argv.splice(2, 1);
await import(pathToFileURL(out).href);
