import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { saveNewFileAtomically } from "./save-file.ts";

/**
 * Uploaded pictures kept aside, in a folder of the OS's temp dir the editor owns, until a save uses
 * them: an article abandoned after its upload leaves nothing in public/images/. Removed when the
 * editor stops.
 */
export function createPendingUploads(root: string) {
  let folder: Promise<string> | undefined;
  /** By file name in public/images/: the picture kept aside. */
  const pending = new Map<string, string>();

  return {
    /** The temp folder, once an upload made it. */
    folder: () => folder,
    /** Keeps `bytes` aside under the first of `names` free both in public/images/ and among the pending; undefined if none is. */
    async keep(images: string, names: Iterable<string>, bytes: Uint8Array): Promise<string | undefined> {
      for (const name of names) {
        if (pending.has(name) || existsSync(path.join(images, name))) continue;
        folder ??= mkdtemp(path.join(tmpdir(), "gopher-site-uploads-"));
        const kept = path.join(await folder, name);
        pending.set(name, kept);
        await writeFile(kept, bytes);
        return name;
      }
      return undefined;
    },
    /**
     * Puts into public/images/ the pending pictures a save's changes name (`/images/yard.jpg`), before
     * its build, which must see them; each is added to `placed`, for `settle` once the save is done or
     * refused. Returns the name of one a file put there meanwhile has taken (never overwritten).
     */
    async place(images: string, changes: unknown, placed: string[]): Promise<string | undefined> {
      const named = JSON.stringify(changes);
      for (const [name, kept] of pending) {
        if (!named.includes(`"/images/${name}"`)) continue;
        await mkdir(images, { recursive: true });
        if (!(await saveNewFileAtomically(root, images, [name], await readFile(kept)))) return name;
        placed.push(name);
      }
      return undefined;
    },
    /** A save that wrote its changes keeps its pictures; one refused takes them out of public/images/ again, still pending. */
    async settle(images: string, placed: readonly string[], saved: boolean): Promise<void> {
      for (const name of placed) {
        if (saved) {
          await rm(pending.get(name)!, { force: true });
          pending.delete(name);
        } else await rm(path.join(images, name), { force: true });
      }
    },
    /** Removes the pictures no save used. */
    async close(): Promise<void> {
      pending.clear();
      if (folder) await rm(await folder, { recursive: true, force: true });
    },
  };
}
