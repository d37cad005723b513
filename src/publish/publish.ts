import { readFile } from "node:fs/promises";
import path from "node:path";
import { build } from "../build.ts";
import { UserError, type Problem } from "../errors.ts";
import { neverPublishedNotice } from "../assets/never-published.ts";
import { changesInWords, messageInWords, type ChangedText } from "./changes-in-words.ts";
import { git, IDENTITY_HINT, runGit } from "../git.ts";
import type { ClashChoices } from "./value-clash.ts";
import { countVersions, currentBranch, pushToUpstream, upstreamOf } from "./remote-sync.ts";
import { checkOrRefuse, headVersion, isUnder, openSiteRepository, refuseHalfDoneOperation, textAt, workingChanges, type FileChange, type SiteRepository } from "./site-repository.ts";

export interface PublishOptions {
  config: string;
  /** The version's message; by default its changes in words. */
  message?: string;
  onStage?: (stage: string, ms: number) => void;
  /** How to settle each field a version published meanwhile changed too (src/publish/value-clash.ts). */
  choices?: ClashChoices;
}

export interface PublishResult {
  /** The version made of the site's changed files (none when they were as last saved). */
  version?: { id: string; message: string; files: FileChange[] };
  /** Changed files in the site's folder that are not the site's (site.yaml, content/, public/): not published. */
  leftOut: string[];
  branch: string;
  /** Where the versions went; undefined when the branch has no upstream (then `remotes` are the ones there are). */
  pushed?: { upstream: string; versions: number; tookIn: string[] };
  remotes: string[];
  /** Nothing changed and nothing waited to be pushed: nothing was done. */
  nothingToDo: boolean;
  notices: string[];
  warnings: Problem[];
}

/** What publish would do now, for the editor's Publish button: the unsaved changes in words and the unpushed versions. */
export async function unpublished(config: string): Promise<{ changes: string[]; versions: number }> {
  const repo = await openSiteRepository(config);
  const { site } = await workingChanges(repo);
  const upstream = await upstreamOf(repo, await currentBranch(repo));
  return { changes: changesInWords(await withTexts(repo, site), repo.sitePaths[0]), versions: upstream ? await countVersions(repo, `${upstream.name}..HEAD`) : 0 };
}

/**
 * `gopher-site publish`: the whole site is checked as `check` does (refused with its problems,
 * nothing committed), its changed files become a version with a message in words, and the branch is
 * pushed to its upstream when it has one. Only the site's files go in a version: the owner's other
 * edits stay as they are, and are named; so are dot-files in public/, which never go in (a .env).
 */
export async function publish(options: PublishOptions): Promise<PublishResult> {
  const repo = await openSiteRepository(options.config);
  await refuseHalfDoneOperation(repo);
  const branch = await currentBranch(repo);
  const { site, other, neverPublished } = await workingChanges(repo);
  const upstream = await upstreamOf(repo, branch);
  const waiting = upstream ? await countVersions(repo, `${upstream.name}..HEAD`) : 0;
  const remotes = (await git(repo.root, "remote")).split("\n").filter(Boolean);
  const hidden = neverPublished.map((change) => change.path);
  const ownNotices = hidden.length > 0 ? [neverPublishedNotice(hidden)] : [];
  const result: PublishResult = { leftOut: other.map((change) => change.path), branch, remotes, nothingToDo: false, notices: ownNotices, warnings: [] };
  if (site.length === 0 && waiting === 0) return { ...result, nothingToDo: true };

  const check = async () => {
    // Files named from the site's folder, as check names them there (the editor's process may run elsewhere).
    const built = await build({ config: options.config, write: false, onStage: options.onStage, displayFrom: path.dirname(path.resolve(options.config)) });
    // The build names public/'s dot-files too, usually in the very same line: print it once.
    result.notices = [...new Set([...built.notices, ...ownNotices])];
    result.warnings = built.warnings;
  };
  await checkOrRefuse(check, "Not published: the site has problems (gopher-site check shows the same), so nothing was saved or pushed:");
  if (site.length > 0) {
    const message = options.message?.trim() || messageInWords(changesInWords(await withTexts(repo, site), repo.sitePaths[0]));
    await commitSiteFiles(repo, site, hidden, message);
    result.version = { id: "", message, files: site };
  }
  if (upstream) {
    const recheck = () => checkOrRefuse(check, `Not published: your version and the ones published meanwhile on ${upstream.name} do not build together. Both are in your files now; fix these, then publish again:`);
    const pushed = await pushToUpstream(repo, upstream, recheck, options.choices);
    result.pushed = { upstream: upstream.name, versions: pushed.pushed, tookIn: pushed.tookIn };
  }
  if (result.version) result.version.id = (await git(repo.root, "rev-parse", "--short", "HEAD")).trim();
  return result;
}

/** Commits only the site's files, whatever else the owner has staged or changed, and none of `leaveOut`. */
async function commitSiteFiles(repo: SiteRepository, changes: readonly FileChange[], leaveOut: readonly string[], message: string): Promise<void> {
  const identity = await runGit(repo.root, ["var", "GIT_COMMITTER_IDENT"]);
  if (identity.code !== 0) throw new UserError(`Not published: ${IDENTITY_HINT}`);
  const folders = repo.sitePaths.filter((site) => changes.some((change) => isUnder(change.path, site)));
  // Excluded from both: a public/.env must be neither committed nor left staged for the owner's next commit.
  const paths = [...folders, ...leaveOut.map((file) => `:(exclude,literal)${file}`)];
  await git(repo.root, "add", "-A", "--", ...paths);
  // Paths after --: only they go in (git's --only), and what the owner staged of other files stays staged.
  await git(repo.root, "commit", "-q", "-m", message, "--", ...paths);
}

/** The changed files with their texts before (the last version) and after (on disk), for the words. */
async function withTexts(repo: SiteRepository, changes: readonly FileChange[]): Promise<ChangedText[]> {
  const head = await headVersion(repo);
  return Promise.all(
    changes.map(async (change) => {
      if (!/\.(ya?ml|md)$/.test(change.path)) return change;
      const before = head && change.kind !== "added" ? await textAt(repo, head, change.path) : undefined;
      const after = change.kind === "removed" ? undefined : await readFile(path.join(repo.root, change.path), "utf8").catch(() => undefined);
      return { ...change, before, after };
    }),
  );
}
