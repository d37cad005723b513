import * as z from "zod";
import { isMap, isPair, isScalar, isSeq, type Node } from "yaml";
import { siteJsonSchema } from "../config/json-schema.ts";
import { parseYamlDocument } from "../config/yaml-source.ts";
import { articleFrontMatter } from "../content/article-schema.ts";
import { legalFrontMatter, siteCopyFiles } from "../content/copy-schema.ts";
import { languageSettingsSchemaFor } from "../content/language-settings.ts";

type JsonSchema = Record<string, unknown>;

/** The forms' schemas, all generated from the build's zod schemas: the forms follow whatever they say. */
export interface EditorSchemas {
  site: JsonSchema;
  /** By path under content/ (`faq.yaml`, `pages/home.yaml`, each service's `services/<id>.yaml`). */
  copy: Record<string, JsonSchema>;
  article: JsonSchema;
  /** A legal page's front matter (content/legal/*.md and its translations). */
  legal: JsonSchema;
  /** content/<code>/language.yaml: what a language leaves untranslated, its addresses and words. */
  language: JsonSchema;
}

export function editorSchemas(siteYaml: string, values: unknown = parseYamlDocument(siteYaml).toJS()): EditorSchemas {
  const schemas = schemasFor(serviceIdsIn(values), ownPagesIn(values), townSlugsIn(values));
  addHelp(schemas.site, commentsByPath(firstItemsOnly(siteYaml)));
  return schemas;
}

/**
 * site.yaml with each top-level block list cut to its first item: the comments the forms show are
 * above keys and the first item's fields (commentsByPath), and a site of 10,000 towns is parsed in
 * milliseconds instead of seconds. Comment lines at the left margin just above the next key stay;
 * those between items go with them.
 */
export function firstItemsOnly(text: string): string {
  const kept: string[] = [];
  // After a key with no value on its line (`cities:`): the first line below says whether a block list follows.
  let afterKey = false;
  let list: { indent: number; items: number; end: number } | undefined;
  let held: string[] = [];
  for (const line of text.split("\n")) {
    const blankOrComment = line.trim() === "" || line.trimStart().startsWith("#");
    if (afterKey && !blankOrComment) {
      afterKey = false;
      const item = /^( *)-(?: |$)/.exec(line);
      if (item) list = { indent: item[1]!.length, items: 0, end: kept.length };
    }
    if (list) {
      const item = line.startsWith(`${" ".repeat(list.indent)}-`) && /^(?: |$)/.test(line.slice(list.indent + 1));
      if (item) list.items++;
      // The second item begins: the comments after the first one's last line are the second's.
      if (item && list.items === 2) kept.length = list.end;
      if (list.items === 1 && !blankOrComment) list.end = kept.length + 1;
      const inside = item || /^\s/.test(line);
      if (list.items <= 1 && (inside || blankOrComment)) {
        kept.push(line);
        continue;
      }
      if (list.items > 1 && inside) {
        held = [];
        continue;
      }
      if (list.items > 1 && blankOrComment) {
        held.push(line);
        continue;
      }
      // A key at the margin: the list ended; the comments just above it are its own.
      kept.push(...held);
      held = [];
      list = undefined;
    }
    kept.push(line);
    if (/^[^\s#-][^#]*:[ \t]*(?:#.*)?$/.test(line)) afterKey = true;
  }
  kept.push(...held);
  return kept.join("\n");
}

/** An own page's form: the site's own pages' ids and the prices their tables may name. */
export interface OwnPages {
  ids: readonly string[];
  priceNames: readonly string[];
}

/** The forms' schemas for a site with these services and own pages, without site.yaml's comments as help. */
export function schemasFor(services: readonly string[], own: OwnPages = { ids: [], priceNames: [] }, towns: readonly string[] = []): EditorSchemas {
  // The file's own title and "do not edit" note are for the schema file, not for the owner.
  const { title: _title, description: _description, ...site } = withoutDefaults(siteJsonSchema());
  // The thank-you page's copy too (site.yaml's leads): the forms show a file only where the site has it.
  const copy = Object.fromEntries(Object.entries(siteCopyFiles(services, { ownIds: own.ids, priceNames: own.priceNames, leads: true })).map(([name, schema]) => [name, formSchema(schema)]));
  return { site, copy, article: formSchema(articleFrontMatter), legal: formSchema(legalFrontMatter), language: formSchema(languageSettingsSchemaFor([...services, ...own.ids], towns, { townsListed: true })) };
}

/** The ids of the services in site.yaml's values (each a well-formed id); none while the list is not one. */
export function serviceIdsIn(site: unknown): string[] {
  return idsIn((site as { services?: unknown } | null | undefined)?.services);
}

/** The own pages' ids in site.yaml's values, and its prices' names. */
export function ownPagesIn(site: unknown): OwnPages {
  const prices = (site as { prices?: { items?: unknown } } | null | undefined)?.prices?.items;
  return { ids: idsIn((site as { pages?: unknown } | null | undefined)?.pages), priceNames: prices && typeof prices === "object" ? Object.keys(prices) : [] };
}

/** The towns' slugs in site.yaml's values (each well formed), for what a language may leave untranslated. */
export function townSlugsIn(site: unknown): string[] {
  const cities = (site as { cities?: unknown } | null | undefined)?.cities;
  if (!Array.isArray(cities)) return [];
  return cities.flatMap((city) => (typeof city?.slug === "string" && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(city.slug) ? [city.slug as string] : []));
}

function idsIn(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((item) => (typeof item?.id === "string" && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(item.id) ? [item.id as string] : []));
}

function formSchema(schema: z.ZodType): JsonSchema {
  return withoutDefaults(z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema);
}

/**
 * A default goes into the field's help ("Default: file") instead of the form's data: a form fills
 * its defaults into the data, and the save would then write keys the owner never touched.
 */
function withoutDefaults(schema: JsonSchema): JsonSchema {
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (!node || typeof node !== "object") return node;
    const out: JsonSchema = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === "default") continue;
      out[key] = key === "properties" ? Object.fromEntries(Object.entries(value as JsonSchema).map(([k, v]) => [k, visit(v)])) : visit(value);
    }
    const fallback = (node as JsonSchema).default;
    if (fallback !== undefined && (typeof fallback !== "object" || fallback === null)) {
      out.description = [out.description, `Default: ${String(fallback)}`].filter(Boolean).join(". ");
    }
    return out;
  };
  return visit(schema) as JsonSchema;
}

