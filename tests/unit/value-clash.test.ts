import { describe, expect, it } from "vitest";
import { ChoiceMissing, fieldClashes, hasConflictMarkers, joinVersions, markedSides } from "../../src/publish/value-clash.ts";

const BASE = `# The company's facts
phone:
  display: "(503) 555-0100" # the one on the van
  tel: "+15035550100"
email: info@example.com
cities:
  - name: Salem
    intro: "Moles in Salem."
  - name: Keizer
    intro: "Moles in Keizer."
`;
const edit = (text: string, pairs: Array<[string, string]>) => pairs.reduce((out, [from, to]) => out.replace(from, to), text);

describe("a clash said in values", () => {
  const yours = edit(BASE, [["(503) 555-0100", "(503) 555-0122"], ["+15035550100", "+15035550122"], ["Moles in Keizer.", "Mole trapping in Keizer."]]);
  const published = edit(BASE, [["(503) 555-0100", "(503) 555-0111"], ["+15035550100", "+15035550111"], ["info@example.com", "office@example.com"]]);

  it("names only the fields both changed, each with yours and published", () => {
    expect(fieldClashes("site.yaml", BASE, yours, published)).toEqual([
      { field: "phone.display", yours: "(503) 555-0122", published: "(503) 555-0111" },
      { field: "phone.tel", yours: "+15035550122", published: "+15035550111" },
    ]);
  });

  it("joins the two as chosen, keeping published's comments and every change only one side made", () => {
    const joined = joinVersions("site.yaml", BASE, yours, published, { "phone.display": "yours", "phone.tel": "yours" });
    expect(joined).toBe(edit(BASE, [["(503) 555-0100", "(503) 555-0122"], ["+15035550100", "+15035550122"], ["info@example.com", "office@example.com"], ["Moles in Keizer.", "Mole trapping in Keizer."]]));
    const theirs = joinVersions("site.yaml", BASE, yours, published, { "phone.display": "published", "phone.tel": "published" });
    expect(theirs).toBe(edit(published, [["Moles in Keizer.", "Mole trapping in Keizer."]]));
  });

  it("refuses to join with a clash not chosen, naming it", () => {
    expect(() => joinVersions("site.yaml", BASE, yours, published, { "phone.display": "yours" })).toThrow(ChoiceMissing);
    try {
      joinVersions("site.yaml", BASE, yours, published, { "phone.display": "yours" });
    } catch (error) {
      expect((error as ChoiceMissing).fields.map((field) => field.field)).toEqual(["phone.tel"]);
    }
  });

  it("takes a list whose length changed as one value: a town added on each side", () => {
    const town = (name: string) => `  - name: ${name}\n    intro: "Moles in ${name}."\n`;
    const mine = BASE + town("Turner");
    const theirs = BASE + town("Aumsville");
    const clashes = fieldClashes("site.yaml", BASE, mine, theirs);
    expect(clashes.map((clash) => clash.field)).toEqual(["cities"]);
    expect(joinVersions("site.yaml", BASE, mine, theirs, { cities: "yours" })).toContain("Turner");
  });

  it("reads a markdown file as its front matter and its text", () => {
    const article = (title: string, text: string) => `---\ntitle: "${title}"\ndate: 2026-11-01\n---\n${text}\n`;
    const base = article("Mole season", "Moles dig in spring.");
    const mine = article("Mole season in Salem", "Moles dig in spring and fall.");
    const theirs = article("Mole season", "Moles dig in early spring.");
    expect(fieldClashes("content/blog/moles.md", base, mine, theirs)).toEqual([{ field: "text", yours: "Moles dig in spring and fall.\n", published: "Moles dig in early spring.\n" }]);
    expect(joinVersions("content/blog/moles.md", base, mine, theirs, { text: "published" })).toBe(article("Mole season in Salem", "Moles dig in early spring."));
  });
});

