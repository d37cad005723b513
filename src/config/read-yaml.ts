import { load } from "js-yaml";
import { z } from "zod";
import type { Problem } from "../errors.ts";
import { JS_YAML_OPTIONS } from "./yaml-options.ts";
import { parseYaml, stripBom, type YamlSource } from "./yaml-source.ts";
import { PARSE_OPTIONS, zodIssuesToProblems } from "./zod-problems.ts";

/** Anchors and aliases: the only YAML that can expand exponentially ("billion laughs"). */
const ANCHOR_OR_ALIAS = /(?:^|[\s[{,:-])[&*][^\s[\]{},]/m;
/**
 * Where the two parsers read values differently, the careful one decides (tests/unit/yaml-reading.test.ts):
 * directives (`%YAML 1.1`), tags (`!!float 60`), binary and signed hexadecimal or octal numbers
 * (`0b101`, `-0x1F`), signed floats without a leading digit (`-.5`), lists or explicit keys as keys
 * (`[a]: b`, `? a`), bare carriage returns.
 */
const PARSERS_MAY_DIFFER = new RegExp(
  [
    /^%|(?:^|[\s[{,:-])(?:!|0b|[-+]0[xo]|[-+]\.\d)|\r(?!\n)/.source,
    // A list or group as a key: on a line (or a value) that starts with one, not `{city}: ` in a sentence.
    /(?:^[ \t]*(?:-[ \t]+)*|:[ \t]+)[[{].*[\]}][ \t]*:(?:[ \t]|$)/.source,
    /(?:^[ \t]*(?:-[ \t]+)*|[[{,][ \t]*)\?(?:[ \t]|$)/.source,
  ].join("|"),
  "m",
);

/**
 * Parses YAML quickly (js-yaml is several times faster than the `yaml` package on large files)
 * when it is safe: no anchors or aliases, and the text parses. Returns undefined otherwise, so
 * the caller takes the careful path that knows line numbers and limits aliases. Both read YAML
 * 1.2's core schema (a date stays text, `yes` stays text); the few constructs where they read
 * values differently go to the careful path too.
 */
export function parseYamlFast(text: string): { data: unknown } | undefined {
  const source = stripBom(text);
  if (ANCHOR_OR_ALIAS.test(source) || PARSERS_MAY_DIFFER.test(source)) return undefined;
  try {
    return { data: load(source, JS_YAML_OPTIONS) };
  } catch {
    return undefined;
  }
}

/** Valid YAML data, and the text parsed with positions (on first use) to locate later problems in it. */
export interface CheckedYaml<T> {
  data: T;
  source(): YamlSource;
}

export interface ReadYamlOptions {
  /** Lines above the text in its file: front matter starts below the opening `---`. */
  lineOffset?: number;
  /** A problem with the whole document (an empty file, a list where settings belong), reported at its first line. */
  wholeDocument?: (data: unknown) => string | undefined;
}

/**
 * Reads a YAML text (site.yaml, a copy file, front matter) and validates it with `schema`. The
 * fast parser reads a valid text; a text it cannot read, or invalid data, is parsed again by the
 * careful parser, which says where each problem is. Problems are pushed, all at once; undefined
 * is returned when there is any.
 */
export function readYaml<S extends z.ZodType>(
  file: string,
  text: string,
  schema: S,
  problems: Problem[],
  options: ReadYamlOptions = {},
): CheckedYaml<z.output<S>> | undefined {
  let careful: YamlSource | undefined;
  const lineOffset = options.lineOffset ?? 0;
  const source = () => (careful ??= parseYaml(file, text, { lineOffset }));
  const fast = parseYamlFast(text);
  if (fast && !options.wholeDocument?.(fast.data)) {
    const parsed = schema.safeParse(fast.data ?? {});
    if (parsed.success) return { data: parsed.data, source };
  }
  const yaml = source();
  if (yaml.problems.length > 0) {
    problems.push(...yaml.problems);
    return undefined;
  }
  const wrong = options.wholeDocument?.(yaml.data);
  if (wrong) {
    problems.push({ file, line: 1 + lineOffset, column: 1, message: wrong });
    return undefined;
  }
  const parsed = schema.safeParse(yaml.data ?? {}, PARSE_OPTIONS);
  if (!parsed.success) {
    problems.push(...zodIssuesToProblems(parsed.error.issues, yaml, schema));
    return undefined;
  }
  return { data: parsed.data, source };
}

/**
 * A YAML text's values exactly as the build reads them, without a schema (the editor's forms):
 * undefined, with the problems pushed, when the build would refuse the text itself.
 */
export function readYamlValues(file: string, text: string, problems: Problem[], options: ReadYamlOptions = {}): { data: unknown } | undefined {
  return readYaml(file, text, z.unknown(), problems, options);
}