/** The comment lines above each key of site.yaml, by key path (list items as `items`). */
export function commentsByPath(text: string): Map<string, string> {
  const doc = parseYamlDocument(text);
  const found = new Map<string, string>();
  const walk = (node: unknown, at: string[]) => {
    if (isMap(node)) {
      node.items.forEach((pair, index) => {
        if (!isPair(pair) || !isScalar(pair.key)) return;
        const key = String(pair.key.value);
        // The paragraph right above the key is about it; earlier ones (the file's header, a
        // commented-out example) are not. The first key's comment is the file's header.
        const comment = index > 0 || at.length > 0 ? (pair.key as Node).commentBefore : undefined;
        const paragraph = comment?.split(/\n\s*\n/).at(-1);
        if (paragraph) found.set([...at, key].join("."), paragraph.split("\n").map((line) => line.trim()).join(" ").trim());
        walk(pair.value, [...at, key]);
      });
    } else if (isSeq(node) && node.items[0]) walk(node.items[0], [...at, "items"]);
  };
  walk(doc.contents, []);
  return found;
}

function addHelp(schema: JsonSchema, comments: Map<string, string>): void {
  for (const [dotted, comment] of comments) {
    let node: JsonSchema | undefined = schema;
    for (const key of dotted.split(".")) {
      if (!node) break;
      node = key === "items" ? (node.items as JsonSchema | undefined) : ((node.properties as Record<string, JsonSchema> | undefined)?.[key]);
    }
    // The owner's comment and the schema's line say the same thing in other words: the comment is
    // the help, once, with the default the schema names (which a comment rarely says).
    const fallback = typeof node?.description === "string" ? /(?:^|\. )(Default: .*)$/.exec(node.description)?.[1] : undefined;
    if (node) node.description = fallback && !comment.includes(fallback) ? `${comment} ${fallback}` : comment;
  }
}
