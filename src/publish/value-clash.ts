import { deepEqual, isPlainObject, ownValue, type EditOp, type Path } from "../yaml-edit/edit-ops.ts";
import { applyYamlEdits } from "../yaml-edit/yaml-edit.ts";
import { parseYamlDocument } from "../config/yaml-source.ts";
import { joinMarkdown, splitMarkdown } from "../content/front-matter.ts";

/**
 * A clash of two versions of a file, said in its values instead of its lines: the fields both
 * changed to different values, each as "yours" and "published", so the owner picks one of two
 * values instead of editing between conflict markers. Only YAML files and markdown files (front
 * matter and text) are read so; any other file's clash is for git.
 */

/** One field both versions changed, each to its own value (undefined: removed). */
export interface FieldClash {
  /** The key path, dotted (`phone.display`, `cities.3.intro`); a markdown file's text is `text`. */
  field: string;
  yours: unknown;
  published: unknown;
}

export interface FileClash {
  file: string;
  fields: FieldClash[];
}

/** The owner's pick for each clashing field of each file, by file and dotted field. */
export type ClashChoices = Record<string, Record<string, "yours" | "published">>;

/** A markdown file's text after its front matter, as one field. */
const TEXT_FIELD = "text";

export function readsAsValues(file: string): boolean {
  return /\.(ya?ml|md)$/.test(file);
}

/** The file's values: a YAML file's data; a markdown file's front matter and its text. */
function valuesOf(file: string, text: string | undefined): unknown {
  if (text === undefined) return undefined;
  if (file.endsWith(".md")) {
    const parts = splitMarkdown(text);
    return parts ? { ...(parseYamlDocument(parts.yaml).toJS() ?? {}), [TEXT_FIELD]: parts.body } : { [TEXT_FIELD]: text };
  }
  return parseYamlDocument(text).toJS() ?? {};
}

/**
 * The leaves where versions may differ. A group of fields is walked key by key, and a list item by
 * item, only where every version has it: a part one version lacks (added, removed) is one value.
 * A list is walked by place only when each place holds the same item in every version (a town by
 * its slug, an entry by its id or name; a text or number as itself): a list reordered, or with an
 * item put in and another taken out, is one value, so no item is ever given another's fields.
 */
function leaves(versions: readonly unknown[], at: Path = [], out: Path[] = []): Path[] {
  if (versions.every(isPlainObject)) {
    const keys = new Set(versions.flatMap((version) => Object.keys(version as object)));
    for (const key of keys) leaves(versions.map((version) => ownValue(version, key)), [...at, key], out);
  } else if (versions.every(Array.isArray) && sameItems(versions as unknown[][])) {
    (versions[0] as unknown[]).forEach((_, index) => leaves(versions.map((version) => (version as unknown[])[index]), [...at, index], out));
  } else out.push(at);
  return out;
}

/** The key an item of a list is known by, whatever its other fields: a town's slug, an entry's id, its name. */
const ITEM_KEYS = ["slug", "id", "name"] as const;

/** Whether the lists are as long, and each place holds the same item in all of them. */
function sameItems(lists: readonly unknown[][]): boolean {
  if (new Set(lists.map((list) => list.length)).size !== 1) return false;
  return lists[0]!.every((_, index) => {
    const items = lists.map((list) => list[index]);
    if (items.every(isPlainObject)) {
      const key = ITEM_KEYS.find((name) => items.every((item) => typeof ownValue(item, name) === "string"));
      return key !== undefined && new Set(items.map((item) => ownValue(item, key))).size === 1;
    }
    // Texts and numbers by place: a word changed is that place's change.
    return items.every((item) => item === null || typeof item !== "object");
  });
}

function valueAt(data: unknown, path: Path): unknown {
  return path.reduce<unknown>((node, key) => ownValue(node, key), data);
}

interface Changes {
  /** Every field yours changed from the base, published's value of it, and whether that clashes. */
  yours: Array<{ path: Path; value: unknown; theirs: unknown; clash?: FieldClash }>;
}

function changesOf(file: string, base: string | undefined, yours: string, published: string): Changes {
  const [y, p] = [valuesOf(file, yours), valuesOf(file, published)];
  const changed: Changes["yours"] = [];
  if (base === undefined) {
    // No common version (conflict markers without git's base): who changed what cannot be told,
    // so every value the two hold differently is asked, none taken silently.
    for (const path of leaves([y, p])) {
      const [mine, theirs] = [valueAt(y, path), valueAt(p, path)];
      if (!deepEqual(mine, theirs)) changed.push({ path, value: mine, theirs, clash: { field: path.join("."), yours: mine, published: theirs } });
    }
    return { yours: changed };
  }
  const b = valuesOf(file, base);
  for (const path of leaves([b, y, p])) {
    const [was, mine, theirs] = [valueAt(b, path), valueAt(y, path), valueAt(p, path)];
    if (deepEqual(was, mine)) continue;
    const clash = !deepEqual(was, theirs) && !deepEqual(mine, theirs) ? { field: path.join("."), yours: mine, published: theirs } : undefined;
    changed.push({ path, value: mine, theirs, ...(clash ? { clash } : {}) });
  }
  return { yours: changed };
}

