import { describe, expect, it } from "vitest";
import { listOps, applyOpsToData } from "../../src/yaml-edit/edit-ops.ts";
import { restoredTowns, townsDraft, type ListedTown } from "../../src/editor/app/town-drafts.ts";

// The Towns section's unsaved changes, kept in the browser and made again on the file as it is then:
// each town found by its slug, so a town added, moved or removed in the file meanwhile moves no change
// onto another town.
type Town = { name: string; slug: string; intro?: string };
const town = (slug: string, intro = `${slug} intro`): Town => ({ name: slug[0]!.toUpperCase() + slug.slice(1), slug, intro });
const file = [town("menifee"), town("murrieta"), town("temecula")];
const asRead = (towns: readonly Town[]): Array<ListedTown<Town>> => towns.map((each, origin) => ({ town: each, origin }));
/** The towns a save of `list` writes: what the section's Save would make of the file. */
const saved = (original: readonly Town[], list: ReadonlyArray<ListedTown<Town>>) =>
  (applyOpsToData({ cities: original }, listOps(["cities"], original, list.map((entry) => entry.town), list.map((entry) => entry.origin))) as { cities: Town[] }).cities;

describe("the towns' draft", () => {
  it("is none while the towns are as read, and only the changed town's changes, by its slug, once one is typed in", () => {
    expect(townsDraft(file, asRead(file))).toBeUndefined();
    // A town's form gives a new object with the same values: no change.
    expect(townsDraft(file, asRead(file.map((each) => ({ ...each }))))).toBeUndefined();
    const list = asRead(file);
    list[1] = { town: { ...file[1]!, intro: "Typed on the phone." }, origin: 1 };
    expect(townsDraft(file, list)).toEqual({ edits: { murrieta: [{ op: "set", path: ["intro"], value: "Typed on the phone." }] } });
  });

  it("keeps the order once a town is added, moved or removed: slugs as read, a new town whole, the removed named", () => {
    const added = town("wildomar", "");
    const list: Array<ListedTown<Town>> = [{ town: file[2]!, origin: 2 }, { town: file[0]!, origin: 0 }, { town: added, origin: undefined }];
    expect(townsDraft(file, list)).toEqual({ edits: {}, order: ["temecula", "menifee", added], removed: ["murrieta"] });
  });

  it("restored on the same file, saves exactly what the section held", () => {
    const list: Array<ListedTown<Town>> = [
      { town: { ...file[2]!, name: "Temecula Valley" }, origin: 2 },
      { town: file[0]!, origin: 0 },
      { town: town("wildomar", "New here."), origin: undefined },
    ];
    const restored = restoredTowns(file, townsDraft(file, list)!);
    expect(restored).toEqual(list);
    expect(saved(file, restored)).toEqual(saved(file, list));
  });

  it("made again on the file saved since, each change lands on its own town, whatever moved there", () => {
    const list = asRead(file);
    list[2] = { town: { ...file[2]!, intro: "Typed here." }, origin: 2 };
    const draft = townsDraft(file, list)!;
    // Meanwhile a town was added first and Murrieta removed: Temecula is second now, not third.
    const since = [town("wildomar"), file[0]!, file[2]!];
    const restored = restoredTowns(since, draft);
    expect(saved(since, restored)).toEqual([town("wildomar"), file[0], { ...file[2], intro: "Typed here." }]);
  });

  it("on a file saved since, leaves out a town removed there, keeps a town added there at the end, and makes a town added in both one", () => {
    const list: Array<ListedTown<Town>> = [
      { town: { ...file[1]!, intro: "Typed for Murrieta." }, origin: 1 },
      { town: file[0]!, origin: 0 },
      { town: town("wildomar", "Typed for Wildomar."), origin: undefined },
    ];
    const draft = townsDraft(file, list)!;
    // Meanwhile: Murrieta removed, French Valley and Wildomar added.
    const since = [file[0]!, file[2]!, town("french-valley"), town("wildomar")];
    const restored = restoredTowns(since, draft);
    expect(restored.map((entry) => [entry.town.slug, entry.origin])).toEqual([["menifee", 0], ["wildomar", 3], ["french-valley", 2]]);
    expect(saved(since, restored)).toEqual([file[0], town("wildomar", "Typed for Wildomar."), town("french-valley")]);
  });
});
