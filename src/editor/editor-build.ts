import path from "node:path";
import { isSiteError, RenderError, type Problem } from "../errors.ts";
import type { SiteWatcher } from "../dev/site-watcher.ts";
import type { Logger } from "../log.ts";
import { withTexts } from "../source-files.ts";

/** What the editor's API needs of the dev server under it: the save's build, and the writes it makes. */
export interface SiteBuilder {
  /**
   * The editor's save: builds the site with `texts` (by absolute path) in place of those files
   * (null: a file the save removes), with the build's every check. When it builds, `commit`
   * writes the files, then the build is served and the open pages reload: the check is the
   * rebuild. When it does not, nothing is written or served, and its problems come back, files
   * named from the project folder; when `commit` throws, nothing is served and its error comes
   * back. `built` hears the warnings the save brought (ones the last build served did not have: a
   * town's paragraph left untranslated).
   */
  buildWith(texts: ReadonlyMap<string, string | null>, commit: () => Promise<void>, built?: (newWarnings: Problem[]) => void): Promise<Problem[]>;
  /** A file the save is about to put in place, and its modification time (the watcher's event for it is not a change). */
  expectWrite(file: string, modified: number): void;
}

/** The editor's saves on a dev server (or the server's site watcher): each one rebuild of its, with the unsaved texts as sources. */
export function editorBuilder(server: Pick<SiteWatcher, "expectWrite" | "rebuildWith" | "requestRebuild" | "lastGood">, root: string, log: Logger): SiteBuilder {
  // The server's own, taken now: the editor's server object is given these methods too.
  const { expectWrite, rebuildWith, requestRebuild } = server;
  return {
    expectWrite,
    async buildWith(texts, commit, built) {
      const before = server.lastGood;
      let saved = false;
      const beforeCommit = async () => {
        await commit();
        saved = true;
      };
      const files = [...texts.keys()].map((file) => path.relative(root, file)).join(", ");
      try {
        // The files are written once the site is built and checked, before its output is served:
        // when writing fails (a file changed meanwhile), the preview keeps the last build.
        const rebuilt = await rebuildWith({ sources: withTexts(texts), displayFrom: root, beforeCommit }, ({ rendered, whole, result }, took) =>
          `Saved ${files}; ${whole ? `rebuilt ${result.pages.length} pages` : `rendered ${rendered.length} of ${result.pages.length} pages`} in ${took}`,
        );
        // By file, field and words: lines moved by the save do not make an old warning new.
        const known = new Set((before?.warnings ?? []).map(warningKey));
        built?.(rebuilt.result.warnings.filter((warning) => !known.has(warningKey(warning))));
        return [];
      } catch (error) {
        if (saved) {
          // The files are saved; only serving the new output failed: build it again from them.
          log.error(`Saved, but the preview could not be updated (${error instanceof Error ? error.message : String(error)}); building again`);
          requestRebuild();
          return [];
        }
        if (isSiteError(error)) return error.problems;
        // A template that fails on the new text: the owner's value is what it failed on.
        if (error instanceof RenderError) return [{ file: "templates", message: error.message }];
        throw error;
      }
    },
  };
}

/**
 * The site's headers for the editor's preview: framing allowed to this server's own pages only
 * (`frame-ancestors 'self'`, no X-Frame-Options), and the pages' own scripts only. A preview page
 * shares the editor's origin, so a third party's script in it (a tag manager, a reviews widget, a
 * form's embed) could read the editor's secret and write the owner's files: none runs there.
 */
export function framedBySelf(headers: (requestPath: string) => Record<string, string>): (requestPath: string) => Record<string, string> {
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

function warningKey(problem: Problem): string {
  return `${problem.file}\0${problem.field ?? ""}\0${problem.message}`;
}
