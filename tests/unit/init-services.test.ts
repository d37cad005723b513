import { describe, expect, it } from "vitest";
import { fill, starterFiles } from "../../src/init/starter.ts";
import { checkServices, servicesTogether } from "../../src/init/services.ts";

const places = { zip: "97301", base: { name: "Salem", region: "OR", lat: 44.9, lng: -123 }, nearby: [{ name: "Independence", region: "OR", lat: 44.85, lng: -123.19 }] };
const answers = (services: string[]) => ({ company: "Ace", services, phone: "5035550142", email: "a@example.com", zip: "97301" });

describe("init's services answer", () => {
  it("takes a list separated by commas, lower case but for acronyms", () => {
    expect(checkServices(" HVAC repair,Water Heaters , ,duct cleaning")).toEqual({ value: ["HVAC repair", "water heaters", "duct cleaning"] });
    expect(checkServices("mole removal")).toEqual({ value: ["mole removal"] });
    // Names as trades write them: up to 8 words, with & and /, digits and acronyms.
    expect(checkServices("Sewer Line Repair & Replacement, A/C repair, 24/7 emergency plumbing, drain cleaning and hydro jetting service")).toEqual({
      value: ["sewer line repair & replacement", "A/C repair", "24/7 emergency plumbing", "drain cleaning and hydro jetting service"],
    });
    expect(checkServices("& more")).toEqual({ problem: expect.stringContaining("must be 1 to 8 words") });
    expect(checkServices("one two three four five six seven eight nine")).toEqual({ problem: expect.stringContaining("must be 1 to 8 words") });
  });

  it("refuses an empty list, and names each wrong service of several on its own line", () => {
    expect(checkServices(" , ")).toEqual({ problem: 'name at least one service, e.g. "pool cleaning"' });
    expect(checkServices("mole removal!")).toEqual({ problem: 'must be 1 to 8 words of letters and digits (& and / may join them), e.g. "pool cleaning" or "sewer line repair & replacement"' });
    expect(checkServices("lawn care, mole removal!, blog, Lawn-Care")).toEqual({
      problem: [
        '"mole removal!" must be 1 to 8 words of letters and digits (& and / may join them), e.g. "pool cleaning" or "sewer line repair & replacement"',
        '"blog" would be at /blog, a page the site has anyway: name the service in other words',
        '"lawn care" and "Lawn-Care" would both be at /lawn-care: name each service once',
      ].join("\n"),
    });
  });

  it("names several services together as briefly as titles need: all of them, else the first ones and more", () => {
    expect(servicesTogether(["lawn care", "AC repair"])).toEqual({ title: "Lawn Care and AC Repair", words: "lawn care and AC repair" });
    expect(servicesTogether(["lawn care", "tree work", "snow removal", "gutters"])).toEqual({ title: "Lawn Care, Tree Work and More", words: "lawn care, tree work and more" });
    expect(servicesTogether(["furnace repair", "AC installation", "heat pumps"])).toEqual({ title: "Furnace Repair and More", words: "furnace repair and more" });
    expect(servicesTogether(["residential septic tank pumping", "grease trap cleaning"])).toEqual({ title: "Our Services", words: "our services" });
  });
});

describe("the starter's blocks", () => {
  const values = { name: "outer", one: [], several: [{}], services: [{ name: "a" }, { name: "b" }] };

  it("writes a block once for each record, its marks alone on their lines leaving no line", () => {
    expect(fill("list:\n{{#services}}\n  - {{name}}\n{{/services}}\nend {{name}}\n", values, "x.yaml")).toBe("list:\n  - a\n  - b\nend outer\n");
    expect(fill("{{#several}}\nmany\n{{/several}}\n{{^several}}\none\n{{/several}}\n", values, "x.yaml")).toBe("many\n");
    expect(fill("{{^one}}\n{{#services}}\n{{name}}{{^several}} alone{{/several}}{{#several}} of two{{/several}}\n{{/services}}\n{{/one}}\n", values, "x.yaml")).toBe("a of two\nb of two\n");
    expect(() => fill("{{#name}}\nx\n{{/name}}\n", values, "x.yaml")).toThrow("the starter file x.yaml has a block {{#name}}, which init does not fill with a list");
    expect(() => fill("{{services}}", values, "x.yaml")).toThrow("the starter file x.yaml uses {{services}}, which init does not fill");
  });
});

describe("the starter site's files", () => {
  it("has a copy file for each of several services, named by its id, and every {{ }} and [[ ]] filled", async () => {
    const files = await starterFiles(answers(["lawn care", "AC repair"]), places);
    expect(files.map((file) => file.path).filter((name) => name.startsWith("content/services/"))).toEqual(["content/services/ac-repair.yaml", "content/services/lawn-care.yaml"]);
    expect(files.filter((file) => typeof file.data === "string" && /\{\{|\[\[/.test(file.data)).map((file) => file.path)).toEqual([]);
    const lawn = files.find((file) => file.path === "content/services/lawn-care.yaml")!.data as string;
    expect(lawn).toContain("# Your service page (site.yaml's services: id lawn-care, at /lawn-care).\n");
    expect(lawn).toContain('heading: "Lawn Care for Your Home"');
  });

  it("gives the home page a card for each service, then the company's two while the section has room for them", async () => {
    const words = ["lawn care", "tree work", "snow removal", "gutters", "mulching", "hedges", "sod", "aeration", "seeding"];
    const cards = async (count: number) => {
      const files = await starterFiles(answers(words.slice(0, count)), places);
      const home = files.find((file) => file.path === "content/pages/home.yaml")!.data as string;
      return [...home.matchAll(/^ {4}- icon: \w+\n {6}title: "?([^"\n]+)/gm)].map((card) => card[1]);
    };
    expect(await cards(6)).toEqual(["Lawn Care", "Tree Work", "Snow Removal", "Gutters", "Mulching", "Hedges", "Local to {baseTown}", "Easy to Reach"]);
    expect(await cards(7)).toEqual(["Lawn Care", "Tree Work", "Snow Removal", "Gutters", "Mulching", "Hedges", "Sod"]);
    expect(await cards(9)).toEqual(["Lawn Care", "Tree Work", "Snow Removal", "Gutters", "Mulching", "Hedges", "Sod", "Aeration"]);
  });

  it("names a lone service's page by its own slug, with the page for businesses beside it", async () => {
    const files = await starterFiles(answers(["lawn care"]), places);
    expect(files.map((file) => file.path).filter((name) => name.startsWith("content/services/"))).toEqual(["content/services/commercial.yaml", "content/services/lawn-care.yaml"]);
    expect(files.find((file) => file.path === "site.yaml")!.data).toContain("services:\n  - id: lawn-care\n    path: /lawn-care\n");
  });
});
