import { expect, it } from "vitest";
import { parse } from "yaml";
import { addedNameProblem, addedPageText } from "../../src/init/added-page.ts";
import { ownPageCopyFor, serviceCopyFor } from "../../src/content/copy-schema.ts";

const facts = { company: "Northside Lawn & Garden Services Company", phone: "(503) 555-0142", email: "office@example.com", baseTown: "Beaverton", region: "OR", towns: ["Beaverton", "Hillsboro"] };

it("starts an added service in init's words for its name, with the company's name after the title only where it fits", async () => {
  const text = await addedPageText("service", { id: "hedge-trimming", name: "hedge trimming" }, facts, "/images/hero.svg");
  const copy = parse(text) as Record<string, any>;
  expect(text).toMatch(/^# A service added in the editor \(site.yaml's services: id hedge-trimming\)/);
  expect(copy.title).toBe("Hedge Trimming | {company}");
  expect(copy.name).toBe("Hedge Trimming");
  expect(copy.hero).toEqual({ heading: "Hedge Trimming", text: "We offer hedge trimming in {baseTown} and the towns around it.", image: "/images/hero.svg" });
  expect(serviceCopyFor([]).safeParse(copy).success).toBe(true);
  const long = parse(await addedPageText("service", { id: "x", name: "Commercial Irrigation Repair and Winterizing" }, facts, "/images/hero.svg")) as Record<string, any>;
  expect(long.title).toBe("Commercial Irrigation Repair And Winterizing");
});

it("starts an own page that the build's own-page schema takes", async () => {
  const copy = parse(await addedPageText("own", { id: "financing", name: "Financing" }, facts)) as Record<string, any>;
  expect(copy.title).toBe("Financing | {company}");
  expect(ownPageCopyFor([]).safeParse(copy).success).toBe(true);
});

it("takes a name of words, and refuses one with placeholders, brackets or quotes", () => {
  for (const name of ["Tree Trimming", "HOA & Farm Care", "Pool Care 24/7", "Árboles"]) expect(addedNameProblem(name), name).toBeUndefined();
  expect(addedNameProblem("Odd {phone}")).toBe("may have letters, digits, spaces and & ' . , / + - only");
  expect(addedNameProblem('Say "hi"')).toBe("may have letters, digits, spaces and & ' . , / + - only");
  expect(addedNameProblem("[[x]]")).toBe("may have letters, digits, spaces and & ' . , / + - only");
  expect(addedNameProblem(" Lawn")).toBe("must be 2 to 60 characters, with no space at either end");
});
