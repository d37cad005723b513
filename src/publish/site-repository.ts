import { existsSync } from "node:fs";
import path from "node:path";
import { SiteError, UserError } from "../errors.ts";
import { isNeverPublished } from "../assets/never-published.ts";
import { git, runGit } from "../git.ts";

/** A site inside a git repository: the site's own files are its versions, nothing else is. */
export interface SiteRepository {
  /** The folder of site.yaml; git runs here, so pathspecs are relative to it. */
  root: string;
  /** The folder from the repository's top to `root`, "" or ending in "/" (git's paths start with it). */
  prefix: string;
  /** The site's files as pathspecs from `root`: site.yaml (by its name), content/, public/. */
  sitePaths: string[];
}

/** One file that differs from the last version. `path` is from the site's folder, with / separators. */
export interface FileChange {
  path: string;
  kind: "added" | "changed" | "removed";
}

/** The repository holding the site of `configPath`; a clear error when it is in none. */
export async function openSiteRepository(configPath: string): Promise<SiteRepository> {
  const config = path.resolve(configPath);
  const root = path.dirname(config);
  if (!existsSync(config)) throw new UserError(`${configPath}  not found: run this in the site's folder (the one holding site.yaml), or name it with --config`);
  const inside = await runGit(root, ["rev-parse", "--show-prefix"]);
  if (inside.code !== 0) {
    throw new UserError(
      `${root} is not in a git repository, so it has no versions to publish, list or undo: run git init there (gopher-site init makes one for a new site), then gopher-site publish`,
    );
  }
  return { root, prefix: inside.stdout.trim(), sitePaths: [path.basename(config), "content", "public"] };
}

/** Whether `file` (from the site's folder) is one of the site's files. */
export function isSiteFile(repo: SiteRepository, file: string): boolean {
  return repo.sitePaths.some((site) => isUnder(file, site));
}

/** Whether `file` is `folder` or inside it (paths with / separators). */
export function isUnder(file: string, folder: string): boolean {
  return file === folder || file.startsWith(`${folder}/`);
}

/**
 * Whether a change is to a file of public/ that no version takes (a dot-file such as public/.env:
 * src/assets/never-published.ts). Its removal is taken: that only takes one out of the versions.
 */
function isNeverPublishedChange(change: FileChange): boolean {
  return change.kind !== "removed" && change.path.startsWith("public/") && isNeverPublished(change.path.slice("public/".length));
}

/**
 * What differs from the last version in the site's folder: the site's files, the others left out,
 * and the site's files that are never published (left out too, named apart because they are the site's).
 */
export async function workingChanges(repo: SiteRepository): Promise<{ site: FileChange[]; other: FileChange[]; neverPublished: FileChange[] }> {
  const output = await git(repo.root, "status", "--porcelain=v1", "-z", "--no-renames", "--untracked-files=all", "--", ".");
  const site: FileChange[] = [];
  const other: FileChange[] = [];
  const neverPublished: FileChange[] = [];
  const unmerged: string[] = [];
  for (const entry of output.split("\0").filter(Boolean)) {
    const state = entry.slice(0, 2);
    // Porcelain paths are from the repository's top, whatever folder git runs in.
    const file = entry.slice(3).slice(repo.prefix.length);
    if (state.includes("U") || state === "AA" || state === "DD") unmerged.push(file);
    const kind = state === "??" || state[0] === "A" ? "added" : state.includes("D") ? "removed" : "changed";
    const change: FileChange = { path: file, kind };
    (!isSiteFile(repo, file) ? other : isNeverPublishedChange(change) ? neverPublished : site).push(change);
  }
  if (unmerged.length > 0) {
    throw new UserError(`${unmerged.join(", ")}: a merge or rebase of git is half done here (git status shows it): finish it, or undo it with git rebase --abort or git merge --abort, then run this again`);
  }
  return { site, other, neverPublished };
}

/** The text of a site file in a version (undefined when it has no such file). */
export async function textAt(repo: SiteRepository, version: string, file: string): Promise<string | undefined> {
  const result = await runGit(repo.root, ["cat-file", "blob", `${version}:${repo.prefix}${file}`]);
  return result.code === 0 ? result.stdout : undefined;
}

/** The id of the current version, or undefined in a repository with none yet. */
export async function headVersion(repo: SiteRepository): Promise<string | undefined> {
  const result = await runGit(repo.root, ["rev-parse", "--verify", "-q", "HEAD"]);
  return result.code === 0 ? result.stdout.trim() : undefined;
}

const HALF_DONE: readonly [string, string][] = [
  ["rebase-merge", "rebase"],
  ["rebase-apply", "rebase"],
  ["MERGE_HEAD", "merge"],
  ["REVERT_HEAD", "revert"],
  ["CHERRY_PICK_HEAD", "cherry-pick"],
];

/** The git operation half done in the repository (git status shows it), if any. */
export async function halfDoneOperation(repo: SiteRepository): Promise<string | undefined> {
  for (const [name, operation] of HALF_DONE) {
    const where = (await git(repo.root, "rev-parse", "--git-path", name)).trim();
    if (existsSync(path.resolve(repo.root, where))) return operation;
  }
  return undefined;
}

/** A git operation cut short (a rebase, merge or revert) leaves state behind; nothing is done over it. */
export async function refuseHalfDoneOperation(repo: SiteRepository): Promise<void> {
  const operation = await halfDoneOperation(repo);
  if (operation) throw new UserError(`a git ${operation} is half done in this repository (git status shows it): finish it, or undo it with git ${operation} --abort, then run this again`);
}

/** The site would not build as it would be published or undone: its problems, and why it was checked. */
export class RefusedSite extends SiteError {
  readonly reason: string;
  constructor(reason: string, error: SiteError) {
    super(error.problems, { cause: error });
    this.reason = reason;
  }
}

/** Runs `check` and turns the site's problems into a RefusedSite saying what was not done. */
export async function checkOrRefuse(check: () => Promise<unknown>, reason: string): Promise<void> {
  try {
    await check();
  } catch (error) {
    throw error instanceof SiteError ? new RefusedSite(reason, error) : error;
  }
}
