import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { EditOp } from "../../src/yaml-edit/edit-ops.ts";
import { applyEditsBesideTowns, applyTownEdits } from "../../src/editor/town-edit.ts";
import { applyYamlEdits } from "../../src/yaml-edit/yaml-edit.ts";
import { REPO_ROOT } from "../helpers/sample-site.ts";

// The editor's quick path for a town's values (src/editor/town-edit.ts) writes exactly what the
// whole-file edit writes, byte for byte, or steps aside.
const sample = readFileSync(path.join(REPO_ROOT, "site.yaml"), "utf8");
const long = "Banning sits high in the windy San Gorgonio Pass. ".repeat(6).trim();

describe("a town's values edited in its entry alone", () => {
  const cases: Array<[string, EditOp[]]> = [
    ["its paragraph, short", [{ op: "set", path: ["cities", 0, "intro"], value: "A short paragraph." }]],
    ["its paragraph, long enough to fold", [{ op: "set", path: ["cities", 0, "intro"], value: long }]],
    ["its name and a coordinate", [{ op: "set", path: ["cities", 3, "name"], value: "Bonsall Hills" }, { op: "set", path: ["cities", 3, "lat"], value: 33.3 }]],
    ["one neighbourhood of its flow list", [{ op: "set", path: ["cities", 5, "neighborhoods", 1], value: "Old Town: East" }]],
    ["two towns at once", [{ op: "set", path: ["cities", 1, "intro"], value: "One." }, { op: "set", path: ["cities", 27, "intro"], value: "Last town's words, with a # and quotes \"here\"." }]],
  ];
  for (const [what, ops] of cases) {
    it(`writes what the whole-file edit writes: ${what}`, async () => {
      const quick = await applyTownEdits(sample, ops);
      expect(quick).toBeDefined();
      expect(quick).toBe(applyYamlEdits(sample, ops));
    });
  }

  it("steps aside where the neighbours may matter or the file's other parts change", async () => {
    const aside: EditOp[][] = [
      [{ op: "set", path: ["cities", 0, "region"], value: "CA" }],
      [{ op: "insert", path: ["cities"], index: 0, value: { name: "X" } }],
      [{ op: "set", path: ["cities", 0, "neighborhoods"], value: ["A", "B", "C", "D"] }],
      [{ op: "set", path: ["phone", "display"], value: "(951) 555-0100" }],
      [{ op: "set", path: ["cities", 999, "intro"], value: "Nowhere." }],
    ];
    for (const ops of aside) expect(await applyTownEdits(sample, ops)).toBeUndefined();
  });
});

describe("values beside the towns edited without the towns", () => {
  const cases: Array<[string, EditOp[]]> = [
    ["the phone", [{ op: "set", path: ["phone", "display"], value: "(951) 555-0100" }, { op: "set", path: ["phone", "tel"], value: "+19515550100" }]],
    ["the e-mail and the company's name", [{ op: "set", path: ["email"], value: "hello@example.com" }, { op: "set", path: ["company", "name"], value: "Gopher Guard & Sons" }]],
    ["a count, and a long description that folds", [{ op: "set", path: ["reviews", "count"], value: 212 }, { op: "set", path: ["company", "description"], value: long }]],
  ];
  for (const [what, ops] of cases) {
    it(`writes what the whole-file edit writes: ${what}`, async () => {
      const quick = await applyEditsBesideTowns(sample, ops);
      expect(quick).toBeDefined();
      expect(quick).toBe(applyYamlEdits(sample, ops));
    });
  }

  it("writes the same on a site of 1,000 towns, the list and its comments back where they were", async () => {
    const towns = Array.from({ length: 1000 }, (_, i) => `  - name: Town ${i}\n    slug: town-${i}\n    lat: 33.${i}\n    lng: -117.${i}\n    intro: Town ${i} is a test town.\n`).join("");
    const big = sample.replace(/^cities:\n/m, `cities:\n${towns}  # A comment between towns\n`);
    const ops: EditOp[] = [{ op: "set", path: ["phone", "display"], value: "(951) 555-0111" }, { op: "set", path: ["phone", "tel"], value: "+19515550111" }];
    expect(await applyEditsBesideTowns(big, ops)).toBe(applyYamlEdits(big, ops));
  });

  it("steps aside for a town's value, a new key or item, a list or mapping set, and a key not there", async () => {
    const aside: EditOp[][] = [
      [{ op: "set", path: ["cities", 0, "intro"], value: "Nope." }],
      [{ op: "set", path: ["phone"], value: { display: "1", tel: "+1" } }],
      [{ op: "set", path: ["founded"], value: 1999 }],
      [{ op: "insert", path: ["services"], index: 0, value: { id: "x" } }],
      [{ op: "delete", path: ["email"] }],
    ];
    for (const ops of aside) expect(await applyEditsBesideTowns(sample, ops)).toBeUndefined();
  });
});
