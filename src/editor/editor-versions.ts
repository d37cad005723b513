import path from "node:path";
import { formatProblem, SiteError, UserError, type Problem } from "../errors.ts";
import { siteHistory, type Version } from "../publish/history.ts";
import { publish, unpublished, type PublishResult } from "../publish/publish.ts";
import { PublishClash } from "../publish/remote-sync.ts";
import type { ClashChoices } from "../publish/value-clash.ts";
import { RefusedSite } from "../publish/site-repository.ts";
import { undoVersion } from "../publish/undo.ts";

/** The editor's routes of the site's versions, and the method each answers. */
export const VERSION_ROUTES: Record<string, "GET" | "POST"> = { unpublished: "GET", history: "GET", publish: "POST", undo: "POST", live: "GET" };

/** Where the site is live: on this server (`serve --editor`: Publish builds it here), or on a host a push makes build. */
export interface LiveSite {
  /** After a publish: puts the site live, and says so in lines (or why not). */
  afterPublish?(): Promise<string[]>;
  /** What is live now, for the editor's header. */
  state(): Promise<LiveAnswer>;
}

/** What the editor shows of the live site. */
export type LiveAnswer =
  | { state: "live"; since?: string; message?: string; version?: string }
  | { state: "building"; message?: string; version?: string }
  | { state: "unknown"; reason: string };

/** What a versions route answers: a status and its JSON. */
export interface VersionAnswer {
  status: number;
  body: unknown;
}

/** What the editor's Publish button shows: the saved changes not in a version, in words, and the versions not pushed. */
export interface Unpublished {
  changes: string[];
  versions: number;
}

export interface PublishAnswer {
  /** What was done, one sentence a line, in the order the CLI prints them. */
  lines: string[];
  /** The site's warnings, as `check` prints them. */
  warnings: string[];
  /** The build's notices: worth knowing, nothing to fix (a town without a page of its own). */
  notices: string[];
  /** Versions published meanwhile were taken in: the site's files changed on disk. */
  filesChanged: boolean;
}

export interface HistoryAnswer {
  versions: Version[];
}

export interface UndoAnswer {
  message: string;
}

/** Longer than any message in words; a longer one is not a version's message but a paste gone wrong. */
const MOST_MESSAGE_CHARS = 2_000;

/**
 * Publish, history and undo of src/publish/ for the editor, on the site of `config`. Publish and
 * undo change the site's files and its repository, so they wait in the saves' queue (`queued`).
 * A site refused by its check answers 422 with its problems; git's and the repository's refusals
 * (no repository, a clash, a later change of the same lines) 409 with the CLI's own sentence.
 */
export function createVersionRoutes(config: string, queued: <T>(work: () => Promise<T>) => Promise<T>, live?: LiveSite) {
  return async function answer(route: string, sent: unknown): Promise<VersionAnswer> {
    try {
      if (route === "live") return ok(live ? await live.state() : ({ state: "unknown", reason: "This editor does not know where the site is live." } satisfies LiveAnswer));
      if (route === "unpublished") return ok((await unpublished(config)) satisfies Unpublished);
      if (route === "history") return ok({ versions: await siteHistory(config, { limit: 200 }) } satisfies HistoryAnswer);
      if (route === "publish") {
        const message = (sent as { message?: unknown } | null)?.message;
        if (message !== undefined && (typeof message !== "string" || message.length > MOST_MESSAGE_CHARS)) {
          return { status: 400, body: { error: `the message must be a text of at most ${MOST_MESSAGE_CHARS.toLocaleString("en-US")} characters` } };
        }
        const choices = clashChoicesIn((sent as { choices?: unknown } | null)?.choices);
        if (choices === null) return { status: 400, body: { error: "the editor sent choices the server cannot read (a bug in the editor, not in your site)" } };
        const here = live?.afterPublish ? "this server" : "this computer";
        // On the server the site goes live here, in the same turn of the saves' queue: a save that
        // comes meanwhile waits, and never goes live unpublished. Said first.
        const { result, lines } = await queued(async () => {
          const result = await publish({ config, message, choices });
          return { result, lines: live?.afterPublish ? await live.afterPublish() : [] };
        });
        const answer = publishedInWords(result, here);
        answer.lines.unshift(...lines);
        return ok(answer);
      }
      const id = (sent as { id?: unknown } | null)?.id;
      if (typeof id !== "string") return { status: 400, body: { error: "the editor asked to undo without a version's id (a bug in the editor, not in your site)" } };
      const undone = await queued(() => undoVersion(config, id));
      return ok({ message: `Undid "${undone.undone.words}" as a new version ${undone.id}. Publish puts it online.` } satisfies UndoAnswer);
    } catch (error) {
      if (error instanceof RefusedSite) return refused(422, error.reason, fromSiteFolder(error.problems));
      if (error instanceof SiteError) return refused(422, "The site has problems:", fromSiteFolder(error.problems));
      // A clash in values: the editor shows each field's two values, and publishes again with the choices.
      if (error instanceof PublishClash) return { status: 409, body: { error: error.message, clash: error.files } };
      if (error instanceof UserError) return refused(409, error.message);
      throw error;
    }
  };

  // The build names files as its config was named (absolute here); the owner reads them as `check` prints them in the site's folder.
  function fromSiteFolder(problems: readonly Problem[]): Problem[] {
    const root = path.dirname(config);
    return problems.map((problem) => (path.isAbsolute(problem.file) ? { ...problem, file: path.relative(root, problem.file).split(path.sep).join("/") } : problem));
  }
}

