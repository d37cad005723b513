import { git } from "../git.ts";
import { countVersions, currentBranch, upstreamOf } from "./remote-sync.ts";
import { headVersion, openSiteRepository } from "./site-repository.ts";

/** One version of the site: a commit that changed its files. */
export interface Version {
  /** git's short id, as `undo` takes it. */
  id: string;
  /** When it was made, in the computer's time zone: 2026-11-25 20:41. */
  date: string;
  /** Its message: the change in words. */
  words: string;
  /** Saved here but not pushed to the upstream yet (always false without one). */
  notPushed: boolean;
}

/** The versions of the site's files on this branch, newest first (for `history` and the editor's list). */
export async function siteHistory(config: string, options: { limit?: number } = {}): Promise<Version[]> {
  const repo = await openSiteRepository(config);
  if (!(await headVersion(repo))) return [];
  const upstream = await upstreamOf(repo, await currentBranch(repo));
  const waiting = upstream ? await countVersions(repo, `${upstream.name}..HEAD`) : 0;
  const limit = options.limit ? [`--max-count=${options.limit}`] : [];
  const output = await git(repo.root, "log", "-z", "--format=%h%x1f%ad%x1f%s", "--date=format-local:%Y-%m-%d %H:%M", ...limit, "HEAD", "--", ...repo.sitePaths);
  // Unpushed versions are the newest of the branch's, but a version may leave out the site's files.
  const unpushed = new Set(waiting > 0 ? (await git(repo.root, "rev-list", "--abbrev-commit", `${upstream!.name}..HEAD`)).split("\n") : []);
  return output
    .split("\0")
    .filter(Boolean)
    .map((entry) => {
      const [id = "", date = "", words = ""] = entry.split("\x1f");
      return { id, date, words, notPushed: unpushed.has(id) };
    });
}
