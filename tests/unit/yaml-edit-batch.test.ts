import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { parseDocument } from "yaml";
import { describe, expect, it } from "vitest";
import { applyOp, applyOpsToData, type EditOp, type Path } from "../../src/yaml-edit/edit-ops.ts";
import { applyYamlEdits, applyYamlEditsInTurns } from "../../src/yaml-edit/yaml-edit.ts";
import { ROOT } from "../helpers/sample-data.ts";

type Data = Record<string, unknown> | unknown[];

/** Every place in `data` (its collections and their values), by path. */
function places(data: unknown, at: Path = []): Array<{ path: Path; value: unknown }> {
  const here = [{ path: at, value: data }];
  if (Array.isArray(data)) return [...here, ...data.flatMap((item, i) => places(item, [...at, i]))];
  if (data && typeof data === "object") return [...here, ...Object.entries(data).flatMap(([key, value]) => places(value, [...at, key]))];
  return here;
}

/** An operation the editor could send for `data`, chosen by `pick` (a number from 0 to 1 per choice). */
function someOp(data: unknown, pick: () => number, n: number): EditOp | undefined {
  const all = places(data).filter((place) => place.path.length > 0);
  const choose = <T,>(items: T[]): T => items[Math.floor(pick() * items.length)]!;
  const lists = all.filter((place) => Array.isArray(place.value)) as Array<{ path: Path; value: unknown[] }>;
  const groups = places(data).filter((place) => place.value && typeof place.value === "object" && !Array.isArray(place.value));
  const scalars = all.filter((place) => typeof place.value !== "object" || place.value === null);
  const values: unknown[] = [`Text ${n}`, n, `Two words, ${n}: and "quotes"`, [`a${n}`, `b${n}`], { name: `Name ${n}`, slug: `slug-${n}` }];
  switch (Math.floor(pick() * 6)) {
    case 0:
      return scalars.length ? { op: "set", path: choose(scalars).path, value: choose(values.slice(0, 3)) } : undefined;
    case 1: {
      const group = choose(groups);
      return { op: "set", path: [...group.path, `added${n}`], value: choose(values) };
    }
    case 2:
      return { op: "delete", path: choose(all).path };
    case 3: {
      if (!lists.length) return undefined;
      const list = choose(lists);
      const like = list.value.length ? structuredClone(list.value[Math.floor(pick() * list.value.length)]) : `item ${n}`;
      return { op: "insert", path: list.path, index: Math.floor(pick() * (list.value.length + 1)), value: like };
    }
    case 4: {
      const long = lists.filter((list) => list.value.length >= 2);
      if (!long.length) return undefined;
      const list = choose(long);
      return { op: "move", path: list.path, from: Math.floor(pick() * list.value.length), to: Math.floor(pick() * list.value.length) };
    }
    default:
      return scalars.length ? { op: "set", path: choose(all).path, value: choose(values) } : undefined;
  }
}

/** `count` operations in a row, each made for the data the ones before it leave. */
function someOps(data: Data, seed: number, count: number): EditOp[] {
  const random = fc.sample(fc.double({ min: 0, max: 0.999999, noNaN: true }), { seed, numRuns: count * 20 });
  const pick = () => random.pop() ?? 0;
  const ops: EditOp[] = [];
  let current: unknown = structuredClone(data);
  for (let n = 0; ops.length < count && random.length > 0; n++) {
    const op = someOp(current, pick, n);
    if (!op) continue;
    ops.push(op);
    current = applyOp(current, op);
  }
  return ops;
}

const files = ["site.yaml", "content/faq.yaml", "content/pages/home.yaml", "content/es/cities.yaml"];

