import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fillPlaceholders, mapStrings, placeholderFiller } from "../../src/content/placeholders.ts";

describe("placeholderFiller", () => {
  it("fills like fillPlaceholders over every string of any copy tree", () => {
    const text = fc.array(fc.constantFrom("{city}", "{other}", "{", "}", "city", "a b", "{{city}}", "é"), { maxLength: 6 }).map((parts) => parts.join(""));
    const tree = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: "small" }, text, fc.integer(), fc.array(tie("node"), { maxLength: 3 }), fc.dictionary(fc.constantFrom("a", "b", "c"), tie("node"), { maxKeys: 3 })),
    })).node;
    fc.assert(
      fc.property(tree, fc.constantFrom("Temecula", "San $& Juan", "{city}", ""), (copy, city) => {
        expect(placeholderFiller(copy, "city")(city)).toEqual(mapStrings(copy, [], (value) => fillPlaceholders(value, { city })));
      }),
      { numRuns: 1000 },
    );
  });

  it("shares the parts without the placeholder between calls", () => {
    const copy = { title: "{city} Gopher Control", process: { steps: [{ title: "Call" }] } };
    const fill = placeholderFiller(copy, "city");
    const a = fill("Temecula");
    const b = fill("Murrieta");
    expect([a.title, b.title]).toEqual(["Temecula Gopher Control", "Murrieta Gopher Control"]);
    expect(a.process).toBe(copy.process);
    expect(b.process).toBe(copy.process);
  });
});
