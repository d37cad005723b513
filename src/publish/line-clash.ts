/** Lines [start, end) of a file, 1-based; an insertion is empty (start === end). */
export interface LineRange {
  start: number;
  end: number;
}

/** One hunk of a `git diff -U0`: the lines it replaced and the lines it wrote. */
export interface Hunk {
  old: LineRange;
  new: LineRange;
}

/** The hunks of a `git diff -U0` of one file. */
export function parseHunks(diff: string): Hunk[] {
  const hunks: Hunk[] = [];
  for (const match of diff.matchAll(/^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/gm)) {
    hunks.push({ old: range(match[1]!, match[2]), new: range(match[3]!, match[4]) });
  }
  return hunks;
}

// git writes an empty side as the line before it (",0"): the range starts after that line.
function range(start: string, count: string | undefined): LineRange {
  const lines = count === undefined ? 1 : Number(count);
  const first = lines === 0 ? Number(start) + 1 : Number(start);
  return { start: first, end: first + lines };
}

/**
 * Which of the later changes (oldest first, each its hunks) first touches the lines a change wrote,
 * following those lines as the changes between move them. Lines next to each other count as
 * touching: git's merge takes them for a clash too. -1 when none does.
 */
export function firstClash(written: readonly LineRange[], later: readonly (readonly Hunk[])[]): number {
  let lines = written.map((line) => ({ ...line }));
  for (const [index, hunks] of later.entries()) {
    if (hunks.some((hunk) => lines.some((line) => hunk.old.start <= line.end && line.start <= hunk.old.end))) return index;
    lines = lines.map((line) => {
      const shift = hunks.filter((hunk) => hunk.old.end <= line.start).reduce((sum, hunk) => sum + (hunk.new.end - hunk.new.start) - (hunk.old.end - hunk.old.start), 0);
      return { start: line.start + shift, end: line.end + shift };
    });
  }
  return -1;
}
