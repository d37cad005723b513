import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createConfigMemo, cutTowns } from "../../src/config/config-memo.ts";
import { parseConfig } from "../../src/config/load-config.ts";
import { REPO_ROOT } from "../helpers/sample-site.ts";

const sample = readFileSync(path.join(REPO_ROOT, "site.yaml"), "utf8");
const caught = (read: () => unknown) => {
  try {
    read();
  } catch (error) {
    return String(error);
  }
  throw new Error("expected a failure");
};

describe("site.yaml read piece by piece (a dev server's rebuilds)", () => {
  it("gives what a whole read gives, for the sample and after edits of a town, of a fact and of both", () => {
    const memo = createConfigMemo();
    const edits = [
      sample,
      sample.replace("sits high in the windy", "sits high in the very windy"),
      sample.replace("display: (951) 555-0142", "display: (951) 555-0143").replace('tel: "+19515550142"', 'tel: "+19515550143"'),
      sample.replace("\n  - name: Banning\n", "\n  - name: Banning\n    # a comment in an entry\n"),
      sample,
    ];
    for (const text of edits) expect(memo.read(text, "site.yaml")).toEqual(parseConfig(text, "site.yaml"));
  });

  it("keeps each town that did not change the same object, and reads the changed one again", () => {
    const memo = createConfigMemo();
    const before = memo.read(sample, "site.yaml").site;
    const after = memo.read(sample.replace("sits high in the windy", "sits high in the very windy"), "site.yaml").site;
    const changed = after.cities.filter((city, index) => city !== before.cities[index]).map((city) => city.slug);
    expect(changed).toEqual(["banning"]);
    expect(after.phone).toBe(before.phone);
  });

  it("reports a mistake exactly as a whole read does, line and field, even in one town", () => {
    const memo = createConfigMemo();
    memo.read(sample, "site.yaml");
    for (const wrong of [sample.replace("    lat: 33.9256", "    lat: 333"), sample.replace('tel: "+19515550142"', 'tel: "call"'), sample.replace("nearby: [beaumont, calimesa, cherry-valley, san-jacinto]", "nearby: [beaumont, calimesa, nowhere]")]) {
      expect(caught(() => memo.read(wrong, "site.yaml"))).toBe(caught(() => parseConfig(wrong, "site.yaml")));
    }
  });

  it("cuts a plain block list of towns, and leaves a list it cannot cut safely to the whole read", () => {
    const cut = cutTowns("siteUrl: https://a.example\ncities:\n  - name: A\n    slug: a\n\n  - name: B\n    slug: b\nlanguages: []\n")!;
    expect(cut.towns).toEqual(["  - name: A\n    slug: a\n\n", "  - name: B\n    slug: b\n"]);
    expect(cut.rest).toBe("siteUrl: https://a.example\ncities:\nlanguages: []\n");
    expect(cutTowns("cities: [{name: A}]\n")).toBeUndefined();
    expect(cutTowns("cities:\n  - name: A\n---\nx: 1\n")).toBeUndefined();
    expect(cutTowns("cities:\n\t- name: A\n")).toBeUndefined();
  });
});
