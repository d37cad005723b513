import { describe, expect, it } from "vitest";
import { collectAnswers, phoneForms, type Question } from "../../src/init/answers.ts";
import { nearestTowns, placesOfZip } from "../../src/init/places.ts";
import { fitLengths } from "../../src/init/fit-lengths.ts";
import { starterFiles } from "../../src/init/starter.ts";
import { titleCase } from "../../src/init/services.ts";
import { slugify } from "../../src/slug.ts";

describe("init's places", () => {
  it("lists the nearest towns first, without the base or a second town of one name", () => {
    const base = { name: "Salem", region: "OR", lat: 44.94, lng: -123.03 };
    const towns = [
      { name: "Silverton", region: "OR", lat: 45.0, lng: -122.78 },
      base,
      { name: "Keizer", region: "OR", lat: 44.99, lng: -123.02 },
      { name: "Portland", region: "OR", lat: 45.52, lng: -122.68 },
      { name: "Keizer", region: "WA", lat: 44.99, lng: -123.0 },
    ];
    expect(nearestTowns(base, towns, 2).map((town) => town.name)).toEqual(["Keizer", "Silverton"]);
  });

  it("offers populated places only: no firm's own ZIP code, no place that is gone; a ZIP code names the place it is in", async () => {
    const portland = (await placesOfZip("97205"))!;
    expect(portland.base).toMatchObject({ name: "Portland", region: "OR" });
    const names = portland.nearby.map((town) => town.name);
    expect(names).toHaveLength(7);
    expect(names).not.toContain("Gen Electric");
    expect(names).not.toContain("Marylhurst");
    // 97223's post office is Portland's; the place it is in is Tigard.
    expect((await placesOfZip("97223"))!.base).toMatchObject({ name: "Tigard", region: "OR" });
    const kansasCity = (await placesOfZip("64105"))!;
    expect(kansasCity.nearby.map((town) => `${town.name}, ${town.region}`)).toContain("North Kansas City, MO");
  });
});

describe("init's answers", () => {
  it("takes a phone number as people write it", () => {
    expect(phoneForms("5035550142")).toEqual({ display: "(503) 555-0142", tel: "+15035550142" });
  });

  it("asks again on the terminal until an answer is right, saying what was wrong", async () => {
    const asked: string[] = [];
    const replies = ["mole removal!", "mole removal", "+1 (503) 555 0142"];
    const ask = async (question: Question, problem?: string) => {
      asked.push(problem ? `${question.name}: ${problem}` : question.name);
      return replies.shift() ?? "";
    };
    const answers = await collectAnswers({ company: "Cascade Mole Control", email: "Office@Example.com", zip: "97301" }, ask);
    expect(answers).toEqual({ company: "Cascade Mole Control", services: ["mole removal"], phone: "5035550142", email: "office@example.com", zip: "97301" });
    // The street, the hours and the host are asked too, and left out with an empty answer.
    expect(asked).toEqual(["services", 'services: must be 1 to 8 words of letters and digits (& and / may join them), e.g. "pool cleaning" or "sewer line repair & replacement"', "phone", "street", "hours", "host"]);
  });

  it("words the starter's titles and descriptions to fit: the last [[part]] shortened first, until the filled text fits", () => {
    const known = { facts: { company: "Clear View Window Washing Co" }, towns: ["Salem", "Independence"] };
    const title = 'title: "[[Window Washing in {city} and Nearby||Window Washing near {city}]][[ | {company}]]"\n';
    // "Window Washing in Independence and Nearby | Clear View Window Washing Co": 73 characters.
    expect(fitLengths(title, "x.yaml", known)).toBe('title: "Window Washing in {city} and Nearby"\n');
    expect(fitLengths(title, "x.yaml", { ...known, facts: { company: "Clear View" } })).toBe('title: "Window Washing in {city} and Nearby | {company}"\n');
    expect(fitLengths(title, "x.yaml", { ...known, towns: ["Salem", "A Town Whose Name Is Long Enough to Matter"] })).toBe('title: "Window Washing near {city}"\n');
    // A folded description: the value's lines joined; a line left empty is taken out, not a line break.
    const description = `description: >-\n  ${"Word ".repeat(25).trim()}.\n  [[Call {company} today.]]\nhero:\n  title: "[[kept]]"\n`;
    expect(fitLengths(description, "x.yaml", known)).toBe(`description: >-\n  ${"Word ".repeat(25).trim()}.\nhero:\n  title: "[[kept]]"\n`);
    expect(fitLengths(description, "x.yaml", { ...known, facts: { company: "Us" } })).toBe(`description: >-\n  ${"Word ".repeat(25).trim()}.\n  Call {company} today.\nhero:\n  title: "[[kept]]"\n`);
    expect(() => fitLengths('title: "A[[ {phone}]]"\n', "pages/x.yaml", known)).toThrow("the starter file pages/x.yaml has {phone} in a title or description, which init cannot measure");
  });

  it("leaves no [[ ]] in the starter site it writes", async () => {
    const places = { zip: "97301", base: { name: "Salem", region: "OR", lat: 44.9, lng: -123 }, nearby: [{ name: "Independence", region: "OR", lat: 44.85, lng: -123.19 }] };
    for (const company of ["Ace", "Family Owned and Operated Septic Tank Pumping Company of Southern Orange County"]) {
      const files = await starterFiles({ company, services: ["residential septic tank pumping"], phone: "5035550142", email: "a@example.com", zip: "97301" }, places);
      expect(files.filter((file) => typeof file.data === "string" && file.data.includes("[[")).map((file) => file.path)).toEqual([]);
    }
  });

  it("makes addresses and headings of the owner's words", () => {
    expect(slugify("Lake Oswego")).toBe("lake-oswego");
    expect(slugify("Coeur d'Alene")).toBe("coeur-d-alene");
    expect(titleCase("mole removal")).toBe("Mole Removal");
  });
});
