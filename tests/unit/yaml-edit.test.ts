import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseDocument } from "yaml";
import { describe, expect, it } from "vitest";
import { applyOpsToData, diffOps, listOps, type EditOp } from "../../src/yaml-edit/edit-ops.ts";
import { applyYamlEdits, EditRefused } from "../../src/yaml-edit/yaml-edit.ts";
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
  it("writes nothing for an optional group the form holds empty (the emergency line's fields left blank)", () => {
    const after = { ...structuredClone(siteData), emergency: { phone: { display: "", tel: undefined } }, notice: {} };
    expect(diffOps(siteData, after)).toEqual([]);
    const cleared = { ...structuredClone(siteData), warranty: { days: undefined, noSetupChargeDays: "" } };
    expect(diffOps(siteData, cleared)).toEqual([{ op: "delete", path: ["warranty"] }]);
  });

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

describe("the comments above a list item", () => {
  const text = [
    "towns:",
    "  # The first town we served.",
    "  - name: Menifee",
    "    zip: \"92584\"",
    "  # Our home town;",
    "  # the office is here.",
    "  - name: Hemet",
    "    zip: \"92543\"",
    "  - name: Perris",
    "    zip: \"92570\"",
    "",
  ].join("\n");

  it("move with it, to the end and to the top", () => {
    const toEnd = applyYamlEdits(text, [{ op: "move", path: ["towns"], from: 0, to: 2 }]);
    expect(toEnd).toBe(["towns:", "  # Our home town;", "  # the office is here.", "  - name: Hemet", '    zip: "92543"', "  - name: Perris", '    zip: "92570"', "  # The first town we served.", "  - name: Menifee", '    zip: "92584"', ""].join("\n"));
    const toTop = applyYamlEdits(text, [{ op: "move", path: ["towns"], from: 1, to: 0 }]);
    expect(toTop).toBe(["towns:", "  # Our home town;", "  # the office is here.", "  - name: Hemet", '    zip: "92543"', "  # The first town we served.", "  - name: Menifee", '    zip: "92584"', "  - name: Perris", '    zip: "92570"', ""].join("\n"));
  });

  it("go with it when it is removed; the other items' comments stay", () => {
    expect(applyYamlEdits(text, [{ op: "delete", path: ["towns", 1] }])).toBe(["towns:", "  # The first town we served.", "  - name: Menifee", '    zip: "92584"', "  - name: Perris", '    zip: "92570"', ""].join("\n"));
  });
});

describe("an edit that does not fit the file", () => {
  const text = "company:\n  name: Gopher Co # the owner's name\ntowns:\n  - Menifee\n  - Hemet\nreviews:\nfaq: { count: 2 }\n";

  it.each<[EditOp, string]>([
    [{ op: "set", path: ["company", "name", "first"], value: "x" }, 'the change "set company.name.first" does not fit the file: company.name is a single value ("Gopher Co"), not a group of fields or a list'],
    [{ op: "set", path: ["towns", 0, "zip"], value: "92586" }, 'the change "set towns.0.zip" does not fit the file: towns.0 is a single value ("Menifee"), not a group of fields or a list'],
    [{ op: "set", path: ["towns", "first"], value: "x" }, 'the change "set towns.first" does not fit the file: towns is a list: "first" is not a position in it'],
    [{ op: "set", path: ["towns", 5], value: "Perris" }, 'the change "set towns.5" does not fit the file: towns has 2 items: it has no position 5'],
    [{ op: "delete", path: ["towns", 2] }, 'the change "delete towns.2" does not fit the file: towns has 2 items: it has no position 2'],
    [{ op: "delete", path: ["brand", "logo"] }, 'the change "delete brand.logo" does not fit the file: there is nothing at brand'],
    [{ op: "insert", path: ["company"], index: 0, value: "x" }, 'the change "insert company" does not fit the file: company is not a list'],
    [{ op: "insert", path: ["towns"], index: 3, value: "Perris" }, 'the change "insert towns" does not fit the file: towns has 2 items: nothing can go at position 3'],
    [{ op: "insert", path: ["cities"], index: 0, value: "Perris" }, 'the change "insert cities" does not fit the file: there is nothing at cities'],
    [{ op: "move", path: ["towns"], from: 0, to: 2 }, 'the change "move towns" does not fit the file: towns has 2 items: it has no position 2'],
    [{ op: "move", path: ["faq"], from: 0, to: 1 }, 'the change "move faq" does not fit the file: faq is not a list'],
  ])("%j is refused with an EditRefused that says why", (op, message) => {
    expect(() => applyYamlEdits(text, [op])).toThrow(expect.objectContaining({ name: "EditRefused", message }));
  });

  it("is judged after the edits before it: a list's new last item can be edited in the same save", () => {
    const ops: EditOp[] = [
      { op: "insert", path: ["towns"], index: 2, value: "Perris" },
      { op: "set", path: ["towns", 2], value: "Sun City" },
    ];
    expect(applyYamlEdits(text, ops)).toBe(text.replace("  - Hemet\n", "  - Hemet\n  - Sun City\n"));
    expect(() => applyYamlEdits(text, [{ op: "delete", path: ["towns", 1] }, { op: "set", path: ["towns", 1, "x"], value: 1 }])).toThrow(
      new EditRefused('the change "set towns.1.x" does not fit the file: towns has 1 item: it has no position 1'),
    );
  });
});

