import { CORE_SCHEMA, type LoadOptions } from "js-yaml";
import type { DocumentOptions, ParsedNode, ParseOptions, SchemaOptions, ToJSOptions } from "yaml";

/** Aliases are legitimate, but a few hundred is already an attack ("billion laughs"). */
export const MAX_ALIAS_COUNT = 200;

/**
 * Two keys of one mapping that would be one key of its JavaScript object (`1` and `'1'`, `true`
 * and `'true'`): the `yaml` package tells them apart and keeps the last one's value; js-yaml
 * refuses them. Refused by both, nothing the owner wrote is silently dropped.
 */
function sameKey(a: ParsedNode, b: ParsedNode): boolean {
  return a === b || ("value" in a && "value" in b && String(a.value) === String(b.value));
}

/**
 * How every YAML text of a project is read: by the build, `check` and the editor alike, so a file
 * one of them accepts is never refused or read differently by another. YAML 1.2's core schema
 * (`yes` and `on` stay text, `010` is ten, a date stays text, `<<` is an ordinary key), a key
 * twice in one mapping refused (sameKey), at most MAX_ALIAS_COUNT uses of aliases. The `yaml`
 * package takes the alias limit when a document is turned into values, not when it is parsed:
 * every `toJS` must be given these options too (yaml-source.ts's parseYamlDocument does).
 */
export const YAML_OPTIONS = {
  version: "1.2",
  schema: "core",
  merge: false,
  uniqueKeys: sameKey,
  maxAliasCount: MAX_ALIAS_COUNT,
  prettyErrors: false,
} as const satisfies ParseOptions & DocumentOptions & SchemaOptions & ToJSOptions;

/**
 * The same reading for js-yaml, the fast parser (scripts/bench-yaml.mjs: ten times faster on a
 * large site.yaml): its core schema, and `json: false` refuses a key twice (as sameKey does). It
 * has no alias limit: read-yaml.ts gives it no text with an anchor or alias.
 */
export const JS_YAML_OPTIONS: LoadOptions = {
  schema: CORE_SCHEMA,
  json: false,
};
