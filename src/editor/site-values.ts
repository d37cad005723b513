import { cutTowns } from "../config/config-memo.ts";
import { parseYamlFast } from "../config/read-yaml.ts";

/**
 * site.yaml's values as the editor shows them, read again after every save: a site of 10,000 towns
 * is a 5 MB file, and a save changes one town. As the build's memo does (src/config/config-memo.ts),
 * the text is cut into its towns' entries and the rest; each entry is parsed once per text it has
 * and kept, frozen, for the next read. Undefined when the text cannot be read in pieces (any
 * anchor, a list not written one entry per `- `, a piece that does not parse alone): the caller
 * reads the whole text, which says where a problem is. The values are always those the whole
 * text's parse gives, in the same order (tests/unit/site-values.test.ts).
 */
export function createSiteValuesMemo() {
  let towns = new Map<string, unknown>();

  return {
    read(text: string): Record<string, unknown> | undefined {
      const pieces = cutTowns(text);
      if (!pieces) return undefined;
      const rest = parseYamlFast(pieces.rest)?.data;
      // The rest keeps the `cities:` key where it was, empty: the towns go back in its place.
      if (rest === null || typeof rest !== "object" || Array.isArray(rest) || !Object.hasOwn(rest, "cities") || (rest as Record<string, unknown>).cities !== null) return undefined;
      const next = new Map<string, unknown>();
      const cities: unknown[] = [];
      for (const entry of pieces.towns) {
        let town = next.has(entry) ? next.get(entry) : towns.get(entry);
        if (town === undefined) {
          const read = parseYamlFast(entry)?.data;
          if (!Array.isArray(read) || read.length !== 1) return undefined;
          town = deepFreeze(read[0]);
        }
        next.set(entry, town);
        cities.push(town);
      }
      towns = next;
      return { ...(rest as Record<string, unknown>), cities };
    },
  };
}

/** Kept from one read to the next, a town's values are shared: frozen, so no reader can change another's. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
