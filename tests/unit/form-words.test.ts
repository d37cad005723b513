import { describe, expect, it } from "vitest";
import { fieldWords, inOwnerWords, ownerWords, singular, withItemTitles } from "../../src/editor/app/form-words.ts";

const schema = {
  type: "object",
  properties: {
    phone: { type: "object", title: "Phone", properties: { display: { type: "string", title: "Display" }, tel: { type: "string", title: "Tel" } } },
    cities: { type: "array", title: "Cities", items: { type: "object", properties: { nearby: { type: "array", title: "Nearby", items: { type: "string" } } } } },
  },
} as const;

describe("the editor's forms in an owner's words", () => {
  it("names one entry of a list from the list's title", () => {
    expect(["Questions", "Cities", "Items", "Nearby", "Address"].map(singular)).toEqual(["Question", "City", "Item", "Nearby", "Address"]);
  });

  it("labels each list entry with its number, at any depth, keeping the form's own settings", () => {
    const ui = withItemTitles(schema, { phone: { "ui:order": ["tel", "display"] } });
    expect(ui.phone).toEqual({ "ui:order": ["tel", "display"] });
    const city = (ui.cities!.items as (item: unknown, index: number) => Record<string, any>)({}, 4);
    expect(city["ui:title"]).toBe("City 5");
    expect((city.nearby.items as (item: unknown, index: number) => Record<string, unknown>)("menifee", 1)).toEqual({ "ui:title": "Nearby 2" });
  });

  it("says a field by its labels, and a build's message without type names or dotted keys", () => {
    expect(fieldWords(schema, "phone.display")).toBe("Phone › Display");
    expect(fieldWords(schema, "cities.4.nearby")).toBe("City 5 › Nearby");
    expect(fieldWords(schema, "site.yaml")).toBeUndefined();
    expect(ownerWords("is required (expected string)", schema)).toBe("Required: fill this in.");
    expect(ownerWords("is required (expected array)", schema)).toBe("Required: add at least one.");
    expect(ownerWords('expected number, got text "north"', schema)).toBe('This should be a number, not text "north".');
    expect(ownerWords("dials +19515550142, but phone.display shows (909) 555-0199; see site.yaml", schema)).toBe("dials +19515550142, but “Phone › Display” shows (909) 555-0199; see site.yaml");
    expect(inOwnerWords({ phone: { tel: { __errors: ["is required (expected string)"] } } } as never, schema)).toEqual({ phone: { tel: { __errors: ["Required: fill this in."] } } });
  });
});