describe("a file with git's conflict markers, read as its two sides", () => {
  const marked = ["phone:", "<<<<<<< HEAD", '  display: "(503) 555-0111"', "=======", '  display: "(503) 555-0122"', ">>>>>>> 1a2b3c4 (Phone number changed)", "email: a@example.com", ""].join("\n");

  it("takes HEAD's side as the published one while rebasing, as the owner's in a merge", () => {
    expect(hasConflictMarkers(marked)).toBe(true);
    expect(markedSides(marked, true)).toEqual({ yours: 'phone:\n  display: "(503) 555-0122"\nemail: a@example.com\n', published: 'phone:\n  display: "(503) 555-0111"\nemail: a@example.com\n' });
    expect(markedSides(marked, false)?.yours).toContain("0111");
    const sides = markedSides(marked, true)!;
    expect(fieldClashes("site.yaml", sides.base, sides.yours, sides.published)).toEqual([{ field: "phone.display", yours: "(503) 555-0122", published: "(503) 555-0111" }]);
    // Fields both sides have alike are not rewritten.
    expect(joinVersions("site.yaml", sides.base, sides.yours, sides.published, { "phone.display": "yours" })).toBe(sides.yours);
  });

  it("reads git's diff3 style base, and refuses markers that are not whole", () => {
    const diff3 = marked.replace("=======", "||||||| base\n  display: \"(503) 555-0100\"\n=======");
    expect(markedSides(diff3, true)?.base).toBe('phone:\n  display: "(503) 555-0100"\nemail: a@example.com\n');
    expect(markedSides(marked.replace(/^>>>>>>>.*$/m, ""), true)).toBeUndefined();
    expect(hasConflictMarkers("a: 1\n=======\n")).toBe(false);
  });
});

describe("a join never loses or moves what either side wrote (review cases)", () => {
  const BASE = 'phone: "1"\ncities:\n  - slug: a\n    intro: "A."\n  - slug: b\n    intro: "B."\ntags: [x, y]\n';

  it("keeps a whole group the owner added, when another field clashes", () => {
    const yours = `${BASE.replace('phone: "1"', 'phone: "2"')}hours:\n  mon: 9-5\n  tue: 9-6\n`;
    const published = BASE.replace('phone: "1"', 'phone: "3"');
    expect(fieldClashes("site.yaml", BASE, yours, published).map((clash) => clash.field)).toEqual(["phone"]);
    const joined = joinVersions("site.yaml", BASE, yours, published, { phone: "published" });
    expect(joined).toContain('phone: "3"');
    expect(joined).toContain("mon: 9-5");
    expect(joined).toContain("tue: 9-6");
  });

  it("asks about a list one side reordered while the other changed an item, never giving an item another's text", () => {
    const yours = 'phone: "1"\ncities:\n  - slug: b\n    intro: "B."\n  - slug: a\n    intro: "A."\ntags: [x, y]\n';
    const published = BASE.replace('"B."', '"B2."');
    expect(fieldClashes("site.yaml", BASE, yours, published).map((clash) => clash.field)).toEqual(["cities"]);
    const theirs = joinVersions("site.yaml", BASE, yours, published, { cities: "published" });
    expect(theirs).toContain('- slug: a\n    intro: "A."\n  - slug: b\n    intro: "B2."');
  });

  it("removes a whole list the owner removed while the other side changed another line", () => {
    const yours = BASE.replace("tags: [x, y]\n", "");
    const published = BASE.replace('phone: "1"', 'phone: "3"');
    const joined = joinVersions("site.yaml", BASE, yours, published);
    expect(joined).not.toContain("tags");
    expect(joined).toContain('phone: "3"');
  });

  it("asks, without a common version, about a value one side has and the other has not", () => {
    expect(fieldClashes("site.yaml", undefined, 'phone: "1"\n', 'phone: "1"\nfax: "2"\n')).toEqual([{ field: "fax", yours: undefined, published: "2" }]);
  });

  it("leaves a markdown text without front matter as it was", () => {
    expect(joinVersions("README.md", "Hello.\n", "Hello.\n", "Hello there.\n")).toBe("Hello there.\n");
  });
});
