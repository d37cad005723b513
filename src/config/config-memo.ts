import { z } from "zod";
import { parseConfig, resultFor, type ConfigMemo, type LoadConfigResult } from "./load-config.ts";
import { runCrossChecks } from "./cross-checks.ts";
import { parseYamlFast } from "./read-yaml.ts";
import { citySchema, siteSchema, type City } from "./schema.ts";

/** site.yaml's settings with the towns left to their own pieces. */
const settingsSchema = siteSchema.extend({ cities: z.unknown() });

/**
 * site.yaml read again after a save, for a dev server: a site of 10,000 towns is a 5 MB file, and
 * a save changes one town. The text is cut into the towns' entries and the rest; each piece is
 * parsed and validated once per text it has, so an unchanged town is the very same object as
 * before (which later stages recognise at once), and only what changed is read again. Any piece
 * this cannot read alone, or any problem at all, sends the whole text the usual way
 * (load-config.ts), which says where each problem is: the result is always what parseConfig
 * gives, only sooner.
 */
export function createConfigMemo(): ConfigMemo {
  let last: { text: string; result: LoadConfigResult } | undefined;
  let rest: { text: string; data: Record<string, unknown> } | undefined;
  let towns = new Map<string, City>();

  const piecewise = (text: string): LoadConfigResult | undefined => {
    const pieces = cutTowns(text);
    if (!pieces) return undefined;
    if (rest?.text !== pieces.rest) {
      const read = parseYamlFast(pieces.rest);
      const parsed = read && read.data !== null && typeof read.data === "object" ? settingsSchema.safeParse(read.data) : undefined;
      if (!parsed?.success) return undefined;
      rest = { text: pieces.rest, data: parsed.data as Record<string, unknown> };
    }
    const next = new Map<string, City>();
    const cities: City[] = [];
    for (const entry of pieces.towns) {
      let city = towns.get(entry) ?? next.get(entry);
      if (!city) {
        const read = parseYamlFast(entry);
        const parsed = Array.isArray(read?.data) && read.data.length === 1 ? citySchema.safeParse(read.data[0]) : undefined;
        if (!parsed?.success) return undefined;
        city = parsed.data;
      }
      next.set(entry, city);
      cities.push(city);
    }
    towns = next;
    if (cities.length === 0) return undefined;
    const site = { ...rest.data, cities } as LoadConfigResult["site"];
    if (runCrossChecks(site).length > 0) return undefined;
    return resultFor(site);
  };

  return {
    read(text, file) {
      if (last?.text === text) return last.result;
      const result = piecewise(text) ?? parseConfig(text, file);
      last = { text, result };
      return result;
    },
  };
}

/**
 * site.yaml's text as the entries of its top-level `cities:` block list (each from its `- ` line
 * to the next), where they start and end, and the rest (the text without them); undefined when the list is not written as
 * a plain block list one entry per `- ` at one indent, or the file has anything that makes
 * reading its lines apart unsafe (a document marker, a tab, a `cities:` key written twice).
 */
export function cutTowns(text: string): { rest: string; towns: string[]; start: number; end: number } | undefined {
  const key = /^cities:[ \t]*(?:#.*)?$/m.exec(text);
  if (!key || text.indexOf("\ncities:", key.index + 1) >= 0 || /^(?:---|\.\.\.)/m.test(text) || text.includes("\t")) return undefined;
  const start = text.indexOf("\n", key.index) + 1;
  if (start === 0) return undefined;
  const first = /^([ ]*)- /m.exec(text.slice(start));
  if (!first || text.slice(start, start + first.index).trim() !== "") return undefined;
  const item = `${first[1]}- `;
  const towns: string[] = [];
  let at = start + first.index;
  let entry = at;
  let end = text.length;
  // Line by line from the first entry: a line at the list's indent starting `- ` opens the next
  // entry; a line less indented than the entries' keys (not blank, not a comment) ends the list.
  // Lines are looked at where they are, not copied out: most are an entry's keys, known by their indent.
  const keys = `${first[1]}  `;
  while (at < text.length) {
    const next = text.indexOf("\n", at);
    const lineEnd = next < 0 ? text.length : next + 1;
    if (text.startsWith(item, at)) {
      if (at !== entry) towns.push(text.slice(entry, at));
      entry = at;
    } else if (!text.startsWith(keys, at)) {
      const line = text.slice(at, lineEnd);
      if (line.trim() !== "" && !line.trimStart().startsWith("#")) {
        end = at;
        break;
      }
    }
    at = lineEnd;
  }
  towns.push(text.slice(entry, end));
  const from = start + first.index;
  return { rest: text.slice(0, from) + text.slice(end), towns, start: from, end };
}
