import { mkdirSync, writeFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { linkIfUnchanged } from "./link-unchanged.ts";

/**
 * Where rendered pages go. Pages are created new ("wx"): one written twice, or a path a file
 * system does not tell apart from another's, fails instead of writing through a link into the
 * current output (src/render/link-unchanged.ts).
 */
export interface PageWriter {
  /** A page's HTML, as text or already encoded (UTF-8, as a render thread sends it). */
  write(file: string, html: string | Uint8Array): void;
  /** Resolves when every page given to write() is on disk; rejects with the first failure. */
  flush(): Promise<void>;
  /** Pages given to write() that are not on disk yet. */
  readonly unfinished: number;
}

export interface PageWriterOptions {
  /** The staging folder the pages are written into. */
  dir: string;
  /** The current output folder, whose unchanged pages are linked, not written (src/render/link-unchanged.ts). */
  reuseFrom?: string;
}

/** Creates each folder once, not once per page. */
function folderMaker(): (target: string) => void {
  const made = new Set<string>();
  return (target) => {
    const folder = path.dirname(target);
    if (!made.has(folder)) {
      mkdirSync(folder, { recursive: true });
      made.add(folder);
    }
  };
}

/**
 * Writes synchronously: the main thread has nothing else to do while workers render, and 10,000
 * small writes go faster without a promise and a thread-pool round trip each.
 */
export function syncPageWriter(options: PageWriterOptions): PageWriter {
  const makeFolder = folderMaker();
  const settings = { ...options };
  return {
    write(file, html) {
      const target = path.join(settings.dir, file);
      makeFolder(target);
      const data = typeof html === "string" ? Buffer.from(html) : html;
      if (!linkIfUnchanged(settings, file, target, data)) writeFileSync(target, data, { flag: "wx" });
    },
    flush: async () => {},
    unfinished: 0,
  };
}

/**
 * Writes changed pages in the background: while the main thread renders the rest of a batch,
 * Node's thread pool puts the first ones on disk. The caller flushes after each batch, which
 * bounds the pages held in memory and the files open at once.
 */
export function backgroundPageWriter(options: PageWriterOptions): PageWriter {
  const makeFolder = folderMaker();
  const settings = { ...options };
  let pending: Array<Promise<void>> = [];
  let failure: unknown;
  return {
    write(file, html) {
      const target = path.join(settings.dir, file);
      makeFolder(target);
      const data = typeof html === "string" ? Buffer.from(html) : html;
      if (linkIfUnchanged(settings, file, target, data)) return;
      // Caught at once (an unhandled rejection would end the process); flush() reports it.
      pending.push(writeFile(target, data, { flag: "wx" }).catch((error: unknown) => void (failure ??= error)));
    },
    async flush() {
      // Only the writes since the last flush: each batch's promises are let go once awaited.
      const writing = pending;
      pending = [];
      await Promise.all(writing);
      if (failure !== undefined) throw failure;
    },
    get unfinished() {
      return pending.length;
    },
  };
}
