import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { iconsIn, isIconName, OWN_ICONS, unknownIconMessage } from "../../src/content/icon-names.ts";
import { schemasFor } from "../../src/editor/schemas.ts";
import { lucideSymbols, symbolElements } from "../../src/render/lucide-symbols.ts";
import { IconSprite } from "../../templates/sections/icon.tsx";

const ids = (svg: string) => [...svg.matchAll(/<symbol id="([^"]+)"/g)].map((match) => match[1]);

describe("icon names", () => {
  it("are ours, the templates' own in their order, and any of Lucide's", () => {
    expect(ids(renderToStaticMarkup(h(IconSprite)))).toEqual([...OWN_ICONS]);
    for (const name of ["home", "mail", "flame", "snowflake", "droplet", "zap", "fan", "thermometer", "wrench"]) expect(isIconName(name), name).toBe(true);
    for (const name of ["snowflak", "Flame", "flame.svg", "", "../icons/flame"]) expect(isIconName(name), name).toBe(false);
  });

  it("unknown: suggests the closest and lists the known ones closest first, eight at most, on one line", () => {
    expect(unknownIconMessage("thermometr")).toBe(
      'unknown icon "thermometr"; did you mean "thermometer"? Closest: thermometer, hammer, theater, thermometer-sun, eraser, headset, heater, home (the tool\'s own icons or any of https://lucide.dev/icons/)',
    );
    expect(unknownIconMessage("hme")).toMatch(/^unknown icon "hme"; did you mean "home"\? Closest: home, /);
    // A word Lucide tags its icons with comes first, then the names that hold what was written.
    expect(unknownIconMessage("heat")).toMatch(/^unknown icon "heat"; closest: flame, waves-vertical, wheat, heater, /);
    expect(unknownIconMessage("thermo")).toMatch(/^unknown icon "thermo"; closest: thermometer, thermometer-sun, thermometer-snowflake, /);
    expect(unknownIconMessage("qqqqqqqqqqqqqqqqq")).toMatch(/^unknown icon "qqqqqqqqqqqqqqqqq"; closest: [a-z-]+(, [a-z-]+){7} \(/);
  });

  it("in copy are every `icon` key's value, at any depth, each once and sorted", () => {
    const copy = { icon: "flame", title: "icon", sections: [{ cards: [{ icon: "snowflake" }, { icon: "flame", text: "x" }] }], nested: { deeper: [{ icon: "home" }] } };
    expect(iconsIn([copy, { pages: { icon: "zap" } }])).toEqual(["flame", "home", "snowflake", "zap"]);
  });
});

describe("Lucide's symbols", () => {
  it("are read from lucide-static, ours left to the templates, in the order asked", async () => {
    const symbols = await lucideSymbols(["snowflake", "home", "flame"]);
    expect(symbols.map((symbol) => symbol.name)).toEqual(["snowflake", "flame"]);
    expect(symbols[1]!.elements).toEqual([["path", { d: "M12 3q1 4 4 6.5t3 5.5a1 1 0 0 1-14 0 5 5 0 0 1 1-3 1 1 0 0 0 5 0c0-2-1.5-3-1.5-5q0-2 2.5-4" }]]);
  });

  it("are the shapes of an SVG file as data; anything else in one is refused", () => {
    const svg = (inner: string) => `<!-- @license -->\n<svg class="lucide" viewBox="0 0 24 24" stroke-width="2">\n${inner}\n</svg>\n`;
    expect(symbolElements(svg('  <circle cx="12" cy="12" r="10" />\n  <rect x="2" y="2" width="4" height="4" rx="1" stroke-width="1" />'), "a.svg")).toEqual([
      ["circle", { cx: "12", cy: "12", r: "10" }],
      ["rect", { x: "2", y: "2", width: "4", height: "4", rx: "1", strokeWidth: "1" }],
    ]);
    expect(() => symbolElements(svg('  <script href="x" />'), "b.svg")).toThrow('b.svg: unexpected markup "<script href="x" />"');
    expect(() => symbolElements(svg('  <g><path d="M1 1" /></g>'), "c.svg")).toThrow('c.svg: unexpected markup "<g></g>"');
    expect(() => symbolElements(svg('  <path d="M1 1&amp;" />'), "d.svg")).toThrow("d.svg: unexpected markup");
    expect(() => symbolElements("nothing", "e.svg")).toThrow("e.svg is not an SVG file as lucide-static writes them");
  });

  it("join ours in the sprite with the same attributes, never replacing one of ours", () => {
    const symbols = [
      { name: "flame", elements: [["path", { d: "M1 2" }]] as [string, Record<string, string>][] },
      { name: "home", elements: [["path", { d: "M9 9" }]] as [string, Record<string, string>][] },
    ];
    const svg = renderToStaticMarkup(h(IconSprite, { symbols }));
    expect(ids(svg)).toEqual([...OWN_ICONS, "flame"]);
    expect(svg).toContain('<symbol id="flame" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M1 2"></path></symbol></svg>');
    expect(svg).not.toContain("M9 9");
  });
});

describe("the editor's icon fields", () => {
  it("are text offering ours as suggestions (a datalist), with Lucide's catalogue named: no select of 2,000 names", () => {
    const service = schemasFor(["lawn"]).copy["services/lawn.yaml"] as { properties: Record<string, unknown> };
    expect(service.properties.icon).toEqual({
      type: "string",
      description: "One of the tool's own icons or any of https://lucide.dev/icons/ by its name, e.g. snowflake",
      examples: [...OWN_ICONS],
    });
    const home = schemasFor([]).copy["pages/home.yaml"] as { properties: { features: { properties: { cards: { items: { properties: { icon: unknown } } } } } } };
    expect(home.properties.features.properties.cards.items.properties.icon).toEqual(service.properties.icon);
  });
});