/** At most this many choices in one publish: more than any clash of hand-made changes. */
const MOST_CHOICES = 1_000;

/** Publish's choices as sent: by file, by field, "yours" or "published"; null when they are not that. */
function clashChoicesIn(sent: unknown): ClashChoices | undefined | null {
  if (sent === undefined) return undefined;
  if (!sent || typeof sent !== "object" || Array.isArray(sent)) return null;
  const choices: ClashChoices = {};
  let count = 0;
  for (const [file, fields] of Object.entries(sent)) {
    if (!fields || typeof fields !== "object" || Array.isArray(fields)) return null;
    // Defined, not assigned: a file or field named __proto__ is a key like any other.
    const picks: Record<string, "yours" | "published"> = {};
    Object.defineProperty(choices, file, { value: picks, enumerable: true });
    for (const [field, pick] of Object.entries(fields)) {
      if ((pick !== "yours" && pick !== "published") || ++count > MOST_CHOICES) return null;
      Object.defineProperty(picks, field, { value: pick, enumerable: true });
    }
  }
  return choices;
}

function ok(body: unknown): VersionAnswer {
  return { status: 200, body };
}

function refused(status: number, error: string, problems?: Problem[]): VersionAnswer {
  return { status, body: problems ? { error, problems } : { error } };
}

/** A publish's result in the sentences the owner reads in the editor (the CLI's, with the editor's button for the command). */
export function publishedInWords(result: PublishResult, here = "this computer"): PublishAnswer {
  const lines: string[] = [];
  const answer = { lines, warnings: result.warnings.map(formatProblem), notices: result.notices, filesChanged: (result.pushed?.tookIn.length ?? 0) > 0 };
  if (result.nothingToDo) {
    lines.push("Nothing to publish: the site's files are as in the last version, and every version is pushed.");
    return answer;
  }
  if (result.version) lines.push(`Saved version ${result.version.id}: ${result.version.message}.`);
  if (result.pushed) {
    if (result.pushed.tookIn.length > 0) lines.push(`Took in ${count(result.pushed.tookIn.length, "version")} published meanwhile: ${result.pushed.tookIn.join("; ")}.`);
    lines.push(result.pushed.versions > 0 ? `Published: pushed ${count(result.pushed.versions, "version")} to ${result.pushed.upstream}.` : `Nothing new to push: ${result.pushed.upstream} has every version.`);
  } else if (result.remotes.length > 0) {
    lines.push(`Kept on ${here} only: the branch ${result.branch} has no upstream to push to. Connect it once in a terminal (git push -u ${result.remotes[0]} ${result.branch}), and every Publish then pushes.`);
  } else {
    lines.push(`Kept on ${here} only: the site's repository has no remote to publish to. Connect one once in a terminal (git remote add origin <your repository's address>, then git push -u origin ${result.branch}; docs/deploying.md), and every Publish then pushes.`);
  }
  if (result.leftOut.length > 0) lines.push(`Left out (not the site's files, so not published): ${result.leftOut.join(", ")}.`);
  return answer;
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}
