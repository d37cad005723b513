import path from "node:path";
import { build, type Metafile, type Plugin } from "esbuild";
import { precompressed, type Compressible } from "../http/compress.ts";
import { TOOL_ROOT } from "../paths.ts";

/** One file of the app: its type and how long a browser may keep it. */
export interface EditorFile extends Compressible {
  type: string;
  cacheControl: string;
}

export interface EditorApp {
  /**
   * By name under /__editor/: app.js and app.css, which the page names, and the chunks of code they
   * load (named by a hash of their content); each compressed once (brotli, gzip) for a phone's slow link.
   */
  files: Map<string, EditorFile>;
  /**
   * The chunks each part of the app needs, by the part's module: under `app`, those of the first
   * load (the header's, which app.js imports at once, and the first section's); under a section's
   * module (`towns`), its own chunk and those it imports that the first load has not brought.
   * The page asks for them all at once, not each after the one that names it has arrived.
   */
  chunks: Record<string, string[]>;
}

// From the package's root: the CLI runs as one compiled file elsewhere, the app's sources stay here.
const APP_DIR = path.join(TOOL_ROOT, "src", "editor", "app");
const OUT_DIR = "/editor";

/** How the editor's browser code is bundled: ES modules for the page, in memory, minified. */
export const EDITOR_BUNDLE = { bundle: true, format: "esm", platform: "browser", target: "es2022", minify: true, write: false, logLevel: "silent" } as const;

/** The form library's markdown renderer, never used by the editor's forms, as their text (app/plain-markdown.tsx). */
const plainMarkdown: Plugin = {
  name: "plain-markdown",
  setup(build) {
    build.onResolve({ filter: /^markdown-to-jsx(\/react)?$/ }, () => ({ path: path.join(APP_DIR, "plain-markdown.tsx") }));
  },
};

/**
 * The module of the section the editor opens on when its address names none (as `#Towns` does): the
 * first of app/section-code.ts's SECTIONS. Its code comes with the first load, not once app.js has
 * run. An address naming another section fetches it for nothing, though most sections have forms
 * and share most of it (the form library).
 */
const FIRST_SECTION = "business-form";

/** A chunk is named by its content: kept by the browser for good (private: `serve --editor` sends it only to an owner). */
const CHUNK_CACHE = "private, max-age=31536000, immutable";

let built: Promise<EditorApp> | undefined;
/** The chunks of the app built in this process, for editorPage. */
let builtChunks: EditorApp["chunks"] = {};

/**
 * Bundles the editor's browser app (React and the form library) in memory, once a process: it is
 * never written into a site. Split into chunks: app.js (app/main.tsx) starts the first load; the
 * header with React (app/editor.tsx), each section's code and the form library are chunks, each
 * loaded when the page or a section first needs it (app/section-code.ts).
 */
export function buildEditorApp(): Promise<EditorApp> {
  built ??= bundleApp().then(
    (app) => ((builtChunks = app.chunks), app),
    (error: unknown) => {
      built = undefined;
      throw error;
    },
  );
  return built;
}

async function bundleApp(): Promise<EditorApp> {
  const result = await build({
    ...EDITOR_BUNDLE,
    entryPoints: { app: path.join(APP_DIR, "main.tsx") },
    outdir: OUT_DIR,
    splitting: true,
    chunkNames: "[name]-[hash]",
    metafile: true,
    plugins: [plainMarkdown],
    jsx: "automatic",
    define: { "process.env.NODE_ENV": '"production"' },
  });
  const files = new Map<string, EditorFile>();
  for (const file of result.outputFiles) {
    const name = path.relative(OUT_DIR, file.path);
    const type = name.endsWith(".css") ? "text/css; charset=utf-8" : "text/javascript; charset=utf-8";
    files.set(name, { type, cacheControl: name.startsWith("app.") ? "no-store" : CHUNK_CACHE, ...precompressed(file.contents) });
  }
  const chunks: Record<string, string[]> = {};
  for (const [output, { entryPoint }] of Object.entries(result.metafile.outputs)) {
    if (!entryPoint || !output.endsWith(".js")) continue;
    const part = path.basename(entryPoint, path.extname(entryPoint));
    const files = part === "main" ? staticImports(result.metafile, output) : [output, ...staticImports(result.metafile, output)];
    chunks[part === "main" ? "app" : part] = files.map((file) => path.posix.basename(file));
  }
  // The first load: what app.js imports, the header with React (app/editor.tsx), which app.js
  // imports as soon as it runs, and the first section's code. A section's list leaves out what the
  // first load has brought.
  const { editor = [], ...parts } = chunks;
  const first = [...new Set([...(chunks.app ?? []), ...editor, ...(chunks[FIRST_SECTION] ?? [])])];
  for (const [part, files] of Object.entries(parts)) parts[part] = files.filter((file) => !first.includes(file));
  return { files, chunks: { ...parts, app: first } };
}

/** The chunks an output imports statically, and theirs (the metafile's names). */
function staticImports(metafile: Metafile, output: string, found = new Set<string>()): string[] {
  for (const imported of metafile.outputs[output]?.imports ?? []) {
    if (imported.kind !== "import-statement" || found.has(imported.path)) continue;
    found.add(imported.path);
    staticImports(metafile, imported.path, found);
  }
  return [...found];
}

/** The editor's page: the secret for this run (or session), the app and its styles; `extras`, more of its head. */
export function editorPage(secret: string, extras = ""): string {
  // The chunks app.js imports, fetched beside it rather than once it has arrived (a round trip less
  // on a phone); those of each section, for app/section-code.ts to ask for together when it opens.
  const { app = [], ...sections } = builtChunks;
  const preloads = app.map((chunk) => `<link rel="modulepreload" href="${chunk}">\n`).join("");
  const sectionChunks = `<meta name="editor-chunks" content="${JSON.stringify(sections).replaceAll('"', "&quot;")}">\n`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="editor-secret" content="${secret}">
${extras}<title>Edit the site · gopher-site</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="app.css">
<script type="module" src="app.js"></script>
${preloads}${sectionChunks}</head>
<body><div id="editor"><p class="loading">Loading the editor…</p></div></body>
</html>
`;
}
