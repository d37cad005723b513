#!/usr/bin/env node
// Starts the CLI straight from the TypeScript sources: esbuild compiles src/ when it changed
// (a few milliseconds), so there is no separate compile step after `npm install`.

// React's development build validates every element and is several times slower: pages are
// rendered once per build, so use the production build unless the caller chose otherwise.
process.env.NODE_ENV ??= "production";

const { createHash } = await import("node:crypto");
const { existsSync, readdirSync, readFileSync, rmSync, statSync, utimesSync } = await import("node:fs");
const path = (await import("node:path")).default;
const { fileURLToPath } = await import("node:url");
const { createRequire } = await import("node:module");
const { runCommonJs } = await import("../src/code-cache.js");
const { writeFolderAtomically } = await import("../src/write-atomically.js");
const { cacheFolder, modulesFolder } = await import("../src/tool-folders.js");

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const src = path.join(root, "src");
// Beside the dependencies when writable (a checkout's node_modules, or the project's that
// gopher-site is installed into), else the user's cache folder: never assumed inside this package.
const cacheDir = cacheFolder(root);

// The compiled CLI is named after this file, its place, the sources' names, sizes and times, and the
// installed packages (it bundles some of them): unchanged sources start without loading esbuild at all.
const fingerprint = createHash("sha256").update(readFileSync(fileURLToPath(import.meta.url))).update(`NODE_ENV=${process.env.NODE_ENV}\nroot=${root}\n`);
try {
  // npm rewrites this file on every install, update or removal of a package.
  const installed = statSync(path.join(modulesFolder(root), ".package-lock.json"));
  fingerprint.update(`packages:${installed.size}:${installed.mtimeMs}\n`);
} catch {
  // Installed some other way: the sources alone name the compiled CLI.
}
for (const name of sourceFiles(src, "").sort()) {
  const stats = statSync(path.join(src, name));
  fingerprint.update(`${name}:${stats.size}:${stats.mtimeMs}\n`);
}
const outDir = path.join(cacheDir, `cli-${fingerprint.digest("hex").slice(0, 16)}`);

if (!existsSync(path.join(outDir, "cli.cjs"))) {
  const { build } = await import("esbuild");
  // CommonJS, so it can run from V8's code cache (src/code-cache.js). The render worker is an
  // entry of its own, so large sites render on every core.
  const result = await build({
    entryPoints: [path.join(src, "cli.ts"), path.join(src, "render", "render-worker.ts")],
    entryNames: "[name]",
    outExtension: { ".js": ".cjs" },
    bundle: true,
    format: "cjs",
    platform: "node",
    target: "node20",
    // import() of a package becomes require(): code run from a code cache cannot import().
    supported: { "dynamic-import": false },
    // The compiled CLI runs from the cache folder: it is told where the package is (src/paths.ts).
    define: {
      "import.meta.url": "__gopherModuleUrl",
      "process.env.NODE_ENV": JSON.stringify(process.env.NODE_ENV),
      __GOPHER_TOOL_ROOT__: JSON.stringify(root),
    },
    banner: { js: 'const __gopherModuleUrl = require("node:url").pathToFileURL(__filename).href;' },
    // Pure-JavaScript dependencies, React included, are bundled in (one file, code-cached, instead
    // of dozens of modules; the templates are given this React). Native and optional packages stay
    // outside; `yaml` is loaded only when a file has a problem to locate (src/config/yaml-source.ts),
    // and `zipcodes` (5 MB of data) only by init. The server's and the editor's libraries (mail,
    // passkeys, the forms' validators: 1.8 MB) are left out too, so that a build, which never
    // runs them, does not read them on every start.
    external: ["esbuild", "lightningcss", "sharp", "chokidar", "playwright-core", "yaml", "zipcodes", "nodemailer", "@simplewebauthn/server", "@rjsf/*", "ajv"],
    outdir: "/cli",
    write: false,
    logLevel: "error",
  });
  // Put in place whole: a process killed while writing never leaves a half-written CLI, and when
  // another process compiling at the same time was first, its identical copy is used.
  writeFolderAtomically(outDir, result.outputFiles.map((file) => [path.relative("/cli", file.path), asciiOnly(file.text)]));
  // Compiled CLIs of earlier sources or packages are deleted when unused for a week (each start
  // marks its CLI as used, below): only a dev server running for days could still need one.
  for (const name of readdirSync(cacheDir)) {
    const folder = path.join(cacheDir, name);
    if (!name.startsWith("cli-") || folder === outDir) continue;
    try {
      if (Date.now() - statSync(folder).mtimeMs > 7 * 24 * 3600 * 1000) rmSync(folder, { recursive: true, force: true });
    } catch {
      // Removed by another process meanwhile.
    }
  }
}
try {
  // Marks this CLI as in use, for the clean-up above.
  utimesSync(outDir, new Date(), new Date());
} catch {
  // A read-only cache: nothing is cleaned up there either.
}
/**
 * The files under `folder`, named from it. Walked by hand: Node 20's recursive readdir costs several
 * milliseconds more on every start.
 * @param {string} folder
 * @param {string} prefix
 * @returns {string[]}
 */
function sourceFiles(folder, prefix) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const name = prefix + entry.name;
    if (entry.isDirectory()) return sourceFiles(path.join(folder, entry.name), `${name}${path.sep}`);
    return entry.isFile() ? [name] : [];
  });
}

/**
 * The compiled code in ASCII, which src/code-cache.js reads without decoding UTF-8. esbuild escapes
 * every other character in strings, templates and regular expressions; what it leaves is in the
 * dependencies' comments, where an escape is as good.
 * @param {string} code
 */
function asciiOnly(code) {
  return code.replace(/[^\0-\x7f]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

// One code cache per command: each holds what that command compiles.
const command = ["build", "dev", "preview", "check", "schema"].includes(process.argv[2]) ? process.argv[2] : "other";
// The packages left outside the bundle are found from the sources, as if they were not compiled:
// the cache folder may be far from any node_modules.
const { main } = runCommonJs(path.join(outDir, "cli.cjs"), {
  cacheFile: path.join(outDir, `cli.${command}.v8cache`),
  require: createRequire(path.join(src, "cli.ts")),
});
process.exitCode = await main(process.argv.slice(2));
