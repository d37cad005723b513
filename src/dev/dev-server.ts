import type { IncomingMessage, ServerResponse } from "node:http";
import { statSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { watch } from "chokidar";
import { build, type BuildResult } from "../build.ts";
import { environmentMessage } from "../environment-errors.ts";
import { formatProblem, isSiteError, UserError, type Problem } from "../errors.ts";
import type { Logger } from "../log.ts";
import { formatMs } from "../log.ts";
import { realProjectPaths } from "../paths.ts";
import { withTexts } from "../source-files.ts";
import { EVENTS_PATH, LiveChannel } from "./live-reload.ts";
import { listen } from "./listen.ts";
import { devOutputDir, removeAbandoned } from "./output-folder.ts";
import { RebuildQueue } from "./rebuild-queue.ts";
import { allowedHosts } from "./request-guard.ts";
import { headersFromFile } from "./site-headers.ts";
import { createStaticServer } from "./static-server.ts";

export interface DevServerOptions {
  config: string;
  port: number;
  host: string;
  log: Logger;
  /** Where dev builds go; by default a folder of its own in memory or the system temp dir (output-folder.ts), never dist/. */
  outDir?: string;
  /** Answers some requests before the dev server (the editor's routes); true when it did. Behind the guard. */
  handle?: (request: IncomingMessage, response: ServerResponse) => boolean;
  /** More paths only this server's own pages may use (the editor's API). */
  sameOriginOnly?: (pathname: string) => boolean;
  /** Lets this server's own pages show the site in a frame (the editor's preview), which the site's `_headers` forbid. */
  framedBySelf?: boolean;
  /** Told of every request the guard refused (the editor prints them). */
  onRefused?: (request: IncomingMessage, reason: string) => void;
}

export interface DevServer {
  url: string;
  /** Resolves when no rebuild is running or queued (tests and benchmarks wait on it). */
  whenIdle(): Promise<void>;
  /**
   * A file this process is about to put in place by a rename (the editor's save), with its
   * modification time (-1: a file it removes): the watcher's events for that write are not changes
   * of their own. Called before the rename, as the watcher may report it before the writer hears
   * the rename is done.
   */
  expectWrite(file: string, modified: number): void;
  /**
   * The editor's save: builds the site with `texts` (by absolute path) in place of those files
   * (null: a file the save removes), with the build's every check. When it builds, `commit` writes the files, then the build is
   * served and the open pages reload: the check is the rebuild. When it does not, nothing is
   * written or served, and its problems come back, files named from the project folder; when
   * `commit` throws, nothing is served and its error comes back. `built` hears the warnings the
   * save brought (ones the last build served did not have: a town's paragraph left untranslated).
   */
  buildWith(texts: ReadonlyMap<string, string | null>, commit: () => Promise<void>, built?: (newWarnings: Problem[]) => void): Promise<Problem[]>;
  /** Number of rebuilds finished, successful or not. */
  readonly builds: number;
  close(): Promise<void>;
}

/** Builds, serves and watches a project; rebuilds on save and tells open pages what changed. */
export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const { log } = options;
  const paths = realProjectPaths(options.config);
  // One folder per dev server (two servers on one project must not share, or lock, one output).
  const outDir = options.outDir ?? devOutputDir(paths.root);
  if (!options.outDir) await removeAbandoned(outDir);
  const live = new LiveChannel();
  let builds = 0;
  let lastGood: BuildResult | undefined;

  // Every path changed since the last successful build: after a failed build, the fix and
  // whatever else changed meanwhile decide together whether a stylesheet swap is enough.
  let changedSinceGood: string[] = [];
  let lastFailed = false;
  let noticed = new Set<string>();
  const served = (result: BuildResult, summary: string, cssOnly = false) => {
    lastGood = result;
    lastFailed = false;
    changedSinceGood = [];
    const stylesheet = result.files.find((file) => file.path.startsWith("assets/") && file.path.endsWith(".css"));
    if (cssOnly && stylesheet) live.send({ type: "css", href: `/${stylesheet.path}` });
    else live.send({ type: "reload" });
    log.success(summary);
    // A notice once, when it first appears (a town left untranslated), not on every rebuild.
    for (const notice of result.notices) if (!noticed.has(notice)) log.notice(notice);
    noticed = new Set(result.notices);
  };
  const rebuild = async (changed: string[]) => {
    const started = performance.now();
    changedSinceGood.push(...changed);
    try {
      const result = await build({ config: paths.config, out: outDir });
      const cssOnly =
        lastGood !== undefined &&
        !lastFailed &&
        changedSinceGood.length > 0 &&
        changedSinceGood.every((file) => file.endsWith(".css") && file.startsWith(paths.templates));
      const took = formatMs(performance.now() - started);
      served(result, `${changed.some(Boolean) ? "Rebuilt" : "Built"} ${result.pages.length} pages in ${took}${cssOnly ? " (stylesheet swapped)" : ""}`, cssOnly);
    } catch (error) {
      const problems = describeFailure(error);
      for (const line of problems) log.error(line);
      log.error("Still serving the last good build; fix the problem and save.");
      lastFailed = true;
      live.send({ type: "error", problems });
    } finally {
      builds++;
    }
  };

  const buildWith = (texts: ReadonlyMap<string, string | null>, commit: () => Promise<void>, built?: (newWarnings: Problem[]) => void) =>
    queue.exclusive(async (): Promise<Problem[]> => {
      const started = performance.now();
      const before = lastGood;
      let result: BuildResult;
      let saved = false;
      const beforeCommit = async () => {
        await commit();
        saved = true;
      };
      try {
        // The files are written once the site is built and checked, before its output is served:
        // when writing fails (a file changed meanwhile), the preview keeps the last build.
        result = await build({ config: paths.config, out: outDir, sources: withTexts(texts), displayFrom: paths.root, beforeCommit });
      } catch (error) {
        if (saved) {
          // The files are saved; only serving the new output failed: build it again from them.
          log.error(`Saved, but the preview could not be updated (${error instanceof Error ? error.message : String(error)}); building again`);
          queue.push("");
          return [];
        }
        if (isSiteError(error)) return error.problems;
        // A template that fails on the new text: the owner's value is what it failed on.
        if (error instanceof Error && error.name === "RenderError") return [{ file: "templates", message: error.message }];
        throw error;
      } finally {
        builds++;
      }
      const files = [...texts.keys()].map((file) => path.relative(paths.root, file)).join(", ");
      served(result, `Saved ${files}; rebuilt ${result.pages.length} pages in ${formatMs(performance.now() - started)}`);
      // By file, field and words: lines moved by the save do not make an old warning new.
      const known = new Set((before?.warnings ?? []).map(warningKey));
      built?.(result.warnings.filter((warning) => !known.has(warningKey(warning))));
      return [];
    });

  const queue = new RebuildQueue(rebuild);
  queue.push("");
  await queue.whenIdle();

  // The build's `_headers` too, so a page the Content-Security-Policy breaks shows it while developing.
  // Only this server's pages may read the event stream: it carries the current error.
  const handle = options.handle;
  const server = createStaticServer({
    root: outDir,
    transformHtml: live.injectClient,
    handle: handle ? (request, response) => handle(request, response) || live.handle(request, response) : live.handle,
    headers: options.framedBySelf ? framedBySelf(headersFromFile(path.join(outDir, "_headers"))) : headersFromFile(path.join(outDir, "_headers")),
    guard: {
      hosts: allowedHosts(options.host),
      sameOriginOnly: (pathname) => pathname === EVENTS_PATH || (options.sameOriginOnly?.(pathname) ?? false),
      onRefused: options.onRefused,
    },
  });
  const url = await listen(server, options.port, options.host);

  const watcher = watch([paths.config, paths.content, paths.templates, paths.public], {
    ignoreInitial: true,
    ignored: (file) => /(^|[/\\])(\.git|node_modules)([/\\]|$)/.test(file),
  });
  // Files announced by the editor as it wrote them, with their modification time: the watcher's
  // later event for the very same write is not a second change.
  const announced = new Map<string, number>();
  watcher.on("all", (_event, file) => {
    // A rename is reported as one or two events (unlink and add, or change): all are that write.
    if (announced.has(file) && modifiedAt(file) === announced.get(file)) return;
    announced.delete(file);
    log.info(`changed ${path.relative(paths.root, file) || file}`);
    queue.push(file);
  });
  watcher.on("error", (error) => log.error(`watcher: ${(error as Error).message}`));
  await new Promise<void>((resolve) => watcher.once("ready", () => resolve()));

  return {
    url,
    whenIdle: () => queue.whenIdle(),
    expectWrite(file, modified) {
      announced.set(path.resolve(file), modified);
    },
    buildWith,
    get builds() {
      return builds;
    },
    async close() {
      await watcher.close();
      live.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (!options.outDir) await rm(outDir, { recursive: true, force: true });
    },
  };
}

