import { UserError } from "../errors.ts";
import { git, GitError, runGit } from "./git.ts";
import type { SiteRepository } from "./site-repository.ts";

/** The branch's upstream: where publish pushes, as git names it (origin/main) and by its parts. */
export interface Upstream {
  name: string;
  remote: string;
  /** The branch on the remote, as a full ref (refs/heads/main). */
  ref: string;
}

/** The branch checked out; versions are only made on a branch. */
export async function currentBranch(repo: SiteRepository): Promise<string> {
  const result = await runGit(repo.root, ["symbolic-ref", "--short", "-q", "HEAD"]);
  if (result.code !== 0) throw new UserError("the repository has no branch checked out (a detached HEAD): git switch main (or your branch), then run this again");
  return result.stdout.trim();
}

/** The branch's upstream, or undefined when it has none (or it was never fetched). */
export async function upstreamOf(repo: SiteRepository, branch: string): Promise<Upstream | undefined> {
  const name = await runGit(repo.root, ["rev-parse", "--abbrev-ref", "--symbolic-full-name", "@{u}"]);
  const remote = await runGit(repo.root, ["config", `branch.${branch}.remote`]);
  const ref = await runGit(repo.root, ["config", `branch.${branch}.merge`]);
  if (name.code !== 0 || remote.code !== 0 || ref.code !== 0) return undefined;
  return { name: name.stdout.trim(), remote: remote.stdout.trim(), ref: ref.stdout.trim() };
}

/** How many versions are in `range` (e.g. origin/main..HEAD: the ones not pushed). */
export async function countVersions(repo: SiteRepository, range: string): Promise<number> {
  return Number((await git(repo.root, "rev-list", "--count", range)).trim());
}

/** What a push did: the versions pushed, and those published meanwhile that were taken in first. */
export interface PushResult {
  pushed: number;
  tookIn: string[];
}

/**
 * Pushes the branch to its upstream. Versions published meanwhile (another clone, the editor on
 * another computer) are fetched and the owner's rebased on top when they touch other lines; the
 * site is checked again (`recheck`) before anything so joined is pushed. A push that loses a race
 * with yet another publish tries again, twice.
 */
export async function pushToUpstream(repo: SiteRepository, upstream: Upstream, recheck: () => Promise<void>): Promise<PushResult> {
  const tookIn: string[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    await git(repo.root, "fetch", "-q", upstream.remote);
    if ((await countVersions(repo, `HEAD..${upstream.name}`)) > 0) {
      tookIn.push(...(await versionLines(repo, `HEAD..${upstream.name}`)));
      await rebaseOnto(repo, upstream);
      await recheck();
    }
    const pushed = await countVersions(repo, `${upstream.name}..HEAD`);
    if (pushed === 0) return { pushed, tookIn };
    const push = await runGit(repo.root, ["push", "-q", upstream.remote, `HEAD:${upstream.ref}`]);
    if (push.code === 0) return { pushed, tookIn };
    if (!/\[rejected\]|fetch first|non-fast-forward/.test(push.stderr)) throw new GitError(["push"], push);
  }
  throw new UserError(`Not published: ${upstream.name} kept changing while publishing (someone else is publishing now): run gopher-site publish again in a minute`);
}

/** "a1b2c3d 2026-11-25 Phone number changed" for each version of a range, newest first. */
async function versionLines(repo: SiteRepository, range: string, ...paths: string[]): Promise<string[]> {
  const output = await git(repo.root, "log", "--format=%h %ad %s", "--date=short", range, "--", ...paths.map((file) => `:(top)${file}`));
  return output.split("\n").filter(Boolean);
}

/**
 * Replays the owner's unpushed versions on the upstream's. When both changed the same lines, it
 * stops: the rebase is undone (the owner's files as they were, no conflict markers, theirs left on
 * the remote) and the message names the file and the version that clashed.
 */
async function rebaseOnto(repo: SiteRepository, upstream: Upstream): Promise<void> {
  const incoming = (await git(repo.root, "diff", "--name-only", `HEAD...${upstream.name}`)).split("\n").filter(Boolean);
  const uncommitted = [
    ...(await git(repo.root, "diff", "--name-only", "HEAD")).split("\n"),
    ...(await git(repo.root, "ls-files", "--others", "--exclude-standard", "--full-name", ":/")).split("\n"),
  ].filter(Boolean);
  const both = incoming.filter((file) => uncommitted.includes(file));
  if (both.length > 0) {
    throw new UserError(
      `Not published: ${both.join(", ")} ${both.length === 1 ? "has" : "have"} changes of yours that are in no version, and a version published meanwhile on ${upstream.name} changed ${both.length === 1 ? "it" : "them"} too: ` +
        `keep your changes elsewhere and undo them here, or commit them, then run gopher-site publish again. Your saved versions are kept here, not published.`,
    );
  }
  const base = (await git(repo.root, "merge-base", "HEAD", upstream.name)).trim();
  // --autostash: the owner's uncommitted edits outside the site's files are put back after.
  const rebase = await runGit(repo.root, ["rebase", "-q", "--autostash", upstream.name]);
  if (rebase.code === 0) return;
  const clashing = (await runGit(repo.root, ["diff", "--name-only", "--diff-filter=U"])).stdout.split("\n").filter(Boolean);
  const theirs = clashing.length > 0 ? await versionLines(repo, `${base}..${upstream.name}`, ...clashing) : [];
  // A rebase refused before it began (an untracked file in the way) has nothing to abort.
  await runGit(repo.root, ["rebase", "--abort"]);
  if (clashing.length === 0) throw new GitError(["rebase"], rebase);
  const files = clashing.map((file) => file.slice(repo.prefix.length)).join(", ");
  throw new UserError(
    `Not published: someone else published a change to the same lines of ${files} meanwhile (${theirs.join("; ")}). ` +
      `Your change is kept in your files, saved here as a version; theirs stays on ${upstream.name}.\n` +
      `To publish, take theirs in and choose between the two: git pull --rebase, edit the lines between <<<<<<< and >>>>>>> in ${files}, git add ${files}, git rebase --continue, then gopher-site publish.`,
  );
}
