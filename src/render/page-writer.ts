import { mkdirSync, writeFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";

/** Where rendered pages go. */
export interface PageWriter {
  write(file: string, html: string): void;
  /** Resolves when every page given to write() is on disk; rejects with the first failure. */
  flush(): Promise<void>;
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
 * Writes synchronously: a render thread has nothing else to do meanwhile, and 10,000 small
 * writes go faster without a promise and a thread-pool round trip each.
 */
export function syncPageWriter(outDir: string): PageWriter {
  const makeFolder = folderMaker();
  return {
    write(file, html) {
      const target = path.join(outDir, file);
      makeFolder(target);
      writeFileSync(target, html);
    },
    flush: async () => {},
  };
}

/**
 * Writes in the background: while the main thread renders the next page, Node's thread pool puts
 * the last ones on disk. For the few hundred pages the main thread renders (more go to workers).
 */
export function backgroundPageWriter(outDir: string): PageWriter {
  const makeFolder = folderMaker();
  const pending: Array<Promise<void>> = [];
  let failure: unknown;
  return {
    write(file, html) {
      const target = path.join(outDir, file);
      makeFolder(target);
      // Caught at once (an unhandled rejection would end the process); flush() reports it.
      pending.push(writeFile(target, html).catch((error: unknown) => void (failure ??= error)));
    },
    async flush() {
      await Promise.all(pending);
      if (failure !== undefined) throw failure;
    },
  };
}