/** The fields of `file` both versions changed from `base` to different values. */
export function fieldClashes(file: string, base: string | undefined, yours: string, published: string): FieldClash[] {
  return changesOf(file, base, yours, published).yours.flatMap((change) => (change.clash ? [change.clash] : []));
}

/** A clash the owner has not chosen for: the file cannot be joined yet. */
export class ChoiceMissing extends Error {
  constructor(readonly fields: FieldClash[]) {
    super(`no choice for ${fields.map((field) => field.field).join(", ")}`);
  }
}

/**
 * Published's text with your changes made in it: every field only you changed, and each clashing
 * field as `choices` says (a field with no choice: ChoiceMissing). Published's comments and layout
 * stay; only the fields taken from yours are written.
 */
export function joinVersions(file: string, base: string | undefined, yours: string, published: string, choices: Readonly<Record<string, "yours" | "published">> = {}): string {
  const changes = changesOf(file, base, yours, published).yours;
  const pick = (field: string) => (Object.hasOwn(choices, field) ? choices[field] : undefined);
  const missing = changes.flatMap((change) => (change.clash && !pick(change.clash.field) ? [change.clash] : []));
  if (missing.length > 0) throw new ChoiceMissing(missing);
  // Published has the same value already (both made one change): nothing to write.
  const taken = changes.filter((change) => (!change.clash || pick(change.clash.field) === "yours") && !deepEqual(change.value, change.theirs));
  if (!file.endsWith(".md")) return applyYamlEdits(published, editsFor(valuesOf(file, published), taken));
  const text = taken.find((change) => change.path.length === 1 && change.path[0] === TEXT_FIELD);
  const frontMatter = taken.filter((change) => change !== text);
  const split = splitMarkdown(published);
  // A text without front matter stays without, unless a field of yours is taken into it.
  if (!split && frontMatter.length === 0) return text ? String(text.value ?? "") : published;
  const parts = split ?? { open: "---\n", yaml: "", close: "---\n", body: published };
  const yaml = applyYamlEdits(parts.yaml, editsFor(parseYamlDocument(parts.yaml).toJS() ?? {}, frontMatter));
  return joinMarkdown({ ...parts, yaml, body: text ? String(text.value ?? "") : parts.body });
}

/**
 * Set and delete operations that make each change in `data`. A change's parent is in every
 * version (leaves walks no further where one lacks it), so each is one operation at its own path.
 */
function editsFor(data: unknown, changes: ReadonlyArray<{ path: Path; value: unknown }>): EditOp[] {
  return changes.flatMap(({ path, value }): EditOp[] => {
    if (value !== undefined) return [{ op: "set", path, value }];
    return valueAt(data, path) === undefined ? [] : [{ op: "delete", path }];
  });
}

/** The two sides (and the base, in git's diff3 style) of a file with conflict markers. */
export interface MarkedSides {
  yours: string;
  published: string;
  base?: string;
}

const MARKER = /^(<{7}|\|{7}|={7}|>{7})(?: .*)?$/;

/** Whether the text has git's conflict markers (a line of seven <, then one of seven =, then one of seven >). */
export function hasConflictMarkers(text: string): boolean {
  return /^<{7}(?: .*)?\r?$/m.test(text) && /^>{7}(?: .*)?\r?$/m.test(text);
}

/**
 * The sides of a text with conflict markers; undefined when the markers are not whole. The first
 * side is HEAD's: while a rebase replays the owner's versions that is the published one, in a merge
 * (and anything else) the owner's own.
 */
export function markedSides(text: string, rebasing: boolean): MarkedSides | undefined {
  const first: string[] = [];
  const second: string[] = [];
  const base: string[] = [];
  let part: "both" | "first" | "base" | "second" = "both";
  let hasBase = false;
  for (const line of text.split(/(?<=\n)/)) {
    const marker = MARKER.exec(line.replace(/\r?\n$/, ""))?.[1]?.[0];
    if (marker === "<" && part === "both") part = "first";
    else if (marker === "|" && part === "first") (part = "base"), (hasBase = true);
    else if (marker === "=" && (part === "first" || part === "base")) part = "second";
    else if (marker === ">" && part === "second") part = "both";
    else if (part === "both") first.push(line), second.push(line), base.push(line);
    else (part === "base" ? base : part === "first" ? first : second).push(line);
  }
  if (part !== "both") return undefined;
  const [head, other] = [first.join(""), second.join("")];
  return { yours: rebasing ? other : head, published: rebasing ? head : other, ...(hasBase ? { base: base.join("") } : {}) };
}
