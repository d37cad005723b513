import { realpathSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { watch } from "chokidar";
import { awaitRemoval } from "../write/swap.ts";
import type { BuildResult } from "../build.ts";
import { describeFailure } from "../errors.ts";
import type { Logger } from "../log.ts";
import { formatMs } from "../log.ts";
import { realProjectPaths } from "../paths.ts";
import { LiveChannel } from "./live-reload.ts";
import { devOutputDir, removeAbandoned } from "./output-folder.ts";
import { createRebuilder, type RebuildRequest, type Rebuilt } from "./rebuild.ts";
import { RebuildQueue } from "./rebuild-queue.ts";
import { changedSince, fileState, modifiedAt, statesOf, Superseded, untilQuiet } from "./files-at-rest.ts";

export interface SiteWatcherOptions {
  config: string;
  log: Logger;
  /** Where builds go; by default a folder of its own in memory or the system temp dir (output-folder.ts), never dist/. */
  outDir?: string;
}

export interface SiteWatcher {
  /** Where its builds go. */
  readonly outDir: string;
  /** The open pages' channel: told of each build (reload, stylesheet, error). */
  readonly live: LiveChannel;
  /** Resolves when no rebuild is running, queued or about to be (the second look at a file saved in place); tests and benchmarks wait on it. */
  whenIdle(): Promise<void>;
  /**
   * A file this process is about to put in place by a rename (the editor's save), with its
   * modification time (-1: a file it removes): the watcher's events for that write are not changes
   * of their own. Called before the rename, as the watcher may report it before the writer hears
   * the rename is done.
   */
  expectWrite(file: string, modified: number): void;
  /**
   * Resolves once the watcher has reported the file as it is at `modified` (its modification time;
   * -1: removed), whatever it made of it: tests wait on it to show that a write caused no build,
   * instead of sleeping.
   */
  whenWatcherSaw(file: string, modified: number): Promise<void>;
  /**
   * A rebuild of its own, run alone in the queue (the editor's save, with its unsaved files as
   * `sources`): resolves once the new site is served and the open pages are told, with what was
   * rebuilt; rejects with the build's failure, and then nothing is served. `summary` says what
   * the terminal prints.
   */
  rebuildWith(request: RebuildRequest, summary: (rebuilt: Rebuilt, took: string) => string): Promise<Rebuilt>;
  /** Asks for a rebuild from the files on disk, as a change would. */
  requestRebuild(): void;
  /** What is kept of the last build served: its warnings (the editor tells a save's new ones). */
  readonly lastGood: Pick<BuildResult, "warnings"> | undefined;
  /** Number of rebuilds finished, successful or not. */
  readonly builds: number;
  close(): Promise<void>;
}

/**
 * Builds and watches a project: rebuilds what changed on save, one build at a time, and tells the
 * open pages (its live channel) what changed. dev and `edit` serve its folder; `serve --editor`
 * checks the editor's saves with it.
 */
export async function startSiteWatcher(options: SiteWatcherOptions): Promise<SiteWatcher> {
  const { log } = options;
  // With --verbose, each build's stages and their times, as `build` prints them.
  const onStage = log.level === "verbose" ? (name: string, ms: number) => log.stage(name, ms) : undefined;
  const paths = realProjectPaths(options.config);
  // One folder per dev server (two servers on one project must not share, or lock, one output).
  const outDir = options.outDir ?? devOutputDir(paths.root);
  if (!options.outDir) await removeAbandoned(outDir);
  const live = new LiveChannel();
  const rebuilder = createRebuilder(paths.config, outDir);
  let builds = 0;
  let closed = false;
  // Only what is needed of it: a build's pages are many (the rebuilder keeps them once, src/dev/rebuild.ts).
  let lastGood: Pick<BuildResult, "warnings"> | undefined;

  // Every path changed since the last successful build: after a failed build, the fix and
  // whatever else changed meanwhile decide together whether a stylesheet swap is enough.
  let changedSinceGood: string[] = [];
  let lastFailed = false;
  let noticed = new Set<string>();
  const served = (rebuilt: Rebuilt, summary: string, cssOnly = false) => {
    const { result } = rebuilt;
    // A build that changed no file served (a save of the same text, a second look at a file saved
    // in place) leaves open pages as they are: reloading them would only lose their state.
    const unchanged = !rebuilt.whole && rebuilt.written === 0 && rebuilt.removed === 0 && !lastFailed;
    lastGood = { warnings: result.warnings };
    lastFailed = false;
    changedSinceGood = [];
    const stylesheets = result.files.filter((file) => file.path.startsWith("assets/") && file.path.endsWith(".css")).map((file) => `/${file.path}`);
    if (unchanged) live.send({ type: "ok" });
    else if (cssOnly && stylesheets.length > 0) live.send({ type: "css", hrefs: stylesheets });
    else live.send({ type: "reload" });
    log.success(summary);
    // A notice once, when it first appears (a town left untranslated), not on every rebuild.
    for (const notice of result.notices) if (!noticed.has(notice)) log.notice(notice);
    noticed = new Set(result.notices);
  };
  const failed = (error: unknown) => {
    const { lines } = describeFailure(error);
    for (const line of lines) log.error(line);
    log.error("Still serving the last good build; fix the problem and save.");
    lastFailed = true;
    live.send({ type: "error", problems: lines });
  };
  // The files the watcher reported during the build under way, and how many builds in a row were let go.
  let building: Set<string> | undefined;
  let letGoInARow = 0;
  const rebuild = async (changed: string[]) => {
    const started = performance.now();
    changedSinceGood.push(...changed);
    // A file saved in place is truncated, then written: the build may read it half written, and
    // the watcher does not report a second change of a file within 50 ms of the first. A file
    // found changed since the build started, at its end or just after that window, is built again.
    // A file just written is first given a moment to be whole (files-at-rest.ts untilQuiet). Another
    // file changed meanwhile is this build's to be let go for (changedDuring, below); a second event
    // of one of its own files is that file's write, waited out, and found by its state if it goes on.
    const waitedOut = new Set<string>();
    building = waitedOut;
    await untilQuiet(changed.filter(Boolean));
    const changedDuring = new Set([...waitedOut].filter((file) => !changed.includes(file)));
    building = changedDuring;
    const seen = statesOf(changed.filter(Boolean));
    const recheck = () => {
      if (closed) return;
      for (const [file, state] of seen) {
        if (fileState(file) === state) continue;
        seen.delete(file);
        queue.push(file);
      }
    };
    // Nor is a build served from a file still being written (files-at-rest.ts): one of its files not
    // at rest, or any other changed while it ran (read before, during or after the write: not known),
    // lets it go; the file, found changed or already queued, is built again. A file that never comes
    // to rest (a long copy into public/) lets go at most MOST_LET_GO builds in a row; the next is served.
    const stillBeingWritten = async () => (await changedSince(seen)) ?? [...changedDuring][0];
    const atRest = async () => {
      const file = letGoInARow < MOST_LET_GO ? await stillBeingWritten() : undefined;
      if (file) throw new Superseded(file);
    };
    try {
      const rebuilt = await rebuilder.rebuild({ beforeCommit: atRest, onStage });
      const cssOnly =
        lastGood !== undefined &&
        !lastFailed &&
        changedSinceGood.length > 0 &&
        changedSinceGood.every((file) => file.endsWith(".css") && file.startsWith(paths.templates));
      const took = formatMs(performance.now() - started);
      const verb = changed.some(Boolean) ? "Rebuilt" : "Built";
      letGoInARow = 0;
      served(rebuilt, `${verb} ${pagesDone(rebuilt)} in ${took}${cssOnly ? " (stylesheet swapped)" : ""}`, cssOnly);
    } catch (error) {
      // A failure to read a file cut short is no failure of the site: said only if the files stood still.
      const stillWritten = error instanceof Superseded ? error.file : letGoInARow < MOST_LET_GO ? await stillBeingWritten() : undefined;
      if (stillWritten) {
        letGoInARow++;
        log.info(`${path.relative(paths.root, stillWritten)} was still being written; building it again`);
      } else {
        letGoInARow = 0;
        failed(error);
      }
    } finally {
      building = undefined;
      builds++;
      recheck();
      if (seen.size > 0) rechecks.add(new Promise<void>((resolve) => setTimeout(resolve, WATCHER_THROTTLE_MS + 10).unref()).then(recheck));
    }
  };
  // The second looks at files saved in place still to come: until they are taken, a build may yet be queued.
  const rechecks = new Set<Promise<void>>();
  const whenIdle = async () => {
    for (;;) {
      await queue.whenIdle();
      if (rechecks.size === 0) return;
      const waiting = [...rechecks];
      await Promise.all(waiting);
      for (const done of waiting) rechecks.delete(done);
    }
  };

  const rebuildWith = (request: RebuildRequest, summary: (rebuilt: Rebuilt, took: string) => string) =>
    queue.exclusive(async (): Promise<Rebuilt> => {
      const started = performance.now();
      try {
        const rebuilt = await rebuilder.rebuild({ onStage, ...request });
        served(rebuilt, summary(rebuilt, formatMs(performance.now() - started)));
        return rebuilt;
      } finally {
        builds++;
      }
    });

  const queue = new RebuildQueue(rebuild);
  queue.push("");
  await queue.whenIdle();

  const watcher = watch([paths.config, paths.content, paths.templates, paths.public], {
    ignoreInitial: true,
    ignored: (file) => /(^|[/\\])(\.git|node_modules)([/\\]|$)/.test(file),
  });
  // Files announced by the editor as it wrote them, with their modification time: the watcher's
  // later event for the very same write is not a second change.
  const announced = new Map<string, number>();
  // What the watcher last reported of each file, and who waits to hear it (whenWatcherSaw).
  const seen = new Map<string, number>();
  const waiting = new Set<{ file: string; modified: number; done: () => void }>();
  const saw = (file: string, modified: number) => {
    seen.set(file, modified);
    for (const waiter of waiting) if (waiter.file === file && waiter.modified === modified) (waiting.delete(waiter), waiter.done());
  };
  watcher.on("all", (_event, file) => {
    const modified = modifiedAt(file);
    // Told after the decision below: a waiter hears of the event once it was acted on, or not.
    queueMicrotask(() => saw(file, modified));
    // A rename is reported as one or two events (unlink and add, or change): all are that write.
    if (announced.has(file) && modified === announced.get(file)) return;
    announced.delete(file);
    log.info(`changed ${path.relative(paths.root, file) || file}`);
    building?.add(file);
    queue.push(file);
  });
  watcher.on("error", (error) => log.error(`watcher: ${(error as Error).message}`));
  await new Promise<void>((resolve) => watcher.once("ready", () => resolve()));

  return {
    outDir,
    live,
    whenIdle,
    expectWrite(file, modified) {
      announced.set(path.resolve(file), modified);
    },
    whenWatcherSaw(file, modified) {
      const absolute = realPathOf(file);
      if (seen.get(absolute) === modified) return Promise.resolve();
      return new Promise<void>((done) => waiting.add({ file: absolute, modified, done }));
    },
    rebuildWith,
    requestRebuild: () => queue.push(""),
    get lastGood() {
      return lastGood;
    },
    get builds() {
      return builds;
    },
    async close() {
      closed = true;
      await watcher.close();
      // A build under way finishes writing before the server is gone: its folder may be removed next.
      await whenIdle();
      live.close();
      // The last rebuild's old output, deleted after its swap, is gone too.
      await awaitRemoval();
      if (!options.outDir) await rm(outDir, { recursive: true, force: true });
    },
  };
}

/** "88 pages", or what a partial rebuild rendered of them: "2 of 88 pages". */
function pagesDone(rebuilt: Rebuilt): string {
  const total = rebuilt.result.pages.length;
  return rebuilt.whole ? `${total} pages` : `${rebuilt.rendered.length} of ${total} pages`;
}

/** Builds let go in a row for files still being written before one is served anyway (files-at-rest.ts). */
const MOST_LET_GO = 3;

/** chokidar drops a second change event of a file within this long of the first. */
const WATCHER_THROTTLE_MS = 50;

/** The path as the watcher names it (a real path), for a file that may be gone. */
function realPathOf(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    try {
      return path.join(realpathSync(path.dirname(file)), path.basename(file));
    } catch {
      return path.resolve(file);
    }
  }
}
