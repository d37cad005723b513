import { Document, isCollection, isMap, isPair, isSeq, Scalar, type Node, type Pair, type YAMLMap, type YAMLSeq } from "yaml";
// Read as the build reads YAML (its alias limit, unique keys), under the name the code here uses.
import { parseYamlDocument as parseDocument } from "../config/yaml-source.ts";
import type { Path } from "./edit-ops.ts";

/**
 * A YAML text being edited and its parsed Document, kept in step: each edit replaces a stretch of
 * the text, moves the offsets of every node after it, and puts the new nodes in the Document. A
 * save of thousands of operations so parses the file once, not once per operation (10,000 edits
 * of the sample's site.yaml kept the editor busy for a minute). src/yaml-edit/yaml-edit.ts checks the
 * result against a fresh parse, and a test applies every operation on its own to compare.
 */
export class EditedYaml {
  doc: Document;

  constructor(public text: string) {
    this.doc = parseDocument(text);
  }

  /** Starts again from a whole new text (an edit that printed the whole document). */
  reset(text: string): void {
    this.text = text;
    this.doc = parseDocument(text);
  }

  /**
   * Replaces the text from `start` to `end` with `insert`. `holders` are the collections the change
   * is inside (the edited one and those above it): a node ending where text is inserted grows with
   * it only if it is one of them; any other node ending there is the item before the new text.
   */
  splice(start: number, end: number, insert: string, holders: readonly Node[]): void {
    this.text = this.text.slice(0, start) + insert + this.text.slice(end);
    const delta = insert.length - (end - start);
    if (delta === 0) return;
    const growing = holders.filter((node) => node.range && node.range[2] === end && start === end);
    shiftPast(this.doc.contents, end, delta, start < end);
    for (const node of growing) node.range = [node.range![0], node.range![1] === end ? end + delta : node.range![1], end + delta];
  }

  /** The collections from the top of the document down to the one at `path`: those an edit there is inside. */
  holdersOf(path: Path): Node[] {
    const found: Node[] = [];
    if (isCollection(this.doc.contents)) found.push(this.doc.contents);
    for (let depth = 1; depth <= path.length; depth++) {
      const node = this.doc.getIn(path.slice(0, depth), true);
      if (!isCollection(node)) break;
      found.push(node);
    }
    return found;
  }

  /** Puts `node` where the value at `path` is (the document's top for an empty path). */
  place(path: Path, node: Node): void {
    if (path.length === 0) {
      this.doc.contents = node;
      return;
    }
    const parent = path.length === 1 ? this.doc.contents : this.doc.getIn(path.slice(0, -1), true);
    const key = path.at(-1)!;
    if (isSeq(parent)) parent.items[Number(key)] = node;
    else if (isMap(parent)) {
      const pair = parent.items.find((item) => isPair(item) && keyMatches(item, key));
      if (pair) pair.value = node;
    }
  }
}

/** Whether a pair's key is `key` (a key of the text: its value as a string). */
export function keyMatches(pair: Pair, key: string | number): boolean {
  const name = pair.key as Node | null;
  return name instanceof Scalar ? String(name.value) === String(key) : false;
}

/** Moves every offset of `node` and everything in it by `by` (a piece of text parsed alone, or moved). */
export function shiftNodes(node: unknown, by: number): void {
  if (!node || typeof node !== "object") return;
  const range = (node as Node).range;
  if (range) (node as Node).range = [range[0] + by, range[1] + by, range[2] + by];
  if (!isCollection(node)) return;
  for (const item of node.items) {
    if (isPair(item)) {
      shiftNodes(item.key, by);
      shiftNodes(item.value, by);
    } else shiftNodes(item, by);
  }
}

/**
 * Adds `delta` to the offsets of `node` and everything in it that are at or after `end`, in place:
 * a node starting at `end` comes after the change; one ending there ends after it only if text
 * was removed up to `end` (`endsAtEnd`). Nodes wholly before `end` are not looked inside: an edit
 * near a large file's end moves little. (The hot path of a long save: no callback, no new arrays.)
 */
function shiftPast(node: unknown, end: number, delta: number, endsAtEnd: boolean): void {
  if (!node || typeof node !== "object") return;
  const range = (node as Node).range;
  if (range) {
    if (range[2] < end) return;
    if (range[0] >= end) range[0] += delta;
    if (range[1] > end || (endsAtEnd && range[1] === end)) range[1] += delta;
    if (range[2] > end || (endsAtEnd && range[2] === end)) range[2] += delta;
  }
  if (!isCollection(node)) return;
  for (const item of node.items) {
    if (isPair(item)) {
      shiftPast(item.key, end, delta, endsAtEnd);
      shiftPast(item.value, end, delta, endsAtEnd);
    } else shiftPast(item, end, delta, endsAtEnd);
  }
}

