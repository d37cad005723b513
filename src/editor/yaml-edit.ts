import { Document, isCollection, isMap, isPair, isScalar, isSeq, parseDocument, Scalar, type Node, type Pair, type YAMLMap, type YAMLSeq } from "yaml";
import { applyOpsToData, deepEqual, isPlainObject, ownValue, setOwn, type EditOp, type Path } from "./edit-ops.ts";

/**
 * Applies edit operations to a YAML text the owner wrote, keeping every byte that is not edited.
 *
 * The `yaml` Document API finds each node (its range in the text) and prints every new or changed
 * node; only that node's text is replaced. Printing the whole document instead (`doc.toString()`)
 * would keep comments and order but re-fold every folded paragraph of the sample (all 26 of its
 * YAML files come back different), so a one-line change would show as dozens of changed lines.
 * The result is checked against the same operations applied to the plain data; if the two ever
 * disagree, the whole document is printed from the edited Document instead (every comment kept).
 */
export function applyYamlEdits(text: string, ops: readonly EditOp[]): string {
  if (ops.length === 0) return text;
  let edited = text;
  let doc = parseDocument(text);
  let data = doc.toJS() ?? {};
  for (const op of ops) {
    const misfit = whyNotFit(data, op);
    if (misfit) throw new EditRefused(`the change "${op.op} ${dotted(op.path)}" does not fit the file: ${misfit}`);
    const next = applyOpsToData(data, [op]);
    if (deepEqual(next, data)) continue;
    data = next;
    edited = applyOne(edited, op, doc);
    doc = parseDocument(edited);
  }
  if (deepEqual(doc.toJS(), data)) return edited;
  return printedFallback(text, ops);
}

/** An edit that does not fit the file it is for (a key inside a single value, a place past a list's end): the request's mistake. */
export class EditRefused extends Error {
  override name = "EditRefused";
}

/**
 * Why `op` cannot be applied to `data` (the file's values as the earlier edits left them), or
 * undefined when it can. A set may name keys that do not exist yet (they are made), never a key
 * inside a single value or a place in a list past its end.
 */
function whyNotFit(data: unknown, op: EditOp): string | undefined {
  const onList = op.op === "insert" || op.op === "move";
  if (!onList && op.path.length === 0) return "an edit must name a key";
  const parentPath = onList ? op.path : op.path.slice(0, -1);
  let node = data;
  for (const [depth, key] of parentPath.entries()) {
    const problem = keyProblem(node, key, parentPath.slice(0, depth), false);
    if (problem) return problem;
    node = ownValue(node, key);
    if (node === undefined || node === null) return op.op === "set" ? undefined : `there is nothing at ${dotted(parentPath.slice(0, depth + 1))}`;
  }
  if (!onList) return keyProblem(node, op.path.at(-1)!, parentPath, op.op === "set");
  if (!Array.isArray(node)) return `${dotted(op.path)} is not a list`;
  if (op.op === "insert") return op.index > node.length ? `${dotted(op.path)} has ${items(node)}: nothing can go at position ${op.index}` : undefined;
  const past = [op.from, op.to].find((position) => position >= node.length);
  return past === undefined ? undefined : `${dotted(op.path)} has ${items(node)}: it has no position ${past}`;
}

/** Why `node` (at `at`) cannot have `key`; `appending` lets a list's key be its length (a new last item). */
function keyProblem(node: unknown, key: string | number, at: Path, appending: boolean): string | undefined {
  if (isPlainObject(node)) return undefined;
  if (!Array.isArray(node)) return `${dotted(at)} is a single value (${JSON.stringify(node)}), not a group of fields or a list`;
  if (typeof key !== "number" || !Number.isInteger(key) || key < 0) return `${dotted(at)} is a list: ${JSON.stringify(key)} is not a position in it`;
  return key > node.length || (key === node.length && !appending) ? `${dotted(at)} has ${items(node)}: it has no position ${key}` : undefined;
}

function items(list: unknown[]): string {
  return list.length === 1 ? "1 item" : `${list.length} items`;
}

function dotted(path: Path): string {
  return path.length === 0 ? "the file's top level" : path.join(".");
}

