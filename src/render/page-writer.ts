import { linkSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { link, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

/** Where rendered pages go. */
export interface PageWriter {
  write(file: string, html: string): void;
  /** Resolves when every page given to write() is on disk; rejects with the first failure. */
  flush(): Promise<void>;
}

export interface PageWriterOptions {
  /** The staging folder the pages are written into. */
  dir: string;
  /**
   * The current output folder. A page identical to its file there is hard-linked from it instead
   * of written: creating a file costs the file system far more than linking one (10 to 30 times
   * on our CI machines), and the old file is not changed by a link.
   */
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

/** Hard links are not possible here (another device, a file system without them): write instead. */
function cannotLink(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === "EXDEV" || code === "EPERM" || code === "ENOTSUP" || code === "EOPNOTSUPP" || code === "EMLINK" || code === "ENOSYS";
}

/**
 * Writes synchronously: the main thread has nothing else to do while workers render, and 10,000
 * small writes go faster without a promise and a thread-pool round trip each.
 */
export function syncPageWriter(options: PageWriterOptions): PageWriter {
  const makeFolder = folderMaker();
  let reuse = options.reuseFrom !== undefined;
  return {
    write(file, html) {
      const target = path.join(options.dir, file);
      makeFolder(target);
      const data = Buffer.from(html);
      if (reuse) {
        const previous = path.join(options.reuseFrom!, file);
        let same = false;
        try {
          same = readFileSync(previous).equals(data);
        } catch {
          same = false;
        }
        if (same) {
          try {
            return linkSync(previous, target);
          } catch (error) {
            if (!cannotLink(error)) throw error;
            reuse = false;
          }
        }
      }
      writeFileSync(target, data);
    },
    flush: async () => {},
  };
}

/**
 * Writes in the background: while the main thread renders the next page, Node's thread pool puts
 * the last ones on disk. For the few hundred pages the main thread renders (more go to workers).
 */
export function backgroundPageWriter(options: PageWriterOptions): PageWriter {
  const makeFolder = folderMaker();
  const pending: Array<Promise<void>> = [];
  let reuse = options.reuseFrom !== undefined;
  let failure: unknown;
  const writeOrLink = async (file: string, target: string, data: Buffer) => {
    if (reuse) {
      const previous = path.join(options.reuseFrom!, file);
      const same = await readFile(previous).then((old) => old.equals(data), () => false);
      if (same) {
        try {
          return await link(previous, target);
        } catch (error) {
          if (!cannotLink(error)) throw error;
          reuse = false;
        }
      }
    }
    await writeFile(target, data);
  };
  return {
    write(file, html) {
      const target = path.join(options.dir, file);
      makeFolder(target);
      // Caught at once (an unhandled rejection would end the process); flush() reports it.
      pending.push(writeOrLink(file, target, Buffer.from(html)).catch((error: unknown) => void (failure ??= error)));
    },
    async flush() {
      await Promise.all(pending);
      if (failure !== undefined) throw failure;
    },
  };
}
