import { readdir, readFile, readlink, realpath, stat } from "node:fs/promises";
import path from "node:path";
import { UserError } from "./errors.ts";

/**
 * The file every build leaves in its output folder: the mark that the folder is this tool's to
 * replace. A dot-file, so static hosts that skip hidden files (Netlify, GitHub Pages) do not publish
 * it, and the host configurations answer it with 404 (src/hosting/host-plan.ts).
 */
export const OUTPUT_STAMP = ".gopher-site-output";

/** The stamp's first line; the lines after it name what the build wrote at the top of the folder. */
const STAMP_HEADING = "Written by gopher-site build, which replaces this whole folder on every build. It wrote:";

/** The stamp of an output whose top level holds `names`. */
export function stampText(names: readonly string[]): string {
  return [STAMP_HEADING, ...names.filter((name) => name !== OUTPUT_STAMP).sort()].join("\n") + "\n";
}

/**
 * The real folder a path names, before it exists: symbolic links followed (a link whose target is
 * missing too, to that target), the missing part kept. A `dist` that links to a web root is built
 * in place of its target, and the guards below compare real folders, not the names that lead to them.
 */
export async function realFolder(input: string, depth = 0): Promise<string> {
  const absolute = path.resolve(input);
  const real = await realpath(absolute).catch(() => undefined);
  if (real !== undefined) return real;
  if (depth > 40) return absolute;
  const link = await readlink(absolute).catch(() => undefined);
  if (link !== undefined) return realFolder(path.resolve(path.dirname(absolute), link), depth + 1);
  const parent = path.dirname(absolute);
  return parent === absolute ? absolute : path.join(await realFolder(parent, depth + 1), path.basename(absolute));
}

/** The first line of the `_headers` of every build before the stamp existed: their output is ours too. */
const EARLIER_MARK = "# Response headers for Netlify and Cloudflare Pages, made by gopher-site from site.yaml.";

/**
 * The output folder is replaced whole, so it must not be, contain or sit inside the project's own
 * folders: `--out .` or `--out content` would otherwise delete the site's sources. Compared as real
 * folders: `--out` through a symbolic link to the project (or to the home folder holding it) is the
 * project.
 */
export async function assertSafeOutDir(outDirInput: string, project: { root: string; sources: readonly string[]; shown?: string }): Promise<void> {
  const outDir = await realFolder(outDirInput);
  const shown = describe(project.shown ?? outDirInput, outDir);
  const within = (child: string, parent: string) => child === parent || child.startsWith(parent + path.sep);
  const [root, ...sources] = await Promise.all([project.root, ...project.sources].map((source) => realFolder(source)));
  for (const source of [root!, ...sources]) {
    if (within(source, outDir)) {
      throw new UserError(`the output folder ${shown} would replace ${source}; choose a separate folder such as dist`);
    }
  }
  for (const source of sources) {
    if (within(outDir, source)) {
      throw new UserError(`the output folder ${shown} is inside ${source}; choose a separate folder such as dist`);
    }
  }
}

/** The folder as the user named it, and where it leads when that is elsewhere. */
function describe(shown: string, real: string): string {
  return path.resolve(shown) === real ? shown : `${shown} (a link to ${real})`;
}

/**
 * A build replaces its output folder whole, deleting what was in it: it may do so only to a folder
 * that is missing, empty, or holds only what a build wrote there (the stamp names it: a `.git`, a
 * `CNAME` or a document copied in beside the output since is not the build's, and is refused), as
 * Vite refuses to empty a folder outside its project unless told to. `emptyOutDir`
 * (`--empty-out-dir`) overrides. `earlierOutput`: the project's own `dist/`, which builds before the
 * stamp existed wrote, is taken as the build's when its `_headers` says gopher-site made it.
 */
export async function assertReplaceable(outDirInput: string, options: { emptyOutDir?: boolean; shown?: string; earlierOutput?: boolean } = {}): Promise<void> {
  if (options.emptyOutDir) return;
  const outDir = await realFolder(outDirInput);
  const shown = describe(options.shown ?? outDirInput, outDir);
  const stats = await stat(outDir).catch(() => undefined);
  if (!stats) return;
  if (!stats.isDirectory()) throw new UserError(`the output folder ${shown} is a file, not a folder; choose another folder with --out`);
  const names = (await readdir(outDir)).sort();
  const written = await stampedNames(outDir);
  const strangers = written ? names.filter((name) => name !== OUTPUT_STAMP && !written.has(name)) : names;
  if (strangers.length === 0) return;
  if (!written && options.earlierOutput && !names.includes(".git") && (await isEarlierOutput(outDir))) return;
  const listed = strangers.slice(0, 3).join(", ") + (strangers.length > 3 ? `, and ${strangers.length - 3} more` : "");
  throw new UserError(
    `the output folder ${shown} holds files gopher-site did not write (${listed}); a build replaces the whole folder, so nothing was written: choose an empty or new folder, or add --empty-out-dir to replace it`,
  );
}

/** The names the stamp says the build wrote at the folder's top; undefined without a stamp. */
async function stampedNames(outDir: string): Promise<Set<string> | undefined> {
  const text = await readFile(path.join(outDir, OUTPUT_STAMP), "utf8").catch(() => undefined);
  if (text === undefined) return undefined;
  const [heading, ...names] = text.split("\n");
  return heading === STAMP_HEADING ? new Set(names.filter(Boolean)) : undefined;
}

async function isEarlierOutput(outDir: string): Promise<boolean> {
  const headers = await readFile(path.join(outDir, "_headers"), "utf8").catch(() => "");
  return headers.split("\n", 1)[0] === EARLIER_MARK;
}
