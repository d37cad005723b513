import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseDocument } from "yaml";
import { describe, expect, it } from "vitest";
import { diffOps, listOps, type EditOp } from "../../src/editor/edit-ops.ts";
import { applyYamlEdits } from "../../src/editor/yaml-edit.ts";
import { ROOT } from "../helpers/sample-data.ts";

/** Every YAML file of the sample (site.yaml and content/**\/*.yaml), and of the examples. */
function sampleYamlFiles(): string[] {
  const yamlUnder = (folder: string) =>
    readdirSync(path.join(ROOT, folder), { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".yaml"))
      .map((file) => path.join(folder, file))
      .sort();
  const examples = existsSync(path.join(ROOT, "examples")) ? yamlUnder("examples") : [];
  return ["site.yaml", ...yamlUnder("content"), ...examples];
}

/** Sets every scalar leaf to the value it already has. */
function sameValueOps(data: unknown, at: Array<string | number> = []): EditOp[] {
  if (Array.isArray(data)) return data.flatMap((item, i) => sameValueOps(item, [...at, i]));
  if (data && typeof data === "object") return Object.entries(data).flatMap(([key, value]) => sameValueOps(value, [...at, key]));
  return [{ op: "set", path: at, value: data }];
}

/** Lines removed and added, as `diff` counts them (a changed line is one of each). */
function changedLines(before: string, after: string): { removed: string[]; added: string[] } {
  const a = before.split("\n");
  const b = after.split("\n");
  let start = 0;
  while (start < a.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  return { removed: a.slice(start, endA), added: b.slice(start, endB) };
}

const site = readFileSync(path.join(ROOT, "site.yaml"), "utf8");
const siteData = parseDocument(site).toJS();

describe("saving a YAML file the owner wrote", () => {
  it.each(sampleYamlFiles())("%s loaded and saved without a change is byte-identical", (file) => {
    const text = readFileSync(path.join(ROOT, file), "utf8");
    const data = parseDocument(text).toJS();
    expect(diffOps(data, structuredClone(data))).toEqual([]);
    expect(applyYamlEdits(text, sameValueOps(data))).toBe(text);
  });

  it("changes the phone number's two lines and nothing else, quoting kept", () => {
    const after = structuredClone(siteData);
    after.phone = { display: "(909) 555-0199", tel: "+19095550199" };
    const saved = applyYamlEdits(site, diffOps(siteData, after));
    expect(changedLines(site, saved)).toEqual({
      removed: ["  display: (951) 555-0142", '  tel: "+19515550142"'],
      added: ["  display: (909) 555-0199", '  tel: "+19095550199"'],
    });
  });

  it("rewrites a folded paragraph only where it is, in its own style", () => {
    const after = structuredClone(siteData);
    after.cities[2].intro = "Bonsall is horse country. ".repeat(8).trim();
    const saved = applyYamlEdits(site, diffOps(siteData, after));
    const { removed, added } = changedLines(site, saved);
    expect(removed.every((line) => line.startsWith("      "))).toBe(true);
    expect(added[0]).toMatch(/^ {6}Bonsall is horse country\./);
    expect(parseDocument(saved).toJS()).toEqual(after);
  });

  it("edits a flow list in flow style", () => {
    const after = structuredClone(siteData);
    after.cities[1].neighborhoods.push("Newhood");
    const saved = applyYamlEdits(site, diffOps(siteData, after));
    expect(changedLines(site, saved).added).toEqual(["    neighborhoods: [Sundance, Fairway Canyon, Three Rings Ranch, Oak Valley Greens, Newhood]"]);
  });

  it("adds a mapping, deletes a key, and keeps the comments around them", () => {
    const after = structuredClone(siteData);
    after.reviews.rating = { average: 4.9, count: 112 };
    delete after.brand.shareImageAlt;
    const saved = applyYamlEdits(site, diffOps(siteData, after));
    expect(parseDocument(saved).toJS()).toEqual(after);
    expect(saved).toContain("  rating:\n    average: 4.9\n    count: 112\n");
    expect(saved.match(/^\s*#.*$/gm)).toEqual(site.match(/^\s*#.*$/gm));
  });

  it("sets a key under an empty value (`reviews:`), which becomes its group of fields", () => {
    const text = "reviews:\nfaq: []\n";
    expect(applyYamlEdits(text, [{ op: "set", path: ["reviews", "rating", "count"], value: 112 }])).toBe("reviews:\n  rating:\n    count: 112\nfaq: []\n");
  });

  it("removes, moves and adds towns with their lines, other towns' text untouched", () => {
    const towns = siteData.cities as Array<{ slug: string }>;
    const current = towns.filter((_, i) => i !== 4);
    const origins: Array<number | undefined> = towns.map((_, i) => i).filter((i) => i !== 4);
    current.splice(0, 0, current.splice(6, 1)[0]!);
    origins.splice(0, 0, origins.splice(6, 1)[0]);
    const added = { ...towns[0]!, name: "Sun City", slug: "sun-city" };
    const saved = applyYamlEdits(site, listOps(["cities"], towns, [...current, added], [...origins, undefined]));
    const data = parseDocument(saved).toJS();
    expect(data.cities.map((town: { slug: string }) => town.slug)).toEqual([...current, added].map((town) => town.slug));
    const banning = site.slice(site.indexOf("  - name: Banning"), site.indexOf("  - name: Beaumont"));
    expect(saved).toContain(banning);
  });
});
