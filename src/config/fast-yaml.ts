import { CORE_SCHEMA, load } from "js-yaml";
import { stripBom } from "./yaml-source.ts";

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