/** A few lines with every kind of node the sample's files have: short lists are emptied, filled and moved often. */
const small = [
  "# The file's header.",
  "name: Gopher Co # the owner's name",
  "towns:",
  "  # The first town.",
  "  - name: Menifee",
  '    zip: "92584"',
  "    areas: [Sun City, Quail Valley]",
  "  - name: Hemet",
  "    intro: >-",
  "      A long paragraph folded over",
  "      two lines.",
  "tags:",
  "- one",
  "- two",
  "empty:",
  "steps:",
  "  - title: Call",
  "    # Then:",
  "  - title: Trap",
  "",
].join("\n");

describe("a save of many operations", () => {
  // applyYamlEdits parses the file once and keeps its nodes in step with each edit; given one
  // operation at a time, it parses the file fresh each time. The two must write the same text.
  it("a small file with every kind of node: all at once is byte for byte what one at a time makes", () => {
    const data = parseDocument(small).toJS() as Data;
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const ops = someOps(data, seed, 16);
        const together = applyYamlEdits(small, ops);
        expect(together).toBe(ops.reduce((current, op) => applyYamlEdits(current, [op]), small));
        expect(parseDocument(together).toJS()).toEqual(applyOpsToData(data, ops));
      }),
      { numRuns: 300, seed: 20261125 },
    );
  });

  // Sequences random ones seldom make: a list's first item replaced or moved, then the list emptied
  // (its start is its new first item's); an item added at a list's end, then the list replaced or
  // removed; an item added after another, then that one removed (which must not take the new one).
  it.each<EditOp[]>([
    [{ op: "move", path: ["towns"], from: 1, to: 0 }, { op: "delete", path: ["towns", 1] }, { op: "delete", path: ["towns", 0] }],
    [{ op: "insert", path: ["tags"], index: 0, value: "zero" }, { op: "delete", path: ["tags", 1] }, { op: "delete", path: ["tags", 1] }, { op: "delete", path: ["tags", 0] }],
    [{ op: "insert", path: ["steps"], index: 2, value: { title: "Done" } }, { op: "delete", path: ["steps"] }],
    [{ op: "insert", path: ["tags"], index: 2, value: "three" }, { op: "set", path: ["tags"], value: { a: 1 } }],
    [{ op: "insert", path: ["towns"], index: 1, value: { name: "Perris" } }, { op: "delete", path: ["towns", 0] }, { op: "move", path: ["towns"], from: 1, to: 0 }],
  ])("the small file: %j and the rest all at once are what they make one at a time", (...ops) => {
    expect(applyYamlEdits(small, ops)).toBe(ops.reduce((current, op) => applyYamlEdits(current, [op]), small));
  });

  it.each(files)("%s: all at once is byte for byte what one at a time makes, and holds the values they make", (file) => {
    const text = readFileSync(path.join(ROOT, file), "utf8");
    const data = parseDocument(text).toJS() as Data;
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const ops = someOps(data, seed, 12);
        const together = applyYamlEdits(text, ops);
        const oneByOne = ops.reduce((current, op) => applyYamlEdits(current, [op]), text);
        expect(together).toBe(oneByOne);
        expect(parseDocument(together).toJS()).toEqual(applyOpsToData(data, ops));
      }),
      { numRuns: 12, seed: 23 },
    );
  });

  it("lets other work run between its turns (the server answers other requests meanwhile), writing what it writes in one go", async () => {
    const text = readFileSync(path.join(ROOT, "site.yaml"), "utf8");
    const towns = (parseDocument(text).toJS().cities as unknown[]).length;
    const ops: EditOp[] = Array.from({ length: 1000 }, (_, i) => ({ op: "set", path: ["cities", i % towns, "intro"], value: `Paragraph ${i}.` }));
    let turns = 0;
    let done = false;
    const turn = () => {
      if (done) return;
      turns++;
      setImmediate(turn);
    };
    setImmediate(turn);
    const saved = await applyYamlEditsInTurns(text, ops);
    done = true;
    expect(turns).toBeGreaterThanOrEqual(9);
    expect(saved).toBe(applyYamlEdits(text, ops));
  });
});
