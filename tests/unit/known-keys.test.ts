import { describe, expect, it } from "vitest";
import type { EditOp } from "../../src/yaml-edit/edit-ops.ts";
import { unknownKeyOf } from "../../src/editor/known-keys.ts";

const set = (...path: Array<string | number>): EditOp => ({ op: "set", path, value: "x" });

describe("the keys a save may name: those its file's schema knows", () => {
  it.each<[string, EditOp]>([
    ["site.yaml", set("company", "name")],
    ["site.yaml", set("cities", 3, "neighborhoods", 0)],
    ["site.yaml", { op: "insert", path: ["cities"], index: 0, value: {} }],
    ["content/faq.yaml", set("items", 0, "answer")],
    ["content/es/faq.yaml", set("items", 0, "answer")],
    ["content/es/cities.yaml", set("temecula", "intro")],
    ["content/es/language.yaml", set("facts", "arrivalWindow")],
    ["content/blog/new-article.md", set("title")],
    ["content/legal/privacy.md", set("title")],
    // A key the owner wrote that the build no longer takes can be removed.
    ["site.yaml", { op: "delete", path: ["company", "oldName"] }],
  ])("%s: %j is known", (file, op) => {
    expect(unknownKeyOf(file, [op])).toBeUndefined();
  });

  it.each<[string, EditOp, string]>([
    ["site.yaml", set("emial"), "emial"],
    ["site.yaml", set("company", "name", "first"), "company.name.first"],
    ["site.yaml", set("company", 0), "company.0"],
    ["site.yaml", set("cities", "first", "name"), "cities.first"],
    ["site.yaml", { op: "delete", path: ["compnay", "name"] }, "compnay"],
    ["content/es/cities.yaml", set("temecula", "outro"), "temecula.outro"],
    ["content/pages/home.yaml", set("hero", "subheading"), "hero.subheading"],
    ["content/blog/new-article.md", set("titel"), "titel"],
  ])("%s: %j is refused at %s", (file, op, at) => {
    expect(unknownKeyOf(file, [op])).toEqual({ op, path: at.split(".").map((key) => (/^\d+$/.test(key) ? Number(key) : key)) });
  });

  it("knows a site's services: each one's copy file and a language's address for it", () => {
    const services = ["residential", "heat-pumps"];
    expect(unknownKeyOf("content/es/language.yaml", [set("slugs", "heat-pumps")], services)).toBeUndefined();
    expect(unknownKeyOf("content/services/heat-pumps.yaml", [set("hero", "heading")], services)).toBeUndefined();
    expect(unknownKeyOf("content/services/heat-pumps.yaml", [set("titel")], services)).toEqual({ op: set("titel"), path: ["titel"] });
    expect(unknownKeyOf("content/es/language.yaml", [set("slugs", "furnaces")], services)).toEqual({ op: set("slugs", "furnaces"), path: ["slugs", "furnaces"] });
  });

  it("knows a site's own pages: each one's copy file, in every language", () => {
    const own = { ids: ["financing"], priceNames: ["visit"] };
    expect(unknownKeyOf("content/own/financing.yaml", [set("hero", "heading")], [], own)).toBeUndefined();
    expect(unknownKeyOf("content/es/own/financing.yaml", [set("name")], [], own)).toBeUndefined();
    expect(unknownKeyOf("content/own/financing.yaml", [set("titel")], [], own)).toEqual({ op: set("titel"), path: ["titel"] });
  });
});
