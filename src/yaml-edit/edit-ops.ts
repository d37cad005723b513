/**
 * The changes a save makes to one file, as a list of small operations on key paths. Shared by the
 * editor's server (which applies them to the file's text) and its browser app (which computes
 * them from what the owner changed): a save names only what changed, never the whole file.
 */

export type Path = Array<string | number>;

export type EditOp =
  | { op: "set"; path: Path; value: unknown }
  | { op: "delete"; path: Path }
  | { op: "insert"; path: Path; index: number; value: unknown }
  | { op: "move"; path: Path; from: number; to: number };

/**
 * Keys that name a part of every JavaScript object (its prototype and constructor), never a field
 * of a file: `set __proto__.x` would change every object of the server. A save naming one is refused.
 */
export const UNSAFE_KEYS: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);

/** `node[key]` when `node` has it as its own: an inherited `constructor` is not a value of the file. */
export function ownValue(node: unknown, key: string | number): unknown {
  return typeof node === "object" && node !== null && Object.hasOwn(node, key) ? (node as Record<string | number, unknown>)[key] : undefined;
}

/** Sets `node[key]` as its own property: an assignment to `__proto__` would replace the object's prototype instead. */
export function setOwn(node: object, key: string | number, value: unknown): void {
  Object.defineProperty(node, key, { value, writable: true, enumerable: true, configurable: true });
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a).filter((key) => a[key] !== undefined);
    const otherKeys = Object.keys(b).filter((key) => b[key] !== undefined);
    return keys.length === otherKeys.length && keys.every((key) => deepEqual(a[key], b[key]));
  }
  return false;
}

/**
 * The operations that turn `before` into `after`, as deep as possible: a changed word in a town's
 * intro is one `set` of that intro, not of the town. Lists are compared item by item; items added
 * at the end are inserted, items missing at the end deleted. Empty text, and a group of only empty
 * fields (what a form holds for an optional group the owner left alone), count as absent.
 */
export function diffOps(before: unknown, after: unknown, path: Path = []): EditOp[] {
  if (deepEqual(before, after)) return [];
  if (isPlainObject(before) && isPlainObject(after)) {
    const ops: EditOp[] = [];
    for (const key of Object.keys(before)) {
      if (before[key] !== undefined && isAbsent(after[key])) ops.push({ op: "delete", path: [...path, key] });
    }
    for (const key of Object.keys(after)) {
      if (isAbsent(after[key])) continue;
      if (before[key] === undefined) ops.push({ op: "set", path: [...path, key], value: after[key] });
      else ops.push(...diffOps(before[key], after[key], [...path, key]));
    }
    return ops;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const ops: EditOp[] = [];
    const common = Math.min(before.length, after.length);
    for (let i = 0; i < common; i++) ops.push(...diffOps(before[i], after[i], [...path, i]));
    for (let i = common; i < after.length; i++) ops.push({ op: "insert", path, index: i, value: after[i] });
    for (let i = before.length - 1; i >= common; i--) ops.push({ op: "delete", path: [...path, i] });
    return ops;
  }
  return [{ op: "set", path, value: after }];
}

/** Nothing the owner wrote: no value, empty text, or a group of such (a form's empty fields for an optional group). */
function isAbsent(value: unknown): boolean {
  return value === undefined || value === "" || (isPlainObject(value) && Object.values(value).every(isAbsent));
}

/**
 * The operations for a list whose items the owner removed, reordered, added and edited, where
 * `origins[i]` is the index the current item `i` had when the file was read (undefined for a new
 * item). Moves keep a moved item's own comments with it in the file.
 */
export function listOps(path: Path, original: readonly unknown[], current: readonly unknown[], origins: ReadonlyArray<number | undefined>): EditOp[] {
  const ops: EditOp[] = [];
  const kept = new Set(origins.filter((origin): origin is number => origin !== undefined));
  for (let i = original.length - 1; i >= 0; i--) if (!kept.has(i)) ops.push({ op: "delete", path: [...path, i] });
  const working: Array<number | undefined> = original.map((_, i) => i).filter((i) => kept.has(i));
  current.forEach((item, position) => {
    const origin = origins[position];
    if (origin === undefined) {
      ops.push({ op: "insert", path, index: position, value: item });
      working.splice(position, 0, undefined);
      return;
    }
    const at = working.indexOf(origin, position);
    if (at !== position) {
      ops.push({ op: "move", path, from: at, to: position });
      working.splice(at, 1);
      working.splice(position, 0, origin);
    }
  });
  current.forEach((item, position) => {
    const origin = origins[position];
    if (origin !== undefined) ops.push(...diffOps(original[origin], item, [...path, position]));
  });
  return ops;
}

/** Applies operations to plain data: what the file must read as once they are applied to its text. */
export function applyOpsToData(data: unknown, ops: readonly EditOp[]): unknown {
  let root: unknown = structuredClone(data ?? {});
  for (const op of ops) root = applyOp(root, op);
  return root;
}

/** Applies one operation to `root` in place, and returns the root (a new one when the set is of the whole file). */
export function applyOp(root: unknown, op: EditOp): unknown {
  if (op.op === "set" && op.path.length === 0) return structuredClone(op.value);
  const parentPath = op.op === "insert" || op.op === "move" ? op.path : op.path.slice(0, -1);
  const parent = walk(root, parentPath, op.op === "set");
  const key = op.path.at(-1)!;
  if (op.op === "set") setOwn(parent as object, key, structuredClone(op.value));
  else if (op.op === "delete") {
    if (Array.isArray(parent)) parent.splice(Number(key), 1);
    else delete (parent as Record<string, unknown>)[key];
  } else if (op.op === "insert") (parent as unknown[]).splice(op.index, 0, structuredClone(op.value));
  else {
    const [item] = (parent as unknown[]).splice(op.from, 1);
    (parent as unknown[]).splice(op.to, 0, item);
  }
  return root;
}

function walk(root: unknown, path: Path, create: boolean): unknown {
  let node = root as object;
  for (const key of path) {
    let next = ownValue(node, key);
    if (next === undefined || next === null) {
      if (!create) throw new Error(`nothing at ${path.join(".")}`);
      next = {};
      setOwn(node, key, next);
    }
    node = next as object;
  }
  return node;
}
