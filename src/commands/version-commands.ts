import { formatProblem } from "../errors.ts";
import type { Logger } from "../log.ts";
import { siteHistory } from "../publish/history.ts";
import { publish } from "../publish/publish.ts";
import { RefusedSite } from "../publish/site-repository.ts";
import { undoVersion } from "../publish/undo.ts";

export interface PublishCommandOptions {
  config: string;
  message?: string;
}

/** `gopher-site publish [-m message]`: check, save the site's changes as a version, push it. */
export async function publishCommand(options: PublishCommandOptions, log: Logger): Promise<void> {
  const result = await withReason(log, () => publish({ ...options, onStage: (name, ms) => log.stage(name, ms) }));
  const leftOut = result.leftOut.length > 0 ? `Left out (not the site's files, so not published): ${shortList(result.leftOut)}` : undefined;
  if (result.nothingToDo) {
    log.success("Nothing to publish: the site's files are as in the last version, and every version is pushed.");
    // No check ran: the notices are publish's own, such as a public/.env it left out.
    for (const notice of result.notices) log.notice(notice);
    if (leftOut) log.info(leftOut);
    return;
  }
  for (const notice of result.notices) log.notice(notice);
  for (const warning of result.warnings) log.warn(formatProblem(warning));
  if (result.version) log.success(`Saved version ${result.version.id}: ${result.version.message} (${count(result.version.files.length, "file")})`);
  if (leftOut) log.info(leftOut);
  if (result.pushed) {
    if (result.pushed.tookIn.length > 0) log.info(`Took in ${count(result.pushed.tookIn.length, "version")} published meanwhile: ${result.pushed.tookIn.join("; ")}`);
    log.success(result.pushed.versions > 0 ? `Published: pushed ${count(result.pushed.versions, "version")} to ${result.pushed.upstream}.` : `Nothing new to push: ${result.pushed.upstream} has every version.`);
  } else if (result.remotes.length > 0) {
    log.info(`Kept here only: the branch ${result.branch} has no upstream to push to. Connect it once: git push -u ${result.remotes[0]} ${result.branch}, and every publish then pushes.`);
  } else {
    log.info(
      `Kept here only: this repository has no remote to publish to. Connect one: git remote add origin <your repository's address>, then git push -u origin ${result.branch}; ` +
        "every publish then pushes, and the workflow in deploy/ builds and publishes the site on each push (docs/deploying.md).",
    );
  }
}

/** `gopher-site history`: the site's versions, newest first: id, date, the change in words. */
export async function historyCommand(options: { config: string; limit?: number }, log: Logger): Promise<void> {
  const versions = await siteHistory(options.config, { limit: options.limit });
  if (versions.length === 0) {
    log.info("No versions yet: gopher-site publish saves the first.");
    return;
  }
  for (const version of versions) log.info(`${version.id}  ${version.date}  ${version.words}${version.notPushed ? "  (not pushed yet)" : ""}`);
}

/** `gopher-site undo ID`: the version's change reverted as a new version, when the site builds so. */
export async function undoCommand(options: { config: string; id: string }, log: Logger): Promise<void> {
  const result = await withReason(log, () => undoVersion(options.config, options.id, { onStage: (name, ms) => log.stage(name, ms) }));
  log.success(`Undid ${result.undone.id} (${result.undone.words}) as a new version ${result.id}; gopher-site publish puts it online.`);
}

/** A site refused by its check is printed as `check` prints it, after the line saying what was not done. */
async function withReason<T>(log: Logger, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof RefusedSite) log.error(error.reason);
    throw error;
  }
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

function shortList(files: readonly string[]): string {
  return files.length > 8 ? `${files.slice(0, 8).join(", ")} and ${files.length - 8} more` : files.join(", ");
}