function printedFallback(text: string, ops: readonly EditOp[]): string {
  const doc = parseDocument(text);
  for (const op of ops) {
    if (op.op === "set") doc.setIn(op.path, doc.createNode(op.value));
    else if (op.op === "delete") doc.deleteIn(op.path);
    else {
      const seq = doc.getIn(op.path, true) as YAMLSeq;
      if (op.op === "insert") seq.items.splice(op.index, 0, doc.createNode(op.value));
      else seq.items.splice(op.to, 0, ...seq.items.splice(op.from, 1));
    }
  }
  return doc.toString({ lineWidth: 0 });
}

interface Located {
  parent: YAMLMap | YAMLSeq;
  pair?: Pair;
  node: Node | null | undefined;
}

/** One operation on `text`; `doc` is `text` parsed. */
function applyOne(text: string, op: EditOp, doc: Document = parseDocument(text)): string {
  if (op.op === "insert" || op.op === "move") {
    const seq = doc.getIn(op.path, true);
    if (!isSeq(seq)) throw new Error(`${op.path.join(".")} is not a list`);
    if (seq.flow || seq.items.length === 0) return replaceNode(text, seq, (applyOpsToData({ v: seq.toJS(doc) }, [{ ...op, path: ["v"] }]) as { v: unknown }).v, true);
    if (op.op === "insert") {
      const column = columnOf(text, itemSpan(text, seq, 0)[0]) + indentOfDash(text, seq);
      const at = op.index >= seq.items.length ? itemSpan(text, seq, seq.items.length - 1)[1] : itemSpan(text, seq, op.index)[0];
      return splice(text, at, at, blockText([op.value], column));
    }
    if (op.from === op.to) return text;
    const [start, end] = itemSpan(text, seq, op.from);
    const moved = text.slice(start, end);
    const without = text.slice(0, start) + text.slice(end);
    const seqAfter = parseDocument(without).getIn(op.path, true) as YAMLSeq;
    const at = op.to >= seqAfter.items.length ? itemSpan(without, seqAfter, seqAfter.items.length - 1)[1] : itemSpan(without, seqAfter, op.to)[0];
    return splice(without, at, at, moved);
  }
  if (op.path.length === 0) throw new Error("an edit must name a key");
  const located = locate(doc, op.path);
  if (op.op === "delete") {
    if (!located || located.node === undefined) return text;
    const { parent } = located;
    if (parent.flow || parent.items.length === 1) {
      const key = op.path.at(-1)!;
      const value = parent.toJS(doc) as Record<string | number, unknown> | unknown[];
      if (Array.isArray(value)) value.splice(Number(key), 1);
      else delete value[key];
      return replaceNode(text, parent, value, parent.flow ?? false);
    }
    const [start, end] = isSeq(parent) ? itemSpan(text, parent, Number(op.path.at(-1))) : pairSpan(text, located.pair!);
    return splice(text, start, end, "");
  }
  // set
  if (!located) return setMissingParent(text, doc, op.path, op.value);
  const { parent, node, pair } = located;
  if (node !== undefined && deepEqual(node === null ? null : (node as Node).toJS(doc), op.value)) return text;
  if (isScalar(node) && !isCollectionValue(op.value) && node.range) {
    const column = isSeq(parent) ? columnOf(text, node.range[0]) - 2 : columnOf(text, pair!.key && (pair!.key as Node).range ? (pair!.key as Node).range![0] : node.range[0]);
    return splice(text, node.range[0], node.range[1], scalarText(op.value, node.type, column, text.slice(node.range[0], node.range[1]).endsWith("\n")));
  }
  if (isCollection(node) && node.flow) return replaceNode(text, node, op.value, true);
  if (parent.flow) {
    const value = parent.toJS(doc) as Record<string | number, unknown>;
    setOwn(value, op.path.at(-1)!, op.value);
    return replaceNode(text, parent, value, true);
  }
  if (isMap(parent)) {
    const key = String(op.path.at(-1));
    if (pair) {
      const [start, end] = pairSpan(text, pair, false);
      return splice(text, start, end, blockText({ [key]: op.value }, columnOf(text, start + leadingSpaces(text, start))));
    }
    if (parent.items.length === 0 || !parent.range) return setMissingParent(text, doc, op.path, op.value);
    const last = parent.items.at(-1) as Pair;
    const [start, end] = pairSpan(text, last, false);
    return splice(text, end, end, blockText({ [key]: op.value }, columnOf(text, start + leadingSpaces(text, start))));
  }
  const index = Number(op.path.at(-1));
  if (index >= parent.items.length) return applyOne(text, { op: "insert", path: op.path.slice(0, -1), index, value: op.value });
  const [start, end] = itemSpan(text, parent, index, false);
  return splice(text, start, end, blockText([op.value], columnOf(text, start) + indentOfDash(text, parent)));
}

