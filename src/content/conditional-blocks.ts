/**
 * Conditional blocks in legal documents: a line `::: if advertising` (or `::: if not advertising`)
 * opens a block, a line `:::` closes it, and the block is kept only when the condition holds. So
 * one privacy policy says what is true of each site, chosen by a fact of site.yaml, not by hand.
 */

/** The facts a block may test, e.g. `{ advertising: true, analytics: true }`. */
export type Conditions = Readonly<Record<string, boolean>>;

export interface SelectedBody {
  /** The body without the markers and the blocks whose condition does not hold. */
  body: string;
  /** For each line of `body`, its 0-based line in the original body. */
  lineMap: number[];
  /** Problems with their line in the file. */
  problems: Array<{ line: number; message: string }>;
}

const OPEN = /^:::\s*if\s+(not\s+)?([A-Za-z][\w-]*)\s*$/;
const CLOSE = /^:::\s*$/;

/** Keeps the blocks whose condition holds and drops the others, with the markers. `firstLine`: the body's first line in its file. */
export function selectConditionalBlocks(body: string, conditions: Conditions, firstLine = 1): SelectedBody {
  const kept: string[] = [];
  const lineMap: number[] = [];
  const problems: SelectedBody["problems"] = [];
  const known = () => Object.keys(conditions).sort().join(", ") || "none";
  let open: { line: number; keep: boolean } | undefined;
  body.split("\n").forEach((text, index) => {
    const line = firstLine + index;
    const trimmed = text.trim();
    const opening = OPEN.exec(trimmed);
    if (opening) {
      const [, negated, name] = opening;
      if (open) problems.push({ line, message: `"::: if" blocks cannot be nested; close the block of line ${open.line} with ":::" first` });
      if (!Object.hasOwn(conditions, name!)) problems.push({ line, message: `unknown condition "${name}"; known: ${known()}` });
      open = { line, keep: conditions[name!] === !negated };
    } else if (CLOSE.test(trimmed)) {
      if (!open) problems.push({ line, message: `":::" closes no block; open one with "::: if name" or "::: if not name"` });
      open = undefined;
    } else if (trimmed.startsWith(":::")) {
      problems.push({ line, message: `write "::: if name", "::: if not name" or ":::" (known conditions: ${known()})` });
    } else if (!open || open.keep) {
      kept.push(text);
      lineMap.push(index);
    }
  });
  if (open) problems.push({ line: open.line, message: `this "::: if" block is never closed; end it with a line ":::"` });
  return { body: kept.join("\n"), lineMap, problems };
}