describe("a key named like a part of every JavaScript object", () => {
  // The server refuses such a save (src/editor/save-request.ts); the edits themselves never write through the prototype either.
  const ops: EditOp[] = [
    { op: "set", path: ["__proto__", "polluted"], value: "yes" },
    { op: "set", path: ["constructor", "prototype", "polluted"], value: "yes" },
  ];

  it("is a key of the data and of the file, never the prototype every object shares", () => {
    const data = applyOpsToData({ name: "x" }, ops) as Record<string, unknown>;
    expect(Object.getPrototypeOf(data)).toBe(Object.prototype);
    expect(Object.keys(data)).toEqual(["name", "__proto__", "constructor"]);
    expect(applyYamlEdits("name: x\n", ops)).toBe("name: x\n__proto__:\n  polluted: yes\nconstructor:\n  prototype:\n    polluted: yes\n");
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
    expect((Function.prototype as unknown as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("a new item or a changed paragraph, written as the file around it is", () => {
  const towns = [
    "towns:",
    "  - name: Hemet",
    "    neighborhoods: [Valle Vista, East Hemet]",
    "    intro: >-",
    "      Hemet sits in the San Jacinto Valley, where old orchards and new tracts",
    "      share the same soft soil.",
    "",
    "  - name: Perris",
    "    neighborhoods: [May Ranch, Green Valley]",
    "    intro: >-",
    "      Perris spreads over flat farmland south of the lake.",
    "",
  ].join("\n");
  const sunCity = { name: "Sun City", neighborhoods: ["Cherry Hills", "Quail Creek"], intro: "Sun City is a retirement community where lawns, roses and golf course edges draw gophers from the open fields around Menifee." };

  it("a new town takes its neighbours' flow lists, folded paragraph, line width and blank lines", () => {
    const lines = [
      "  - name: Sun City",
      "    neighborhoods: [Cherry Hills, Quail Creek]",
      "    intro: >-",
      "      Sun City is a retirement community where lawns, roses and golf course",
      "      edges draw gophers from the open fields around Menifee.",
    ];
    const [hemet, perris] = [towns.slice(0, towns.indexOf("  - name: Perris")), towns.slice(towns.indexOf("  - name: Perris"))];
    expect(applyYamlEdits(towns, [{ op: "insert", path: ["towns"], index: 2, value: sunCity }])).toBe(`${towns}\n${lines.join("\n")}\n`);
    expect(applyYamlEdits(towns, [{ op: "insert", path: ["towns"], index: 1, value: sunCity }])).toBe(`${hemet}${lines.join("\n")}\n\n${perris}`);
  });

  it("a new town's paragraph in another language is set apart by a blank line, folded as the others are", () => {
    const es = "# Spanish.\n\nhemet:\n  intro: >-\n    Hemet está en el valle de San Jacinto, donde huertos viejos y fraccionamientos nuevos\n    comparten la misma tierra suave.\n\nperris:\n  intro: >-\n    Perris se extiende sobre tierras de cultivo.\n";
    const intro = "Sun City es una comunidad de retiro donde el césped, los rosales y las orillas del campo de golf atraen tuzas.";
    expect(applyYamlEdits(es, [{ op: "set", path: ["sun-city", "intro"], value: intro }])).toBe(
      `${es}\nsun-city:\n  intro: >-\n    Sun City es una comunidad de retiro donde el césped, los rosales y las orillas del\n    campo de golf atraen tuzas.\n`,
    );
  });

  it("a folded paragraph changed by a word keeps every other line byte-identical", () => {
    const faq = readFileSync(path.join(ROOT, "content/faq.yaml"), "utf8");
    const answer = parseDocument(faq).toJS().items[3].answer as string;
    const changed = applyYamlEdits(faq, [{ op: "set", path: ["items", 3, "answer"], value: answer.replace("same treated area", "same trapped area") }]);
    expect(changedLines(faq, changed)).toEqual({
      removed: ["      same treated area, only the standard per-gopher charge. From day 31 to day"],
      added: ["      same trapped area, only the standard per-gopher charge. From day 31 to day"],
    });
    // A longer change is folded again where it is: the lines before and after it stay.
    const longer = applyYamlEdits(faq, [{ op: "set", path: ["items", 3, "answer"], value: answer.replace("From day 31 to day", "From the thirty-first day up to day") }]);
    expect(changedLines(faq, longer)).toEqual({
      removed: ["      same treated area, only the standard per-gopher charge. From day 31 to day"],
      added: ["      same treated area, only the standard per-gopher charge. From the thirty-first day up", "      to day"],
    });
    expect(parseDocument(longer).toJS().items[3].answer).toBe(answer.replace("From day 31 to day", "From the thirty-first day up to day"));
  });
});
