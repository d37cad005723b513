import { build } from "../build.ts";
import { UserError } from "../errors.ts";
import { git, IDENTITY_HINT, runGit } from "../git.ts";
import { firstClash, parseHunks } from "./line-clash.ts";
import { currentBranch } from "./remote-sync.ts";
import { checkOrRefuse, openSiteRepository, refuseHalfDoneOperation, workingChanges, type SiteRepository } from "./site-repository.ts";

export interface UndoResult {
  /** The new version, which reverts the old one. */
  id: string;
  message: string;
  undone: { id: string; words: string };
}

/**
 * `gopher-site undo ID`: the version's change reverted as a new version, like `git revert`. The
 * whole site is built with it first; when it would not build, or a later version changed the same
 * lines, everything is put back as it was (files, index, no half-done revert) and the reason named.
 */
export async function undoVersion(config: string, id: string, options: { onStage?: (stage: string, ms: number) => void } = {}): Promise<UndoResult> {
  const repo = await openSiteRepository(config);
  await refuseHalfDoneOperation(repo);
  await currentBranch(repo);
  const target = await versionToUndo(repo, id);
  const { site } = await workingChanges(repo);
  if (site.length > 0) {
    throw new UserError(`Not undone: ${site.map((change) => change.path).join(", ")} ${site.length === 1 ? "has" : "have"} changes not saved in a version yet: publish them first (gopher-site publish), then undo. Nothing was changed.`);
  }
  // A revert without a commit joins the index: anything staged would go into the undo's version.
  if ((await runGit(repo.root, ["diff", "--cached", "--quiet"])).code !== 0) {
    throw new UserError("Not undone: files are staged for git's next commit (git status lists them): commit them, or unstage them with git restore --staged <file>, then undo. Nothing was changed.");
  }
  if ((await runGit(repo.root, ["var", "GIT_COMMITTER_IDENT"])).code !== 0) throw new UserError(`Not undone: ${IDENTITY_HINT}`);

  const revert = await runGit(repo.root, ["revert", "--no-commit", target.full]);
  if (revert.code !== 0) {
    const clashing = (await runGit(repo.root, ["diff", "--name-only", "--diff-filter=U"])).stdout.split("\n").filter(Boolean);
    await putBack(repo);
    if (clashing.length === 0) throw new UserError(`Not undone: git could not revert ${target.short}: ${revert.stderr.trim().split("\n")[0]}. Nothing was changed.`);
    const later = await Promise.all(clashing.map((file) => laterChangeOf(repo, target.full, file)));
    throw new UserError(
      `Not undone: a later version changed the same lines of ${clashing.map((file, index) => `${file.slice(repo.prefix.length)} (${later[index]})`).join(", ")}: ` +
        `undo that one first, or change the lines by hand. Nothing was changed.`,
    );
  }
  try {
    await checkOrRefuse(() => build({ config, write: false, onStage: options.onStage }), `Not undone: the site would not build without ${target.short}'s change (${target.words}):`);
  } catch (error) {
    await putBack(repo);
    throw error;
  }
  const message = `Undo: ${target.words} (${target.short})`;
  await git(repo.root, "commit", "-q", "-m", message);
  return { id: (await git(repo.root, "rev-parse", "--short", "HEAD")).trim(), message, undone: { id: target.short, words: target.words } };
}

/** The version `id` names, refused with a reason when it is none undo can revert. */
async function versionToUndo(repo: SiteRepository, id: string): Promise<{ full: string; short: string; words: string }> {
  const resolved = /^[0-9a-f]{4,40}$/i.test(id) ? await runGit(repo.root, ["rev-parse", "--verify", "-q", `${id}^{commit}`]) : undefined;
  if (!resolved || resolved.code !== 0) throw new UserError(`ID  ${id} is no version of this site: gopher-site history lists them, each line starting with its id`);
  const full = resolved.stdout.trim();
  if ((await runGit(repo.root, ["merge-base", "--is-ancestor", full, "HEAD"])).code !== 0) {
    throw new UserError(`ID  ${id} is not a version of this branch's history: gopher-site history lists them`);
  }
  const [short = "", parents = "", words = ""] = (await git(repo.root, "log", "-1", "--format=%h%x1f%p%x1f%s", full)).trim().split("\x1f");
  if (parents === "") throw new UserError(`ID  ${short} is the first version: undoing it would take the whole site away`);
  if (parents.includes(" ")) throw new UserError(`ID  ${short} joins two lines of versions (a merge): undo the versions it joined instead`);
  if ((await git(repo.root, "diff", "--name-only", `${full}^`, full, "--", ...repo.sitePaths)).trim() === "") {
    throw new UserError(`ID  ${short} changed none of the site's files (${repo.sitePaths.join(", ")}): there is nothing of the site to undo`);
  }
  return { full, short, words };
}

/** Undoes a revert started here: the files and index as the last version has them; other edits are kept. */
async function putBack(repo: SiteRepository): Promise<void> {
  // --merge keeps the owner's edits in files the revert did not touch (its check refused any it would).
  await git(repo.root, "reset", "-q", "--merge");
  await runGit(repo.root, ["revert", "--quit"]);
}

/** The later version that changed the lines `version` wrote in `file` (top-relative): "b2c3d4e 2026-11-25 Phone number changed". */
async function laterChangeOf(repo: SiteRepository, version: string, file: string): Promise<string> {
  const spec = `:(top)${file}`;
  const written = parseHunks(await git(repo.root, "diff", "-U0", `${version}^`, version, "--", spec)).map((hunk) => hunk.new);
  const later = (await git(repo.root, "rev-list", "--reverse", "--first-parent", `${version}..HEAD`, "--", spec)).split("\n").filter(Boolean);
  const hunks = await Promise.all(later.map(async (commit) => parseHunks(await git(repo.root, "diff", "-U0", `${commit}^`, commit, "--", spec))));
  const index = firstClash(written, hunks);
  const named = index >= 0 ? [later[index]!] : later;
  const lines = await Promise.all(named.map(async (commit) => (await git(repo.root, "log", "-1", "--format=%h %ad %s", "--date=short", commit)).trim()));
  return lines.join("; ");
}
