import { Document, isMap, isPair, isScalar, isSeq, Scalar, type Node } from "yaml";
import { parseYamlDocument as parseDocument } from "../config/yaml-source.ts";
import { lineStart } from "./yaml-text.ts";

/**
 * A folded paragraph (`>-`) whose text changed, with the owner's line breaks kept wherever the
 * words around them did not change: only the lines holding the change are folded again, to the
 * paragraph's own width. `source` is the scalar's text (from its `>` to the end of its last line).
 * Undefined when the paragraph is not one that can be re-folded so (several paragraphs, double
 * spaces): the caller then prints it whole.
 */
export function refolded(source: string, before: string, after: string): string | undefined {
  const [header, ...rest] = source.split("\n");
  const ending = rest.at(-1) === "" ? "\n" : "";
  const lines = ending ? rest.slice(0, -1) : rest;
  const indent = /^ */.exec(lines[0] ?? "")![0];
  const words = lines.map((line) => line.slice(indent.length));
  const plain = (text: string) => text !== "" && !/\n|  |^ | $/.test(text);
  if (!header?.startsWith(">") || !indent || !plain(before) || !plain(after) || words.join(" ") !== before || words.some((line) => !plain(line))) return undefined;
  let kept = 0;
  while (kept < words.length && after.startsWith(`${words.slice(0, kept + 1).join(" ")} `)) kept++;
  const head = words.slice(0, kept).join(" ");
  let tail = 0;
  while (tail < words.length - kept) {
    const text = words.slice(words.length - tail - 1).join(" ");
    if (!after.endsWith(` ${text}`) || (head ? head.length + 1 : 0) + text.length + 1 > after.length) break;
    tail++;
  }
  const ends = tail === 0 ? after.length : after.length - words.slice(words.length - tail).join(" ").length - 1;
  const middle = after.slice(head ? head.length + 1 : 0, ends);
  const width = Math.max(...words.map((line) => line.length));
  const printed = [...words.slice(0, kept), ...wrapped(middle, width), ...words.slice(words.length - tail)];
  const text = `${header}\n${printed.map((line) => indent + line).join("\n")}${ending}`;
  return parseDocument(`k: ${text}`).toJS().k === after ? text : undefined;
}

/** The longest line of the folded texts in `node`, counted from the line's start; 0 for none. */
function foldedWidth(node: unknown, text: string): number {
  if (isScalar(node)) return node.type === Scalar.BLOCK_FOLDED && node.range ? Math.max(...text.slice(lineStart(text, node.range[0]), node.range[1]).split("\n").map((line) => line.length)) : 0;
  if (isPair(node)) return foldedWidth(node.value, text);
  return isMap(node) || isSeq(node) ? Math.max(0, ...node.items.map((item) => foldedWidth(item, text))) : 0;
}

/** Words put on lines of at most `width` characters (a longer word on a line of its own). */
function wrapped(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(" ").filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/**
 * A new item's or key's YAML text, `- item` or `key: value` (`key` given), indented to `column`,
 * written as `model` is (the item beside it, what it is printed after): its nested lists in flow
 * style where the model's are (`neighborhoods: [A, B]`), its long texts folded (`>-`) where the
 * model's are, as wide as the folded texts of `within` (the list or group it joins) are where they stand.
 */
export function blockLike(value: unknown, column: number, model: Node | null | undefined, within: Node, text: string, key?: string): string {
  const doc = new Document(key === undefined ? [value] : { [key]: value });
  const node = isSeq(doc.contents) ? (doc.contents.items[0] as Node) : isMap(doc.contents) ? (doc.contents.items[0]!.value as Node) : undefined;
  let folded = false;
  const style = (made: unknown, like: unknown): void => {
    if (isMap(made) && isMap(like)) {
      for (const pair of made.items) {
        const other = like.items.find((item) => isPair(item) && isScalar(item.key) && isScalar(pair.key) && item.key.value === pair.key.value);
        style(pair.value, other?.value);
      }
    } else if (isSeq(made) && isSeq(like)) {
      made.flow = like.flow ?? false;
      for (const item of made.items) style(item, like.items[0]);
    } else if (isScalar(made) && isScalar(like) && typeof made.value === "string" && typeof like.value === "string" && like.type === Scalar.BLOCK_FOLDED) {
      made.type = Scalar.BLOCK_FOLDED;
      folded = true;
    }
  };
  style(node, model);
  const widest = folded ? foldedWidth(within, text) : 0;
  const printed = doc.toString({ lineWidth: widest > 0 ? Math.max(widest - column, 40) : 0, flowCollectionPadding: false });
  const pad = " ".repeat(column);
  return printed
    .split("\n")
    .map((line) => (line ? pad + line : line))
    .join("\n");
}

/** Whether a block collection's items (or keys) are set apart by blank lines, as its first two are. */
export function blankLinesBetween(text: string, items: ReadonlyArray<unknown>): boolean {
  const second = items[1] === undefined ? undefined : (isPair(items[1]) ? (items[1].key as Node | null) : (items[1] as Node | null))?.range;
  return second != null && /\n[ \t]*\n$/.test(text.slice(0, lineStart(text, second[0])));
}