/** A piece of YAML text parsed as if it stood at `offset` of the whole text. */
export function parsedAt(text: string, offset: number): Node | null {
  const node = parseDocument(text).contents;
  shiftNodes(node, offset);
  return node;
}

/** A block collection starts at its first item (a seq at that item's `-`): an edit may have moved or replaced it. */
export function restart(text: string, collection: YAMLMap | YAMLSeq): void {
  if (collection.flow || !collection.range || collection.items.length === 0) return;
  const first = collection.items[0] as Node | Pair;
  const start = isPair(first) ? (first.key as Node).range?.[0] : first.range ? text.lastIndexOf("-", first.range[0] - 1) : undefined;
  if (start !== undefined && start >= 0) collection.range = [start, collection.range[1], collection.range[2]];
}

export function lineStart(text: string, offset: number): number {
  return text.lastIndexOf("\n", offset - 1) + 1;
}

export function lineEnd(text: string, offset: number): number {
  if (offset > 0 && text[offset - 1] === "\n") return offset;
  const next = text.indexOf("\n", offset);
  return next < 0 ? text.length : next + 1;
}

export function columnOf(text: string, offset: number): number {
  return offset - lineStart(text, offset);
}

export function leadingSpaces(text: string, offset: number): number {
  let n = 0;
  while (text[offset + n] === " ") n++;
  return n;
}

/** Spaces between a line's start and its `-` (a list written under its key, indented or not). */
export function indentOfDash(text: string, seq: YAMLSeq): number {
  const first = seq.items[0] as Node | undefined;
  if (!first?.range) return 0;
  return leadingSpaces(text, lineStart(text, first.range[0]));
}

/** Comment lines right above `start` at the same indentation belong to the item below them. */
function withCommentsAbove(text: string, start: number): number {
  const indent = leadingSpaces(text, start);
  let at = start;
  while (at > 0) {
    const previous = lineStart(text, at - 1);
    const line = text.slice(previous, at - 1);
    if (leadingSpaces(text, previous) === indent && line.trimStart().startsWith("#")) at = previous;
    else break;
  }
  return at;
}

/** Whole lines of a block list's item, from its `-` line (and the comments above it) to its last line. */
export function itemSpan(text: string, seq: YAMLSeq, index: number, comments = true): [number, number] {
  const node = seq.items[index] as Node;
  const start = lineStart(text, node.range![0]);
  return [comments ? withCommentsAbove(text, start) : start, lineEnd(text, node.range![2])];
}

/** Whole lines of a mapping's key and value. */
export function pairSpan(text: string, pair: Pair, comments = true): [number, number] {
  const key = pair.key as Node;
  const value = pair.value as Node | null;
  const start = lineStart(text, key.range![0]);
  const end = value?.range ? value.range[2] : key.range![2];
  return [comments ? withCommentsAbove(text, start) : start, lineEnd(text, end)];
}

/** A new block of YAML (`- item` or `key: value`), indented to `column`. */
export function blockText(value: unknown, column: number): string {
  const printed = new Document(value).toString({ lineWidth: 0 });
  const pad = " ".repeat(column);
  return printed
    .split("\n")
    .map((line) => (line ? pad + line : line))
    .join("\n");
}

/** A collection printed in flow style (`[a, b]`, `{ lat: 1 }`) where the owner wrote one, or `[]`/`{}` for an empty one. */
export function flowText(value: unknown, flow: boolean): string {
  const doc = new Document(value);
  if (isCollection(doc.contents)) doc.contents.flow = flow;
  return doc.toString({ lineWidth: 0, flowCollectionPadding: false }).replace(/\n$/, "");
}

/** A scalar printed in the style the owner wrote it in (plain, quoted, folded), continuation lines under `column`. */
export function scalarText(value: unknown, type: Scalar["type"], column: number, endsWithNewline: boolean): string {
  const scalar = new Scalar(value);
  if (typeof value === "string") scalar.type = type;
  const doc = new Document({ k: scalar });
  const block = type === Scalar.BLOCK_FOLDED || type === Scalar.BLOCK_LITERAL;
  const printed = doc.toString({ lineWidth: block ? 92 : 0 }).slice("k: ".length);
  const pad = " ".repeat(column);
  const lines = printed.replace(/\n$/, "").split("\n");
  const indented = [lines[0], ...lines.slice(1).map((line) => (line ? pad + line : line))].join("\n");
  return endsWithNewline ? `${indented}\n` : indented;
}
