import path from "node:path";
import { build } from "esbuild";
import { precompressed, type Compressible } from "../http/compress.ts";
import { TOOL_ROOT } from "../paths.ts";

export interface EditorApp {
  /** By name under /__editor/: app.js, app.css, each compressed once (brotli, gzip) for a phone's slow link. */
  files: Map<string, Compressible & { type: string }>;
}

// From the package's root: the CLI runs as one compiled file elsewhere, the app's sources stay here.
const APP_DIR = path.join(TOOL_ROOT, "src", "editor", "app");

/** How the editor's browser code is bundled: one module for the page, in memory, minified. */
export const EDITOR_BUNDLE = { bundle: true, format: "esm", platform: "browser", target: "es2022", minify: true, write: false, logLevel: "silent" } as const;

/** Bundles the editor's browser app (React and the form library) in memory: it is never written into a site. */
export async function buildEditorApp(): Promise<EditorApp> {
  const result = await build({
    ...EDITOR_BUNDLE,
    entryPoints: [path.join(APP_DIR, "main.tsx")],
    outdir: "/editor",
    jsx: "automatic",
    define: { "process.env.NODE_ENV": '"production"' },
  });
  const files = new Map<string, Compressible & { type: string }>();
  for (const file of result.outputFiles) {
    const name = path.basename(file.path).replace(/^main\./, "app.");
    files.set(name, { type: name.endsWith(".css") ? "text/css; charset=utf-8" : "text/javascript; charset=utf-8", ...precompressed(file.contents) });
  }
  return { files };
}

/** The editor's page: the secret for this run, the app and its styles. */
export function editorPage(secret: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="editor-secret" content="${secret}">
<title>Edit the site · gopher-site</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="app.css">
<script type="module" src="app.js"></script>
</head>
<body><div id="editor"><p class="loading">Loading the editor…</p></div></body>
</html>
`;
}
