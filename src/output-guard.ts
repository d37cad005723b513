import { readdir, readFile, realpath, stat } from "node:fs/promises";
import path from "node:path";
import { UserError } from "./errors.ts";

/**
 * The file every build leaves in its output folder: the mark that the folder is this tool's to
 * replace. A dot-file, so static hosts that skip hidden files (Netlify, GitHub Pages) do not publish
 * it, and the host configurations answer it with 404 (src/hosting/host-plan.ts).
 */
export const OUTPUT_STAMP = ".gopher-site-output";

export const OUTPUT_STAMP_TEXT = "Written by gopher-site build, which replaces this whole folder on every build.\n";

/** The first line of the `_headers` of every build before the stamp existed: their output is ours too. */
const EARLIER_MARK = "# Response headers for Netlify and Cloudflare Pages, made by gopher-site from site.yaml.";

/**
 * The output folder is replaced whole, so it must not be, contain or sit inside the project's own
 * folders: `--out .` or `--out content` would otherwise delete the site's sources.
 */
export function assertSafeOutDir(outDirInput: string, project: { root: string; sources: readonly string[] }): void {
  const outDir = path.resolve(outDirInput);
  const within = (child: string, parent: string) => child === parent || child.startsWith(parent + path.sep);
  for (const source of [project.root, ...project.sources]) {
    if (within(source, outDir)) {
      throw new UserError(`the output folder ${outDirInput} would replace ${source}; choose a separate folder such as dist`);
    }
  }
  for (const source of project.sources) {
    if (within(outDir, source)) {
      throw new UserError(`the output folder ${outDirInput} is inside ${source}; choose a separate folder such as dist`);
    }
  }
}

/**
 * A build replaces its output folder whole, deleting what was in it: it may do so only to a folder
 * that is missing, empty, or one a build wrote (it holds the stamp), as Vite refuses to empty a
 * folder outside its project unless told to. `emptyOutDir` (`--empty-out-dir`) overrides.
 */
export async function assertReplaceable(outDirInput: string, options: { emptyOutDir?: boolean; shown?: string } = {}): Promise<void> {
  if (options.emptyOutDir) return;
  const shown = options.shown ?? outDirInput;
  const outDir = await realpath(outDirInput).catch(() => outDirInput);
  const stats = await stat(outDir).catch(() => undefined);
  if (!stats) return;
  if (!stats.isDirectory()) throw new UserError(`the output folder ${shown} is a file, not a folder; choose another folder with --out`);
  const names = await readdir(outDir);
  if (names.length === 0 || names.includes(OUTPUT_STAMP) || (await isEarlierOutput(outDir))) return;
  const listed = names.sort().slice(0, 3).join(", ") + (names.length > 3 ? `, and ${names.length - 3} more` : "");
  throw new UserError(
    `the output folder ${shown} holds files gopher-site did not write (${listed}); a build replaces the whole folder, so nothing was written: choose an empty or new folder, or add --empty-out-dir to replace it`,
  );
}

async function isEarlierOutput(outDir: string): Promise<boolean> {
  const headers = await readFile(path.join(outDir, "_headers"), "utf8").catch(() => "");
  return headers.split("\n", 1)[0] === EARLIER_MARK;
}
