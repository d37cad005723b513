// The project's TypeScript a script uses (src/, tests/helpers/), compiled with esbuild into one
// module in node_modules/.cache, as bin/gopher-site.js compiles the CLI, and imported.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build as esbuild } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** `exports`: lines such as `export { build } from "./src/build.ts";`, paths from the project's root; `name` names the compiled file. */
export async function typescriptParts(exports, name) {
  const result = await esbuild({
    stdin: { contents: exports.join("\n"), resolveDir: root, loader: "ts" },
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "external",
    write: false,
    logLevel: "error",
  });
  const file = path.join(root, "node_modules", ".cache", "gopher-site", `${name}.mjs`);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, result.outputFiles[0].text);
  return import(`${pathToFileURL(file).href}?${Date.now()}`);
}
