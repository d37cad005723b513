import { isCollection, isMap, isPair, isScalar, isSeq, Scalar, type Document, type Node, type Pair, type YAMLMap, type YAMLSeq } from "yaml";
import { YAML_OPTIONS } from "../config/yaml-options.ts";
// Every text here is read as the build reads it (its alias limit too), under the name the code here uses.
import { parseYamlDocument as parseDocument } from "../config/yaml-source.ts";
import { applyOp, applyOpsToData, deepEqual, isPlainObject, ownValue, setOwn, type EditOp, type Path } from "./edit-ops.ts";
import { blankLinesBetween, blockLike, refolded } from "./yaml-layout.ts";
import { blockText, columnOf, EditedYaml, flowText, indentOfDash, itemSpan, keyMatches, lineStart, pairSpan, parsedAt, restart, scalarText, shiftNodes } from "./yaml-text.ts";

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
  const steps = editSteps(text, ops);
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
}

/** How many operations are applied between two turns of the event loop in applyYamlEditsInTurns. */
const OPS_PER_TURN = 100;

/**
 * applyYamlEdits, letting the server answer other requests every OPS_PER_TURN operations: a save
 * of thousands (a large site's towns reordered) takes a moment, and the preview must not freeze.
 */
export async function applyYamlEditsInTurns(text: string, ops: readonly EditOp[]): Promise<string> {
  const steps = editSteps(text, ops);
  let step = steps.next();
  for (let done = 1; !step.done; done++) {
    if (done % OPS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
    step = steps.next();
  }
  return step.value;
}

/** The edits one operation at a time (a step each), returning the new text. */
function* editSteps(text: string, ops: readonly EditOp[]): Generator<void, string> {
  if (ops.length === 0) return text;
  const edited = new EditedYaml(text);
  // The file's values as the edits so far leave them: each edit is judged against them.
  let data = structuredClone(edited.doc.toJS() ?? {});
  for (const op of ops) {
    const misfit = whyNotFit(data, op);
    if (misfit) throw new EditRefused(`the change "${op.op} ${dotted(op.path)}" does not fit the file: ${misfit}`);
    data = applyOp(data, op);
    applyOne(edited, op);
    yield;
  }
  if (deepEqual(parseDocument(edited.text).toJS(), data)) return edited.text;
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

/** One operation on the text and its Document, kept in step. */
function applyOne(edited: EditedYaml, op: EditOp): void {
  const { doc } = edited;
  if (op.op === "insert" || op.op === "move") {
    const seq = doc.getIn(op.path, true);
    if (!isSeq(seq)) throw new Error(`${op.path.join(".")} is not a list`);
    if (seq.flow || seq.items.length === 0) return replaceNode(edited, op.path, seq, (applyOpsToData({ v: seq.toJS(doc, YAML_OPTIONS) }, [{ ...op, path: ["v"] }]) as { v: unknown }).v, true);
    const holders = edited.holdersOf(op.path);
    if (op.op === "insert") {
      const column = columnOf(edited.text, itemSpan(edited.text, seq, 0)[0]) + indentOfDash(edited.text, seq);
      const at = op.index >= seq.items.length ? itemSpan(edited.text, seq, seq.items.length - 1)[1] : itemSpan(edited.text, seq, op.index)[0];
      // Written as the item beside it is, set apart by a blank line where the list's items are.
      const made = blockLike(op.value, column, (seq.items[op.index - 1] ?? seq.items[op.index]) as Node | undefined, seq, edited.text);
      const apart = blankLinesBetween(edited.text, seq.items);
      const block = !apart ? made : op.index >= seq.items.length ? `\n${made}` : `${made}\n`;
      edited.splice(at, at, block, holders);
      seq.items.splice(op.index, 0, (parsedAt(block, at) as YAMLSeq).items[0]);
      return restart(edited.text, seq);
    }
    if (op.from === op.to) return;
    const [start, end] = itemSpan(edited.text, seq, op.from);
    const moved = edited.text.slice(start, end);
    const [item] = seq.items.splice(op.from, 1);
    edited.splice(start, end, "", holders);
    const at = op.to >= seq.items.length ? itemSpan(edited.text, seq, seq.items.length - 1)[1] : itemSpan(edited.text, seq, op.to)[0];
    edited.splice(at, at, moved, holders);
    shiftNodes(item, at - start);
    seq.items.splice(op.to, 0, item);
    return restart(edited.text, seq);
  }
  if (op.path.length === 0) throw new Error("an edit must name a key");
  const parentPath = op.path.slice(0, -1);
  const located = locate(doc, op.path);
  if (op.op === "delete") {
    if (!located || located.node === undefined) return;
    const { parent } = located;
    if (parent.flow || parent.items.length === 1) {
      const key = op.path.at(-1)!;
      const value = parent.toJS(doc, YAML_OPTIONS) as Record<string | number, unknown> | unknown[];
      if (Array.isArray(value)) value.splice(Number(key), 1);
      else delete value[key];
      return replaceNode(edited, parentPath, parent, value, parent.flow ?? false);
    }
    const holders = edited.holdersOf(parentPath);
    const index = isSeq(parent) ? Number(op.path.at(-1)) : parent.items.indexOf(located.pair!);
    const [start, end] = isSeq(parent) ? itemSpan(edited.text, parent, index) : pairSpan(edited.text, located.pair!);
    // The first key of a list's item (`- title: Call`) goes up to the next key, which takes its place after the `-`.
    const keyAt = isSeq(parent) ? start : keyStart(located.pair!);
    if (!isSeq(parent) && !startsLine(edited.text, keyAt)) {
      (parent.items as unknown[]).splice(index, 1);
      edited.splice(keyAt, keyStart(parent.items[index] as Pair), "", holders);
      return restart(edited.text, parent);
    }
    (parent.items as unknown[]).splice(index, 1);
    edited.splice(start, end, "", holders);
    return restart(edited.text, parent);
  }
  // set
  if (!located) return setMissingParent(edited, op.path, op.value);
  const { parent, node, pair } = located;
  if (node !== undefined && deepEqual(node === null ? null : (node as Node).toJS(doc, YAML_OPTIONS), op.value)) return;
  const text = edited.text;
  if (isScalar(node) && !isCollectionValue(op.value) && node.range) {
    const column = isSeq(parent) ? columnOf(text, node.range[0]) - 2 : columnOf(text, pair!.key && (pair!.key as Node).range ? (pair!.key as Node).range![0] : node.range[0]);
    // An empty value (`empty:`) is nothing right after its colon: the new one needs its space.
    const [at, end] = node.range;
    const start = at === end ? at + 1 : at;
    // A folded paragraph changed by a word keeps its other lines as they were.
    const folded = node.type === Scalar.BLOCK_FOLDED && typeof node.value === "string" && typeof op.value === "string" ? refolded(text.slice(at, end), node.value, op.value) : undefined;
    const printed = folded ?? scalarText(op.value, node.type, column, text.slice(at, end).endsWith("\n"));
    edited.splice(at, end, at === end ? ` ${printed}` : printed, edited.holdersOf(parentPath));
    // The same node, now holding the new value in the style it was printed in (a plain text that
    // needs quotes is quoted: the next edit of it in this save keeps the quotes, as it would after a parse).
    node.value = op.value;
    node.type = STYLES[printed[0]!] ?? Scalar.PLAIN;
    node.range = [start, start + printed.length, Math.max(node.range[2], start + printed.length)];
    return;
  }
  if (isCollection(node) && node.flow) return replaceNode(edited, op.path, node, op.value, true);
  if (parent.flow) {
    const value = parent.toJS(doc, YAML_OPTIONS) as Record<string | number, unknown>;
    setOwn(value, op.path.at(-1)!, op.value);
    return replaceNode(edited, parentPath, parent, value, true);
  }
  const holders = edited.holdersOf(parentPath);
  if (isMap(parent)) {
    const key = String(op.path.at(-1));
    if (pair) {
      // From the key, not its line's start: a list item's first key (`- title: Trap`) keeps its `-`.
      const start = keyStart(pair);
      const column = columnOf(text, start);
      const block = blockText({ [key]: op.value }, column).slice(column);
      edited.splice(start, pairSpan(text, pair, false)[1], block, holders);
      parent.items[parent.items.indexOf(pair)] = (parsedAt(block, start) as YAMLMap).items[0]!;
      return restart(edited.text, parent);
    }
    if (parent.items.length === 0 || !parent.range) return setMissingParent(edited, op.path, op.value);
    const last = parent.items.at(-1) as Pair;
    const end = pairSpan(text, last, false)[1];
    const made = blockLike(op.value, columnOf(text, keyStart(last)), last.value as Node | null, parent, text, key);
    const block = blankLinesBetween(text, parent.items) ? `\n${made}` : made;
    edited.splice(end, end, block, holders);
    parent.items.push((parsedAt(block, end) as YAMLMap).items[0]!);
    return;
  }
  const index = Number(op.path.at(-1));
  if (index >= parent.items.length) return applyOne(edited, { op: "insert", path: parentPath, index, value: op.value });
  const [start, end] = itemSpan(text, parent, index, false);
  const block = blockText([op.value], columnOf(text, start) + indentOfDash(text, parent));
  edited.splice(start, end, block, holders);
  parent.items[index] = (parsedAt(block, start) as YAMLSeq).items[0];
  restart(edited.text, parent);
}

/** A key whose parents do not exist yet (or are empty, `key:`): set the nearest existing ancestor's missing key to the nested value. */
function setMissingParent(edited: EditedYaml, path: Path, value: unknown): void {
  for (let depth = path.length - 1; depth >= 1; depth--) {
    const ancestor = edited.doc.getIn(path.slice(0, depth), true);
    if (ancestor !== undefined && !(isScalar(ancestor) && ancestor.value === null)) break;
    value = { [String(path[depth])]: value };
    path = path.slice(0, depth);
  }
  if (path.length === 1 && !isMap(edited.doc.contents)) return edited.reset(printedFallback(edited.text, [{ op: "set", path, value }]));
  applyOne(edited, { op: "set", path, value });
}

function locate(doc: Document, path: Path): Located | undefined {
  const parentPath = path.slice(0, -1);
  const parent = parentPath.length === 0 ? doc.contents : doc.getIn(parentPath, true);
  if (!isMap(parent) && !isSeq(parent)) return undefined;
  const key = path.at(-1)!;
  if (isSeq(parent)) return { parent, node: parent.items[Number(key)] as Node | undefined };
  const pair = parent.items.find((item) => isPair(item) && keyMatches(item, key));
  return { parent, pair, node: pair ? (pair.value as Node | null) : undefined };
}

function keyStart(pair: Pair): number {
  return (pair.key as Node).range![0];
}

/** Whether only spaces come before `offset` on its line (not a list item's `- `). */
function startsLine(text: string, offset: number): boolean {
  return text.slice(lineStart(text, offset), offset).trim() === "";
}

/** A printed scalar's style, by its first character. */
const STYLES: Record<string, Scalar["type"]> = { "'": Scalar.QUOTE_SINGLE, '"': Scalar.QUOTE_DOUBLE, ">": Scalar.BLOCK_FOLDED, "|": Scalar.BLOCK_LITERAL };

function isCollectionValue(value: unknown): boolean {
  return Array.isArray(value) || isPlainObject(value);
}

/** Rewrites the collection `node` (at `path`) as `value`, in flow style where the owner wrote one. */
function replaceNode(edited: EditedYaml, path: Path, node: Node, value: unknown, flow: boolean): void {
  const [start, end, nodeEnd] = node.range!;
  const original = edited.text.slice(start, end);
  const printed = flowText(value, flow);
  const replacement = original.endsWith("\n") ? `${printed}\n` : printed;
  edited.splice(start, end, replacement, edited.holdersOf(path.slice(0, -1)));
  const replaced = parsedAt(replacement, start)!;
  replaced.range = [start, start + replacement.length, Math.max(nodeEnd + replacement.length - (end - start), start + replacement.length)];
  edited.place(path, replaced);
}
