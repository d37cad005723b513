import { existsSync } from "node:fs";
import path from "node:path";
import { isNeverPublished } from "../assets/never-published.ts";
import type { OutputFile } from "../assets/output-file.ts";
import type { ProjectPaths } from "../paths.ts";
import { runGit } from "../git.ts";

/** Where `gopher-site build` writes the version it was made from, and where the editor asks the live site for it (live-site.ts). */
export const VERSION_FILE = ".well-known/gopher-site.json";

/** The version a build was made from: a commit of the site's repository. */
export interface SiteVersion {
  /** The commit's full id. */
  version: string;
  /** When it was committed (git's %cI: ISO 8601 with the committer's offset). */
  published: string;
}

/**
 * The commit the site was built from (HEAD) when its files are all committed: site.yaml, content/,
 * public/ (but its files never published, such as public/.env) and the site's own templates/.
 * Undefined when the site is in no repository, git is missing, there is no commit yet, or one of
 * those files differs from HEAD: a build of changes not committed claims no version. Its git calls
 * run side by side, a few milliseconds beside the build's other stages; it never throws.
 */
export async function committedVersion(paths: ProjectPaths): Promise<SiteVersion | undefined> {
  const root = paths.root;
  const sitePaths = [path.basename(paths.config), "content", "public", ...(paths.templates === path.join(root, "templates") ? ["templates"] : [])];
  // No repository around the site (git would look for the same .git): no git process is started.
  if (!process.env.GIT_DIR && !insideRepository(root)) return undefined;
  try {
    const [prefix, head, status] = await Promise.all([
      runGit(root, ["rev-parse", "--show-prefix"]),
      runGit(root, ["log", "-1", "--no-show-signature", "--format=%H%n%cI", "HEAD"]),
      runGit(root, ["status", "--porcelain=v1", "-z", "--no-renames", "--untracked-files=all", "--", ...sitePaths]),
    ]);
    if (prefix.code !== 0 || head.code !== 0 || status.code !== 0) return undefined;
    const [version, published] = head.stdout.trim().split("\n");
    if (!version || !published || !/^[0-9a-f]{40}([0-9a-f]{24})?$/.test(version)) return undefined;
    // Porcelain paths are from the repository's top, whatever folder git runs in.
    const inSite = prefix.stdout.trim();
    const changed = status.stdout
      .split("\0")
      .filter(Boolean)
      .map((entry) => entry.slice(3).slice(inSite.length))
      .filter((file) => !(file.startsWith("public/") && isNeverPublished(file.slice("public/".length))));
    return changed.length === 0 ? { version, published } : undefined;
  } catch {
    // git is not installed: a build goes on without a version.
    return undefined;
  }
}

/** Whether `folder` or a folder above it has a `.git` (a repository's folder, or a worktree's file). */
function insideRepository(folder: string): boolean {
  for (let at = path.resolve(folder); ; at = path.dirname(at)) {
    if (existsSync(path.join(at, ".git"))) return true;
    if (path.dirname(at) === at) return false;
  }
}

/** The file the live site answers its version with: `{"version":…,"published":…}`. */
export function versionFile(version: SiteVersion): OutputFile {
  return { path: VERSION_FILE, data: `${JSON.stringify({ version: version.version, published: version.published })}\n` };
}
