import { randomBytes } from "node:crypto";
import { cutTowns } from "../config/config-memo.ts";
import { parseYamlFast } from "../config/read-yaml.ts";
import type { EditOp } from "../yaml-edit/edit-ops.ts";
import { applyYamlEditsInTurns } from "../yaml-edit/yaml-edit.ts";

/**
 * The owner's change of values inside towns of site.yaml, made on those towns' entries alone: the
 * careful YAML parser that keeps every byte not edited (yaml-edit.ts) takes seconds on the 5 MB of a
 * site of 10,000 towns, and a town's paragraph is a few lines. Only where nothing around the entry
 * can make a difference: each operation sets a value that is already there (a paragraph, a name, a
 * coordinate, one neighbourhood), so no new key or item is laid out after its neighbours. Undefined
 * otherwise: the whole file is edited the usual way.
 */
export async function applyTownEdits(text: string, ops: readonly EditOp[]): Promise<string | undefined> {
  if (ops.length === 0 || !ops.every((op) => op.op === "set" && op.path[0] === "cities" && typeof op.path[1] === "number" && op.path.length >= 3)) return undefined;
  const pieces = cutTowns(text);
  if (!pieces) return undefined;
  const byTown = new Map<number, EditOp[]>();
  for (const op of ops) {
    const index = op.path[1] as number;
    byTown.set(index, [...(byTown.get(index) ?? []), { ...op, path: [0, ...op.path.slice(2)] }]);
  }
  const towns = [...pieces.towns];
  for (const [index, townOps] of byTown) {
    const entry = towns[index];
    const values = entry === undefined ? undefined : parseYamlFast(entry)?.data;
    if (!Array.isArray(values) || values.length !== 1 || !townOps.every((op) => op.op === "set" && holdsScalar(values, op.path) && isScalar(op.value))) return undefined;
    towns[index] = await applyYamlEditsInTurns(entry!, townOps);
  }
  return text.slice(0, pieces.start) + towns.join("") + text.slice(pieces.end);
}

/**
 * The owner's change of values beside the towns (the phone, the e-mail: a value set where one is),
 * made on site.yaml without its towns but the first: the careful parser then reads a few kilobytes,
 * not the 5 MB of 10,000 towns, and the towns' text goes back unchanged where it was. Undefined
 * when an operation is anything else, or the towns are not a plain block list of two or more.
 */
export async function applyEditsBesideTowns(text: string, ops: readonly EditOp[]): Promise<string | undefined> {
  if (ops.length === 0 || !ops.every((op) => op.op === "set" && op.path[0] !== "cities" && isScalar(op.value))) return undefined;
  const pieces = cutTowns(text);
  if (!pieces || pieces.towns.length < 2) return undefined;
  const first = pieces.towns[0]!;
  // A comment line of the list's own, unique: where the other towns go back.
  const marker = `${/^ */.exec(first)![0]}# gopher-site: the other towns go here ${randomBytes(8).toString("hex")}\n`;
  const reduced = text.slice(0, pieces.start) + first + marker + text.slice(pieces.end);
  const values = parseYamlFast(reduced)?.data;
  if (!ops.every((op) => holdsScalar(values, op.path))) return undefined;
  const edited = await applyYamlEditsInTurns(reduced, ops);
  const at = edited.indexOf(marker);
  if (at < first.length || edited.indexOf(marker, at + 1) >= 0 || edited.slice(at - first.length, at) !== first) return undefined;
  return edited.slice(0, at - first.length) + text.slice(pieces.start, pieces.end) + edited.slice(at + marker.length);
}

/** Whether `path` leads through `data` to a value that is not a list or mapping. */
function holdsScalar(data: unknown, path: readonly (string | number)[]): boolean {
  let node: unknown = data;
  for (const key of path) {
    if (node === null || typeof node !== "object" || !Object.hasOwn(node, key)) return false;
    node = (node as Record<string | number, unknown>)[key];
  }
  return isScalar(node);
}

function isScalar(value: unknown): boolean {
  return value === null || ["string", "number", "boolean"].includes(typeof value);
}