/** The lines shown in the terminal and the overlay for a failed build. */
export function describeFailure(error: unknown): string[] {
  if (isSiteError(error)) return error.problems.map(formatProblem);
  if ((error instanceof Error && error.name === "RenderError") || error instanceof UserError) return [error.message];
  const environment = environmentMessage(error);
  if (environment) return [environment];
  return [`internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`];
}

/**
 * The site's headers for the editor's preview: framing allowed to this server's own pages only
 * (`frame-ancestors 'self'`, no X-Frame-Options), and the pages' own scripts only. A preview page
 * shares the editor's origin, so a third party's script in it (a tag manager, a reviews widget, a
 * form's embed) could read the editor's secret and write the owner's files: none runs there.
 */
function framedBySelf(headers: (requestPath: string) => Record<string, string>): (requestPath: string) => Record<string, string> {
  return (requestPath) => {
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers(requestPath))) {
      if (name.toLowerCase() === "x-frame-options") continue;
      out[name] =
        name.toLowerCase() === "content-security-policy"
          ? value.replace(/frame-ancestors[^;]*/i, "frame-ancestors 'self'").replace(/script-src[^;]*/i, "script-src 'self'")
          : value;
    }
    return out;
  };
}

function modifiedAt(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return -1;
  }
}

function warningKey(problem: Problem): string {
  return `${problem.file}\0${problem.field ?? ""}\0${problem.message}`;
}
