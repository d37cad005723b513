import { createRequire } from "node:module";
import path from "node:path";
import type { Document, Node } from "yaml";
import type { Problem } from "../errors.ts";
import { TOOL_ROOT } from "../paths.ts";
import { MAX_ALIAS_COUNT, YAML_OPTIONS } from "./yaml-options.ts";

type YamlLibrary = typeof import("yaml");
let yamlLibrary: YamlLibrary | undefined;

/**
 * The `yaml` package, loaded on first use: a valid site is read by the fast parser alone, so a
 * build only pays for loading this one when a file has a problem to locate.
 */
function yaml(): YamlLibrary {
  // Found from the package, not from this file: the compiled CLI runs from a cache folder.
  return (yamlLibrary ??= createRequire(path.join(TOOL_ROOT, "package.json"))("yaml") as YamlLibrary);
}

/** A parsed YAML text that can tell where any key path sits in it. */
export interface YamlSource {
  file: string;
  /** The plain JavaScript value, or undefined when the text could not be parsed. */
  data: unknown;
  /** Syntax problems (bad indentation, tabs, duplicate keys, alias bombs...). */
  problems: Problem[];
  /** 1-based line and column of the value at `path` (or of its key, or nearest parent). */
  locate(path: readonly PropertyKey[], options?: { key?: boolean }): { line: number; column: number };
}

/** Where a key path's value is in a file: 1-based line and column. */
export type Locator = (path: readonly PropertyKey[]) => { line: number; column: number };

/** A Locator for `text` that parses it with positions only when first asked (a valid site never is). */
export function lazyLocator(file: string, text: string): Locator {
  let source: YamlSource | undefined;
  return (path) => (source ??= parseYaml(file, text)).locate(path);
}

export interface ParseYamlOptions {
  /** Added to every reported line: front matter starts below the opening `---`. */
  lineOffset?: number;
}

/** Editors on some systems start files with a byte-order mark; YAML does not want it. */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Parses YAML text, keeping node positions so schema errors can name a line and column. */
export function parseYaml(file: string, text: string, options: ParseYamlOptions = {}): YamlSource {
  const lineOffset = options.lineOffset ?? 0;
  const { LineCounter, parseDocument } = yaml();
  const lineCounter = new LineCounter();
  const source = stripBom(text);
  const doc = parseDocument(source, { ...YAML_OPTIONS, lineCounter });

  const position = (offset: number) => {
    const { line, col } = lineCounter.linePos(offset);
    return { line: line + lineOffset, column: col };
  };
  const problems: Problem[] = doc.errors.map((error) => ({
    file,
    ...position(error.pos[0]),
    message: describeYamlError(error.code, error.message),
  }));

  let data: unknown;
  if (problems.length === 0) {
    try {
      data = doc.toJS(YAML_OPTIONS);
    } catch (error) {
      problems.push({ file, line: 1 + lineOffset, column: 1, message: aliasMessage(error) });
    }
  }

  return {
    file,
    data,
    problems,
    locate(path, locateOptions = {}) {
      const offset = findOffset(doc, path, locateOptions.key ?? false);
      return position(offset);
    },
  };
}

/**
 * A YAML text as a Document to edit in place (the editor), read with YAML_OPTIONS; its `toJS`
 * applies them too, so no caller falls back to the `yaml` package's own, lower alias limit.
 */
export function parseYamlDocument(text: string): Document.Parsed {
  const doc = yaml().parseDocument(text, YAML_OPTIONS);
  const toJS = doc.toJS.bind(doc);
  doc.toJS = (options = {}) => toJS({ ...YAML_OPTIONS, ...options });
  return doc;
}

function describeYamlError(code: string, message: string): string {
  const firstLine = message.split("\n")[0] ?? message;
  if (code === "TAB_AS_INDENT") return "tabs are not allowed for indentation in YAML; use spaces";
  if (code === "DUPLICATE_KEY") return "this key appears twice in the same mapping; keep one";
  return `invalid YAML: ${firstLine.replace(/ at line \d+, column \d+:?$/, "")}`;
}

function aliasMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  if (/alias/i.test(text)) {
    return `too many YAML aliases (more than ${MAX_ALIAS_COUNT}); expand them by hand`;
  }
  return `invalid YAML: ${text}`;
}

/** Walks the document along `path`; stops at the deepest node that exists. */
function findOffset(doc: Document, path: readonly PropertyKey[], wantKey: boolean): number {
  const { isMap, isPair, isSeq } = yaml();
  let node: unknown = doc.contents;
  let best = rangeStart(node) ?? 0;
  for (let i = 0; i < path.length; i++) {
    const segment = path[i];
    const last = i === path.length - 1;
    if (isMap(node)) {
      const pair = node.items.find((item) => isPair(item) && scalarValue(item.key) === String(segment));
      if (!pair) return best;
      const keyStart = rangeStart(pair.key);
      if (last && wantKey && keyStart !== undefined) return keyStart;
      node = pair.value;
      best = rangeStart(node) ?? keyStart ?? best;
    } else if (isSeq(node) && typeof segment === "number") {
      node = node.items[segment];
      if (node === undefined) return best;
      best = rangeStart(node) ?? best;
    } else {
      return best;
    }
  }
  return best;
}

function scalarValue(node: unknown): string | undefined {
  return yaml().isScalar(node) ? String(node.value) : undefined;
}

function rangeStart(node: unknown): number | undefined {
  const range = (node as Node | null | undefined)?.range;
  return range ? range[0] : undefined;
}
