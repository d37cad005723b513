import { UserError } from "../errors.ts";
import { git, runGit } from "../git.ts";
import { unmergedFiles, unmergedSides } from "./remote-sync.ts";
import { halfDoneOperation, openSiteRepository } from "./site-repository.ts";

/**
 * After the owner settled files that had conflict markers (in the editor, value by value): they are
 * staged, and the half-done rebase or merge that left the markers goes on once no file of it still
 * clashes. What it did, in a sentence; a rebase that stops again leaves new markers, which the
 * editor shows the same way.
 */
export async function goOnAfterSettling(config: string, settled: readonly string[]): Promise<string> {
  const repo = await openSiteRepository(config);
  const operation = await halfDoneOperation(repo);
  if (!operation) return "Saved. Publish makes it a version.";
  await git(repo.root, "add", "--", ...settled.map((file) => `:(top,literal)${repo.prefix}${file}`));
  const still = await unmergedFiles(repo);
  if (still.length > 0) return `Saved. The ${operation} goes on once these are settled too: ${still.map((file) => file.slice(repo.prefix.length)).join(", ")}.`;
  let step;
  if (operation === "rebase") {
    // A version whose every change gave way to the published one has nothing left: it goes.
    const nothingLeft = (await runGit(repo.root, ["diff", "--cached", "--quiet", "HEAD"])).code === 0;
    step = await runGit(repo.root, ["rebase", nothingLeft ? "--skip" : "--continue"]);
  } else if (operation === "merge") step = await runGit(repo.root, ["commit", "--no-edit", "-q"]);
  else return `Saved. A git ${operation} is half done in this repository: finish it in a terminal (git ${operation} --continue).`;
  if (step.code === 0) return `Saved, and the ${operation} is finished: the published versions are taken in. Publish puts yours online.`;
  const clashing = await unmergedFiles(repo);
  if (clashing.length > 0) return `Saved. The ${operation} went on and stopped at another clash: ${clashing.map((file) => file.slice(repo.prefix.length)).join(", ")}.`;
  throw new UserError(`Saved, but git could not go on with the ${operation}: ${(step.stderr || step.stdout).trim()}`);
}

/**
 * The sides of a site file (its name in the site's folder) git left unmerged by a half-done rebase
 * or merge, from its index: with the common version, which conflict markers in git's default style
 * do not hold. Undefined when git holds none for it.
 */
export async function sidesInIndex(config: string, file: string): Promise<{ base?: string; yours: string; published: string } | undefined> {
  const repo = await openSiteRepository(config).catch(() => undefined);
  const operation = repo && (await halfDoneOperation(repo));
  if (!repo || !operation) return undefined;
  const top = `${repo.prefix}${file}`;
  if (!(await unmergedFiles(repo)).includes(top)) return undefined;
  return unmergedSides(repo, top, operation === "rebase");
}
