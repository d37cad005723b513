import { createHash, randomBytes } from "node:crypto";
import { accessSync, constants, statfsSync, statSync } from "node:fs";
import { readdir, rm } from "node:fs/promises";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { isRunning } from "../write/output-lock.ts";

/** Room a RAM-backed folder must have free to take a dev server's builds. */
const ROOM = 1024 ** 3;

/** Folders tried in order: Linux's RAM-backed /dev/shm, then the system's temp folder. */
const CANDIDATES = ["/dev/shm"];

/**
 * Where a dev server (and the editor's preview) puts its builds: a folder of its own, in memory
 * when the machine has a RAM-backed folder with room (Linux's /dev/shm), as Hugo's server renders
 * to memory: a rebuild that changes every page (a new phone number) then does not wait on a disk to
 * create them. Otherwise in the system's temp folder. Never dist/.
 */
export function devOutputDir(root: string, candidates: readonly string[] = CANDIDATES): string {
  // Random at the end: in a folder every user can write to, another user cannot put a link where
  // this server's output will go.
  const name = `gopher-site-dev-${hash(root, 12)}-${HOST}-${process.pid}-${randomBytes(4).toString("hex")}`;
  const roomy = candidates.find(hasRoom);
  return path.join(roomy ?? tmpdir(), name);
}

function hash(text: string, length: number): string {
  return createHash("sha256").update(text).digest("hex").slice(0, length);
}

/**
 * This machine, in a dev folder's name: a process number means something only on the machine (or
 * container) that gave it, and /tmp or /dev/shm may be shared with another.
 */
export const HOST = hash(hostname(), 6);

function hasRoom(folder: string): boolean {
  try {
    if (!statSync(folder).isDirectory()) return false;
    accessSync(folder, constants.W_OK);
    const { bavail, bsize } = statfsSync(folder);
    return bavail * bsize >= ROOM;
  } catch {
    return false;
  }
}

/** A dev server's folder (or its staging folder and lock, which begin with a dot): its machine and process. */
const DEV_FOLDER = /^\.?gopher-site-dev-[0-9a-f]{12}-([0-9a-f]{6})-(\d+)-[0-9a-f]{8}(?:$|[.-])/;

/**
 * Deletes what dev servers of this machine that no longer run left beside `outDir` (killed, they
 * could not clean up): in memory, that would hold RAM until the machine restarts.
 */
export async function removeAbandoned(outDir: string): Promise<void> {
  const parent = path.dirname(outDir);
  const names = await readdir(parent).catch(() => [] as string[]);
  await Promise.all(
    names.map(async (name) => {
      const [, host, number] = DEV_FOLDER.exec(name) ?? [];
      const pid = Number(number);
      if (host !== HOST || !pid || pid === process.pid || isRunning(pid)) return;
      await rm(path.join(parent, name), { recursive: true, force: true }).catch(() => undefined);
    }),
  );
}
