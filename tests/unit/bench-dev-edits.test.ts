import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { editPhone, editTownIntro, middleTown } from "../../scripts/bench-dev-edits.ts";
import { REPO_ROOT } from "../helpers/sample-site.ts";

const SAMPLE = readFileSync(path.join(REPO_ROOT, "site.yaml"), "utf8");
type Site = { phone: { display: string; tel: string }; cities: Array<{ slug: string; intro: string }> };

describe("bench:dev's edits of site.yaml", () => {
  it("change one word of the middle town's paragraph and nothing else", () => {
    const town = middleTown(SAMPLE);
    const before = parse(SAMPLE) as Site;
    const after = parse(editTownIntro(SAMPLE, town.slug, 3)) as Site;
    expect(town.slug).toBe(before.cities[Math.floor(before.cities.length / 2)]!.slug);
    const words = (text: string) => text.split(/\s+/);
    const changed = words(after.cities[town.index]!.intro).filter((word, i) => word !== words(town.intro)[i]);
    expect(changed).toEqual([words(town.intro).at(-1)!.replace(/^[^.!?]+/, "edit3")]);
    expect({ ...after, cities: after.cities.filter((_, i) => i !== town.index) }).toEqual({ ...before, cities: before.cities.filter((_, i) => i !== town.index) });
  });

  it("give each save its own paragraph", () => {
    const { slug } = middleTown(SAMPLE);
    expect(editTownIntro(SAMPLE, slug, 1)).not.toBe(editTownIntro(SAMPLE, slug, 2));
  });

  it("change the phone's display and tel together, to the same number, leaving the commented example", () => {
    const edited = editPhone(SAMPLE, 5);
    const { phone } = parse(edited) as Site;
    expect(phone).toEqual({ display: "(951) 555-2005", tel: "+19515552005" });
    expect(edited.split("\n").length).toBe(SAMPLE.split("\n").length);
    expect(edited).toContain("#     display: (951) 555-0199");
  });
});
