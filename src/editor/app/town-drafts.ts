import { diffOps, type EditOp } from "../../yaml-edit/edit-ops.ts";
import { reapplied } from "./drafts.ts";

/**
 * The Towns section's unsaved changes to site.yaml's towns as kept in the browser (drafts.ts). A
 * town is named by its slug in the file as read, not its position: restored on the file saved
 * since (a town added, moved or removed there), each change still lands on its own town.
 */
export interface TownsDraft {
  /** Each changed town's changes, by its slug in the file as read. */
  edits: Record<string, EditOp[]>;
  /** Once a town was added, moved or removed: the towns in their order, a slug as read or a new town whole. */
  order?: Array<string | TownValues>;
  /** With `order`: the slugs of the towns removed (a town of the file named in neither was added to it since). */
  removed?: string[];
}

export interface TownValues {
  slug: string;
  [key: string]: unknown;
}

/** A town as the section lists it: its values now and its index in the file as read (none for a new town). */
export interface ListedTown<T> {
  town: T;
  origin: number | undefined;
}

/** The changes `list` makes to the file's towns `original`; undefined when it makes none. */
export function townsDraft<T extends TownValues>(original: readonly T[], list: ReadonlyArray<ListedTown<T>>): TownsDraft | undefined {
  const edits: Record<string, EditOp[]> = {};
  for (const { town, origin } of list) {
    const before = origin === undefined ? undefined : original[origin];
    if (!before || before === town) continue;
    const ops = diffOps(before, town);
    if (ops.length > 0) edits[before.slug] = ops;
  }
  const reordered = list.length !== original.length || list.some((entry, index) => entry.origin !== index);
  if (!reordered) return Object.keys(edits).length > 0 ? { edits } : undefined;
  const kept = new Set(list.map((entry) => entry.origin));
  return {
    edits,
    order: list.map(({ town, origin }) => (origin === undefined ? town : original[origin]!.slug)),
    removed: original.flatMap((town, index) => (kept.has(index) ? [] : [town.slug])),
  };
}

/**
 * The towns as `draft` left them, made again on the file's towns `file` (perhaps saved since): a
 * town's changes on the town of its slug (one removed since is left out, with its changes); a
 * town added there since keeps its place at the end; a town added in both is one town, with the
 * values typed here.
 */
export function restoredTowns<T extends TownValues>(file: readonly T[], draft: TownsDraft): Array<ListedTown<T>> {
  const bySlug = new Map<string, number>();
  file.forEach((town, index) => {
    if (!bySlug.has(town.slug)) bySlug.set(town.slug, index);
  });
  const used = new Set<number>();
  const fromFile = (index: number): ListedTown<T> => {
    used.add(index);
    const town = file[index]!;
    const ops = draft.edits[town.slug];
    return { town: ops ? (reapplied(town, ops) as T) : town, origin: index };
  };
  if (!draft.order) return file.map((_, index) => fromFile(index));
  const named = new Set([...draft.order.map((item) => (typeof item === "string" ? item : item.slug)), ...(draft.removed ?? [])]);
  const kept = new Set(draft.order.flatMap((item) => (typeof item === "string" ? bySlug.get(item) ?? [] : [])));
  const restored: Array<ListedTown<T>> = [];
  for (const item of draft.order) {
    const index = bySlug.get(typeof item === "string" ? item : item.slug);
    const free = index !== undefined && !used.has(index);
    if (typeof item === "string") {
      if (free) restored.push(fromFile(index));
    } else if (free && !kept.has(index)) {
      used.add(index);
      restored.push({ town: item as T, origin: index });
    } else restored.push({ town: item as T, origin: undefined });
  }
  file.forEach((town, index) => {
    if (!named.has(town.slug) && !used.has(index)) restored.push(fromFile(index));
  });
  return restored;
}