/** A key whose parents do not exist yet (or are empty, `key:`): set the nearest existing ancestor's missing key to the nested value. */
function setMissingParent(text: string, doc: Document, path: Path, value: unknown): string {
  for (let depth = path.length - 1; depth >= 1; depth--) {
    const ancestor = doc.getIn(path.slice(0, depth), true);
    if (ancestor !== undefined && !(isScalar(ancestor) && ancestor.value === null)) break;
    value = { [String(path[depth])]: value };
    path = path.slice(0, depth);
  }
  if (path.length === 1 && !isMap(doc.contents)) return printedFallback(text, [{ op: "set", path, value }]);
  return applyOne(text, { op: "set", path, value });
}

function locate(doc: Document, path: Path): Located | undefined {
  const parentPath = path.slice(0, -1);
  const parent = parentPath.length === 0 ? doc.contents : doc.getIn(parentPath, true);
  if (!isMap(parent) && !isSeq(parent)) return undefined;
  const key = path.at(-1)!;
  if (isSeq(parent)) return { parent, node: parent.items[Number(key)] as Node | undefined };
  const pair = parent.items.find((item) => isPair(item) && isScalar(item.key) && String(item.key.value) === String(key));
  return { parent, pair, node: pair ? (pair.value as Node | null) : undefined };
}

function isCollectionValue(value: unknown): boolean {
  return Array.isArray(value) || isPlainObject(value);
}

function splice(text: string, start: number, end: number, insert: string): string {
  return text.slice(0, start) + insert + text.slice(end);
}

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf("\n", offset - 1) + 1;
}

function lineEnd(text: string, offset: number): number {
  if (offset > 0 && text[offset - 1] === "\n") return offset;
  const next = text.indexOf("\n", offset);
  return next < 0 ? text.length : next + 1;
}

function columnOf(text: string, offset: number): number {
  return offset - lineStart(text, offset);
}

function leadingSpaces(text: string, offset: number): number {
  let n = 0;
  while (text[offset + n] === " ") n++;
  return n;
}

/** Spaces between a line's start and its `-` (a list written under its key, indented or not). */
function indentOfDash(text: string, seq: YAMLSeq): number {
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
function itemSpan(text: string, seq: YAMLSeq, index: number, comments = true): [number, number] {
  const node = seq.items[index] as Node;
  const start = lineStart(text, node.range![0]);
  return [comments ? withCommentsAbove(text, start) : start, lineEnd(text, node.range![2])];
}

/** Whole lines of a mapping's key and value. */
function pairSpan(text: string, pair: Pair, comments = true): [number, number] {
  const key = pair.key as Node;
  const value = pair.value as Node | null;
  const start = lineStart(text, key.range![0]);
  const end = value?.range ? value.range[2] : key.range![2];
  return [comments ? withCommentsAbove(text, start) : start, lineEnd(text, end)];
}

/** A new block of YAML (`- item` or `key: value`), indented to `column`. */
function blockText(value: unknown, column: number): string {
  const printed = new Document(value).toString({ lineWidth: 0 });
  const pad = " ".repeat(column);
  return printed
    .split("\n")
    .map((line) => (line ? pad + line : line))
    .join("\n");
}

/** A node printed in flow style (`[a, b]`, `{ lat: 1 }`) where the owner wrote one. */
function replaceNode(text: string, node: Node, value: unknown, flow: boolean): string {
  const doc = new Document(value);
  if (isCollection(doc.contents)) doc.contents.flow = flow;
  const printed = doc.toString({ lineWidth: 0, flowCollectionPadding: false }).replace(/\n$/, "");
  const [start, end] = [node.range![0], node.range![1]];
  const original = text.slice(start, end);
  return splice(text, start, end, original.endsWith("\n") ? `${printed}\n` : printed);
}

/** A scalar printed in the style the owner wrote it in (plain, quoted, folded), continuation lines under `column`. */
function scalarText(value: unknown, type: Scalar["type"], column: number, endsWithNewline: boolean): string {
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
