import { CORE_SCHEMA, load } from "js-yaml";
import type { z } from "zod";
import type { Problem } from "../errors.ts";
import { parseYaml, stripBom, type YamlSource } from "./yaml-source.ts";
import { PARSE_OPTIONS, zodIssuesToProblems } from "./zod-problems.ts";

/** Anchors and aliases: the only YAML that can expand exponentially ("billion laughs"). */
const ANCHOR_OR_ALIAS = /(?:^|[\s[{,:-])[&*][^\s[\]{},]/m;
/**
 * Where the two parsers read values differently, the careful one decides: directives
 * (`%YAML 1.1`), tags (`!!float 60`), binary numbers (`0b101`), bare carriage returns.
 */
const PARSERS_MAY_DIFFER = /^%|(?:^|[\s[{,:-])!|\b0b[01]|\r(?!\n)/m;

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
    return { data: load(source, { schema: CORE_SCHEMA, json: false }) };
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
  const source = () => (careful ??= parseYaml(file, text));
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
    problems.push({ file, line: 1, column: 1, message: wrong });
    return undefined;
  }
  const parsed = schema.safeParse(yaml.data ?? {}, PARSE_OPTIONS);
  if (!parsed.success) {
    problems.push(...zodIssuesToProblems(parsed.error.issues, yaml, schema));
    return undefined;
  }
  return { data: parsed.data, source };
}
