import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseYamlFast } from "../../src/config/read-yaml.ts";
import { createSiteValuesMemo } from "../../src/editor/site-values.ts";
import { REPO_ROOT } from "../helpers/sample-site.ts";

const sample = readFileSync(path.join(REPO_ROOT, "site.yaml"), "utf8");
const whole = (text: string) => parseYamlFast(text)?.data;

describe("site.yaml's values read piece by piece (the editor's answer to a save)", () => {
  it("are the whole text's values, keys in the same order, for the sample and after edits of a town, a fact, a comment and the list's end", () => {
    const memo = createSiteValuesMemo();
    const edits = [
      sample,
      sample.replace("sits high in the windy", "sits high in the very windy"),
      sample.replace("display: (951) 555-0142", "display: (951) 555-0143").replace('tel: "+19515550142"', 'tel: "+19515550143"'),
      sample.replace("\n  - name: Banning\n", "\n  - name: Banning\n    # a comment in an entry\n"),
      sample.replace("\ncities:\n", "\ncities:   # the towns\n"),
      `${sample}\nextraAtTheEnd: 1\n`,
      sample,
    ];
    for (const text of edits) {
      const values = memo.read(text);
      expect(values).toEqual(whole(text));
      expect(JSON.stringify(values)).toBe(JSON.stringify(whole(text)));
    }
  });

  it("parses only the town that changed, and keeps the others the same objects, frozen", () => {
    const memo = createSiteValuesMemo();
    const before = memo.read(sample)!.cities as Array<{ slug: string }>;
    const after = memo.read(sample.replace("sits high in the windy", "sits high in the very windy"))!.cities as Array<{ slug: string }>;
    expect(after.filter((town, index) => town !== before[index]).map((town) => town.slug)).toEqual(["banning"]);
    expect(Object.isFrozen(after[0])).toBe(true);
    expect(() => {
      (after[0] as { slug: string }).slug = "changed";
    }).toThrow(TypeError);
  });

  it("leaves to the whole read a text it cannot cut: anchors, a flow list, no towns, a town that does not parse alone", () => {
    const memo = createSiteValuesMemo();
    expect(memo.read(sample.replace("\n  - name: Banning\n", "\n  - &first\n    name: Banning\n"))).toBeUndefined();
    expect(memo.read("name: A\ncities: [{ slug: a }]\n")).toBeUndefined();
    expect(memo.read("name: A\n")).toBeUndefined();
    expect(memo.read("name: A\ncities:\n  - slug: a\n    intro: [unclosed\n")).toBeUndefined();
  });
});
