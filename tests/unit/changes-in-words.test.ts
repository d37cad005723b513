import { describe, expect, it } from "vitest";
import { changesInWords, messageInWords } from "../../src/publish/changes-in-words.ts";

const SITE = `phone:
  display: "(503) 555-0142"
email: a@b.co
cities:
  - name: Salem
    slug: salem
  - name: Keizer
    slug: keizer
`;

describe("a version's changes in words", () => {
  it("names site.yaml's settings by what they are, and towns by their names", () => {
    const after = SITE.replace("0142", "0199").replace("  - name: Keizer\n    slug: keizer\n", "  - name: Sun City\n    slug: sun-city\n").replace("name: Salem", "name: Salem\n    intro: Hi");
    expect(changesInWords([{ path: "site.yaml", kind: "changed", before: SITE, after }])).toEqual(["Phone number changed", "Salem changed", "Sun City added", "Keizer removed"]);
    expect(messageInWords(["Phone number changed", "Sun City added"])).toBe("Phone number changed; Sun City added");
  });

  it("says towns were reordered when only their order changed, and every setting of the schema in words", () => {
    const after = SITE.replace("  - name: Salem\n    slug: salem\n  - name: Keizer\n    slug: keizer\n", "  - name: Keizer\n    slug: keizer\n  - name: Salem\n    slug: salem\n") + "callbackMinutes: 30\nopeningHours: [Mo-Fr 08:00-17:00]\n";
    expect(changesInWords([{ path: "site.yaml", kind: "changed", before: SITE, after }])).toEqual(["Towns reordered", "Call-back time added", "Opening hours added"]);
  });

  it("names a key the schema does not have (a mistake check refuses) by the key", () => {
    expect(changesInWords([{ path: "site.yaml", kind: "changed", before: SITE, after: `${SITE}colour: green\n` }])).toEqual(["Setting 'colour' added"]);
  });

  it("names copy files, articles by their titles, a language's files with its code, and pictures", () => {
    const article = '---\ntitle: "Gophers in Winter"\n---\nText\n';
    expect(
      changesInWords([
        { path: "content/faq.yaml", kind: "changed" },
        { path: "content/es/faq.yaml", kind: "changed" },
        { path: "content/pages/service-areas.yaml", kind: "changed" },
        { path: "content/services/residential.yaml", kind: "changed" },
        { path: "content/blog/winter.md", kind: "added", after: article },
        { path: "content/es/blog/winter.md", kind: "removed", before: article },
        { path: "content/own/team.yaml", kind: "added" },
        { path: "public/images/team.jpg", kind: "added" },
        { path: "public/robots-extra.txt", kind: "changed" },
      ]),
    ).toEqual([
      "FAQ changed",
      "FAQ (es) changed",
      "Service areas page text changed",
      "Service 'residential' text changed",
      "Article 'Gophers in Winter' added",
      "Article 'Gophers in Winter' (es) removed",
      "Page 'team' added",
      "Picture images/team.jpg added",
      "File robots-extra.txt changed",
    ]);
  });

  it("keeps a long list short: five changes and how many more", () => {
    const words = ["a", "b", "c", "d", "e", "f", "g"].map((name) => `${name} added`);
    expect(messageInWords(words)).toBe("a added; b added; c added; d added; e added; 2 more changes");
    expect(messageInWords([])).toBe("Site changed");
  });
});
