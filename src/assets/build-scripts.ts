import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { BuildOptions } from "esbuild";
import { esbuildOutputs } from "./compile-cache.ts";
import { hashedName } from "./content-hash.ts";
import type { OutputFile } from "./output-file.ts";
import { UserError } from "../errors.ts";

/**
 * The bundles a page may load, one per page: every page's enhancements (the menu, the sections'
 * reveal, the tag manager, the call-back form) and, in `sections`, those of the content sections
 * (lists of places, embeds, questions), in `privacy` the privacy choices, in `not-found` the 404's.
 * One file per page, not shared chunks: each file gzipped alone costs its own overhead, and the
 * pages with the most to load are the ones that would pay for it (docs/speed.md).
 */
export const PAGE_BUNDLES = ["plain", "sections", "privacy", "not-found"] as const;
export type PageBundle = (typeof PAGE_BUNDLES)[number];

export interface BuildScriptsResult {
  files: OutputFile[];
  /** Public URL of the fullest bundle: what a page whose template names none loads (a project's own older templates). */
  src: string;
  /** Public URL of each bundle, by name. */
  bundles: Record<PageBundle, string>;
}

/** How esbuild bundles the client scripts: small minified modules for the browsers we support. */
const SCRIPT_OPTIONS = {
  bundle: true,
  format: "esm",
  platform: "browser",
  target: ["chrome100", "firefox100", "safari15"],
  minify: true,
  legalComments: "none",
  // What a page imports on use (import()): a file of its own, named after its content, loaded
  // from the same place as the bundle (assets/), when the visitor acts.
  chunkNames: "[name]-[hash]",
} satisfies BuildOptions;

/**
 * Bundles the client enhancements (templates/client/main.ts) once per page bundle, each once per
 * change of the folder (compile-cache.ts). The site's form decides what every bundle carries: a
 * provider's form (client/callback-request.ts), the site's own (client/lead-form.ts), and with
 * Cloudflare Turnstile on it its widget too. A project's own older main.ts, which reads none of
 * these, makes the same bundle four times: one file.
 */
export async function buildScripts(templatesDir: string, projectRoot: string, options: { ownForm?: boolean; turnstile?: boolean } = {}): Promise<BuildScriptsResult> {
  const entry = olderEntry(templatesDir, options) ?? path.join(templatesDir, "client", "main.ts");
  const form = options.ownForm ? (options.turnstile ? "own-turnstile" : "own") : "provider";
  const built = await Promise.all(
    PAGE_BUNDLES.map(async (bundle) => {
      const define = { SITE_FORM: JSON.stringify(form), PAGE_BUNDLE: JSON.stringify(bundle) };
      const outputs = await esbuildOutputs("scripts", templatesDir, entry, projectRoot, { ...SCRIPT_OPTIONS, define });
      // Named as every asset is, after its content (`site.<hash>.js`, `lead-form.<hash>.js`): the
      // four bundles' builds name the same chunk the same, and the bundle imports it by that name.
      const main = `assets/${path.basename(entry, ".ts")}.js`;
      const named = nameByContent(
        outputs.map((output) => ({ path: `assets/${output.name}`, code: Buffer.from(output.data).toString("utf8"), rename: true })),
        (file) => (file === main ? "site.js" : path.posix.basename(file).replace(/-\w+\.js$/, ".js")),
      );
      const files = named.map((file) => ({ path: file.path, data: Buffer.from(file.code) }));
      return { bundle, file: files[named.findIndex((file) => file.from === main)]!, chunks: files.filter((_, index) => named[index]!.from !== main) };
    }),
  );
  const bundles = Object.fromEntries(built.map(({ bundle, file }) => [bundle, `/${file.path}`])) as Record<PageBundle, string>;
  const files = [...new Map(built.flatMap(({ file, chunks }) => [file, ...chunks]).map((file) => [file.path, file])).values()];
  return { files, src: bundles.sections, bundles };
}

/**
 * A project's own templates from before the page bundles: their main.ts reads no SITE_FORM, and
 * the own form's script was an entry of its own (client/lead-main.ts, with Turnstile
 * client/lead-turnstile-main.ts), which a site with the own form must keep loading (without it,
 * a request sent with Cloudflare's check would post no token and be taken for a robot's).
 */
function olderEntry(templatesDir: string, options: { ownForm?: boolean; turnstile?: boolean }): string | undefined {
  const client = (file: string) => path.join(templatesDir, "client", file);
  if (!options.ownForm || !existsSync(client("main.ts")) || readFileSync(client("main.ts"), "utf8").includes("SITE_FORM")) return undefined;
  const entries = options.turnstile ? ["lead-turnstile-main.ts", "lead-main.ts"] : ["lead-main.ts"];
  return entries.map(client).find((file) => existsSync(file));
}

/**
 * Names each file after its content (`hashedName(baseName(path), code)`) where `rename` says so,
 * and each file that imports another by name (`"./name.js"`, as esbuild writes imports) after its
 * content with the new names written in: what it imports is named first. Returns each file's old
 * path (`from`), new path and code, in the order given.
 */
export function nameByContent(
  files: ReadonlyArray<{ path: string; code: string; rename: boolean }>,
  baseName: (path: string) => string,
): Array<{ from: string; path: string; code: string }> {
  const base = (file: string) => `"./${path.posix.basename(file)}"`;
  const imports = (file: (typeof files)[number]) => files.filter((other) => other !== file && file.code.includes(base(other.path)));
  const done = new Map<string, { from: string; path: string; code: string }>();
  while (done.size < files.length) {
    const left = files.filter((file) => !done.has(file.path));
    // What imports nothing left to name first. Files importing each other cannot each be named
    // after the other's name: the script that does so (a project's own) is refused, not built broken.
    const next = left.find((file) => imports(file).every((other) => done.has(other.path)));
    if (!next) throw new UserError(`templates/client: ${left.map((file) => path.posix.basename(file.path)).join(", ")} import each other (through import()); a page's scripts must not`);
    let code = next.code;
    for (const other of imports(next)) {
      const to = done.get(other.path);
      if (to) code = code.split(base(other.path)).join(base(to.path));
    }
    const named = next.rename || code !== next.code ? path.posix.join(path.posix.dirname(next.path), hashedName(baseName(next.path), code)) : next.path;
    done.set(next.path, { from: next.path, path: named, code });
  }
  return files.map((file) => done.get(file.path)!);
}
