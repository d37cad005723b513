import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach } from "vitest";
import { removeDir } from "./sample-site.ts";

/** Makes empty temporary folders (in `parent`, the system's by default), removed after each test. */
export function temporaryFolders(prefix: string): (parent?: string) => string {
  const made: string[] = [];
  afterEach(async () => {
    await Promise.all(made.splice(0).map(removeDir));
  });
  return (parent = tmpdir()) => {
    const dir = mkdtempSync(path.join(parent, prefix));
    made.push(dir);
    return dir;
  };
}
