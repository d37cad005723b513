import * as z from "zod";
import { cityIntrosSchema } from "../content/city-intros.ts";
import type { EditOp, Path } from "../yaml-edit/edit-ops.ts";
import { schemasFor, type EditorSchemas, type OwnPages } from "./schemas.ts";

type JsonSchema = Record<string, unknown>;

/** The forms' schemas by the site's services and own pages (only their structure is read: site.yaml's comments do not change it). */
const formsByServices = new Map<string, EditorSchemas & { cities: JsonSchema }>();

/** The JSON schema an editable file follows on a site with these services, or undefined for a file the build reads without one. */
function schemaOf(file: string, services: readonly string[], own: OwnPages): JsonSchema | undefined {
  const key = JSON.stringify([services, own.ids, own.priceNames]);
  let forms = formsByServices.get(key);
  if (!forms) {
    forms = { ...schemasFor(services, own), cities: z.toJSONSchema(cityIntrosSchema, { io: "input" }) as JsonSchema };
    formsByServices.set(key, forms);
  }
  if (file === "site.yaml") return forms.site;
  // content/ and content/<code>/ hold the same files, in each language; content/own/ is not a language's.
  const inContent = /^content\/(.+)$/.exec(file)?.[1];
  if (inContent === undefined) return undefined;
  const name = Object.hasOwn(forms.copy, inContent) ? inContent : inContent.replace(/^[a-z]{2,3}\//, "");
  if (name === "language.yaml") return forms.language;
  if (name === "cities.yaml") return forms.cities;
  if (/^blog\/[^/]+\.md$/.test(name)) return forms.article;
  if (/^legal\/[^/]+\.md$/.test(name)) return forms.legal;
  return Object.hasOwn(forms.copy, name) ? forms.copy[name] : undefined;
}

/**
 * The first operation of a save that names a key `file`'s schema does not know, with that key's
 * path; undefined when every key is one the file may have. The last key of a delete may be any:
 * a key the owner wrote by hand that the build no longer takes can still be removed.
 */
export function unknownKeyOf(file: string, ops: readonly EditOp[], services: readonly string[] = [], own: OwnPages = { ids: [], priceNames: [] }): { op: EditOp; path: Path } | undefined {
  const schema = schemaOf(file, services, own);
  if (!schema) return undefined;
  for (const op of ops) {
    const checked = op.op === "delete" ? op.path.slice(0, -1) : op.path;
    const depth = unknownAt(schema, checked);
    if (depth !== undefined) return { op, path: checked.slice(0, depth + 1) };
  }
  return undefined;
}

/** The position of the first key of `path` the schema does not allow there. */
function unknownAt(schema: JsonSchema, path: Path): number | undefined {
  let nodes = [schema];
  for (const [depth, key] of path.entries()) {
    nodes = nodes.flatMap(branches).flatMap((node) => childOf(node, key));
    if (nodes.length === 0) return depth;
  }
  return undefined;
}

/** A schema and the alternatives it lists (anyOf, oneOf, allOf): a key any of them knows is known. */
function branches(node: JsonSchema): JsonSchema[] {
  const listed = ["anyOf", "oneOf", "allOf"].flatMap((name) => (Array.isArray(node[name]) ? (node[name] as JsonSchema[]) : []));
  return [node, ...listed.flatMap(branches)];
}

/** The schemas of `key` under `node`; none when `node` does not allow it. A schema that says nothing of its shape allows any key. */
function childOf(node: JsonSchema, key: string | number): JsonSchema[] {
  const shaped = ["type", "properties", "additionalProperties", "items", "anyOf", "oneOf", "allOf", "enum", "const"].some((name) => name in node);
  if (!shaped) return [{}];
  if (typeof key === "number") {
    if (node.type !== "array" && !("items" in node)) return [];
    return [typeof node.items === "object" && node.items !== null ? (node.items as JsonSchema) : {}];
  }
  const properties = (node.properties ?? {}) as Record<string, JsonSchema>;
  if (Object.hasOwn(properties, key)) return [properties[key]!];
  if (node.type !== "object" && !("properties" in node) && !("additionalProperties" in node)) return [];
  const additional = node.additionalProperties;
  if (additional === false) return [];
  return [typeof additional === "object" && additional !== null ? (additional as JsonSchema) : {}];
}
