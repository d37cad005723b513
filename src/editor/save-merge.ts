import { diffOps, type EditOp, type Path } from "../yaml-edit/edit-ops.ts";

/** How many of a file's versions the editor keeps in memory: tabs opened longer ago than that many saves conflict on any change. */
const VERSIONS_KEPT = 8;

/**
 * The texts of the versions the editor handed out, per file, so that a save made from an older
 * version can be merged: what changed since is the difference between that version's values and
 * the file's values now. In memory only: after a restart, an older version is a conflict as before.
 */
export class VersionMemory {
  private readonly texts = new Map<string, Map<string, string>>();

  remember(file: string, version: string, text: string): void {
    const versions = this.texts.get(file) ?? new Map<string, string>();
    versions.delete(version);
    versions.set(version, text);
    while (versions.size > VERSIONS_KEPT) versions.delete(versions.keys().next().value!);
    this.texts.set(file, versions);
  }

  textOf(file: string, version: string): string | undefined {
    return this.texts.get(file)?.get(version);
  }
}

/**
 * The paths another save changed between `before` and `now` (two readings of one file's values).
 * A list whose length changed counts as changed as a whole: its items moved, and a position named
 * by an older version may name another item now.
 */
export function changedPaths(before: unknown, now: unknown): Path[] {
  return diffOps(before, now).map((op) => (op.op === "insert" || op.op === "move" ? op.path : op.op === "delete" && typeof op.path.at(-1) === "number" ? op.path.slice(0, -1) : op.path));
}

/**
 * The fields (dotted) where `ops`, made from an older version, meet what changed since: the same
 * path, or one path inside the other (a town's name changed here, the town removed there).
 */
export function clashingFields(ops: readonly EditOp[], changed: readonly Path[]): string[] {
  const clashes = new Set<string>();
  for (const op of ops) {
    for (const other of changed) {
      if (isPrefix(op.path, other) || isPrefix(other, op.path)) clashes.add((op.path.length <= other.length ? op.path : other).join("."));
    }
  }
  return [...clashes];
}

function isPrefix(short: Path, long: Path): boolean {
  return short.length <= long.length && short.every((key, i) => String(key) === String(long[i]));
}
