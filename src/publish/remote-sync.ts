import { lstat, writeFile } from "node:fs/promises";
import path from "node:path";
import { UserError } from "../errors.ts";
import { EditRefused } from "../yaml-edit/yaml-edit.ts";
import { git, GitError, runGit } from "../git.ts";
import { isSiteFile, type SiteRepository } from "./site-repository.ts";
import { ChoiceMissing, joinVersions, fieldClashes, readsAsValues, type ClashChoices, type FileClash } from "./value-clash.ts";

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
export async function pushToUpstream(repo: SiteRepository, upstream: Upstream, recheck: () => Promise<void>, choices?: ClashChoices): Promise<PushResult> {
  const tookIn: string[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    await git(repo.root, "fetch", "-q", upstream.remote);
    if ((await countVersions(repo, `HEAD..${upstream.name}`)) > 0) {
      tookIn.push(...(await versionLines(repo, `HEAD..${upstream.name}`)));
      await rebaseOnto(repo, upstream, choices);
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
 * A publish stopped by a change of the same lines published meanwhile, in values: each clashing
 * field as yours and published (the editor shows them, and publishes again with the owner's
 * choices). Files are named from the site's folder.
 */
export class PublishClash extends UserError {
  constructor(
    message: string,
    readonly files: FileClash[],
  ) {
    super(message);
  }
}

/**
 * Replays the owner's unpushed versions on the upstream's. When both changed the same lines of a
 * YAML or markdown file, the fields both changed are settled by `choices` (yours or published,
 * everything else of both kept); without a choice for each, it stops: the rebase is undone (the
 * owner's files as they were, no conflict markers, theirs left on the remote) and the message names
 * the file, the version that clashed and, in PublishClash, each field's two values.
 */
async function rebaseOnto(repo: SiteRepository, upstream: Upstream, choices: ClashChoices = {}): Promise<void> {
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
  let step = await runGit(repo.root, ["rebase", "-q", "--autostash", upstream.name]);
  // Whatever happens below, the rebase ends: finished, or undone (the owner's files as they were).
  try {
    while (step.code !== 0) {
      const clashing = await unmergedFiles(repo);
      // A rebase refused before it began (an untracked file in the way) has nothing to settle.
      if (clashing.length === 0) throw new GitError(["rebase"], step);
      const settled = await settleInValues(repo, clashing, choices);
      if (settled.length > 0 || clashing.some((file) => !joinableInValues(repo, file))) {
        const theirs = await versionLines(repo, `${base}..${upstream.name}`, ...clashing);
        const files = clashing.map((file) => file.slice(repo.prefix.length)).join(", ");
        const inValues = clashing.every((file) => joinableInValues(repo, file)) && settled.every((clash) => clash.fields.length > 0);
        throw new PublishClash(
          `Not published: someone else published a change to the same lines of ${files} meanwhile (${theirs.join("; ")}). ` +
            `Your change is kept in your files, saved here as a version; theirs stays on ${upstream.name}.\n` +
            (inValues ? `To publish, choose between the two: Publish in the editor (gopher-site edit) shows yours and theirs for each value; or in a terminal: ` : "To publish, take theirs in and choose between the two: ") +
            `git pull --rebase, edit the lines between <<<<<<< and >>>>>>> in ${files}, git add ${files}, git rebase --continue, then gopher-site publish.`,
          inValues ? settled : [],
        );
      }
      await git(repo.root, "add", "--", ...clashing.map((file) => `:(top,literal)${file}`));
      // A version whose every change the owner gave up for published's has nothing left: it goes.
      const nothingLeft = (await runGit(repo.root, ["diff", "--cached", "--quiet", "HEAD"])).code === 0;
      step = await runGit(repo.root, ["rebase", nothingLeft ? "--skip" : "--continue"]);
    }
  } catch (error) {
    await runGit(repo.root, ["rebase", "--abort"]);
    throw error;
  }
}

/** The files git left unmerged, from the repository's top, their names as written (not quoted). */
export async function unmergedFiles(repo: SiteRepository): Promise<string[]> {
  return (await git(repo.root, "-c", "core.quotePath=false", "diff", "--name-only", "-z", "--diff-filter=U")).split("\0").filter(Boolean);
}

/** A clash joined in values: a YAML or markdown file of the site's own (site.yaml, content/, public/). */
function joinableInValues(repo: SiteRepository, file: string): boolean {
  return file.startsWith(repo.prefix) && isSiteFile(repo, file.slice(repo.prefix.length)) && readsAsValues(file);
}

/**
 * Writes each clashing file of a rebase's stop joined in values as `choices` say: published's file
 * (git's "ours" while rebasing) with the owner's changes (the version replayed, "theirs") made in it.
 * The fields still to choose, by file; none when every file was written.
 */
async function settleInValues(repo: SiteRepository, clashing: readonly string[], choices: ClashChoices): Promise<FileClash[]> {
  const open: FileClash[] = [];
  for (const file of clashing) {
    if (!joinableInValues(repo, file)) continue;
    const name = file.slice(repo.prefix.length);
    const sides = await unmergedSides(repo, file, true);
    const target = path.join(repo.root, name);
    // Removed on one side and changed on the other, or a link in the working tree: git's to settle, not a value's.
    if (!sides || (await lstat(target).then((stats) => !stats.isFile(), () => true))) {
      open.push({ file: name, fields: [] });
      continue;
    }
    try {
      await writeFile(target, joinVersions(file, sides.base, sides.yours, sides.published, Object.hasOwn(choices, name) ? choices[name] : undefined));
    } catch (error) {
      if (error instanceof ChoiceMissing) open.push({ file: name, fields: fieldClashes(file, sides.base, sides.yours, sides.published) });
      // A file its values cannot join (a list at its top, say): git's way, as for any file.
      else if (error instanceof EditRefused) open.push({ file: name, fields: [] });
      else throw error;
    }
  }
  return open;
}

/**
 * The sides of an unmerged file from git's index: the common version (stage 1, when there is one),
 * ours (2) and theirs (3). While a rebase replays the owner's versions ours is the published one;
 * in a merge, the owner's. Undefined when a side is missing (a file removed on one side).
 */
export async function unmergedSides(repo: SiteRepository, file: string, rebasing: boolean): Promise<{ base?: string; yours: string; published: string } | undefined> {
  const stage = async (n: number) => {
    const shown = await runGit(repo.root, ["show", `:${n}:${file}`]);
    return shown.code === 0 ? shown.stdout : undefined;
  };
  const [base, ours, theirs] = [await stage(1), await stage(2), await stage(3)];
  if (ours === undefined || theirs === undefined) return undefined;
  return { ...(base === undefined ? {} : { base }), yours: rebasing ? theirs : ours, published: rebasing ? ours : theirs };
}
