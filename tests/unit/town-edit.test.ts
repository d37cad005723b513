import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { EditOp } from "../../src/yaml-edit/edit-ops.ts";
import { applyTownEdits } from "../../src/editor/town-edit.ts";
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
