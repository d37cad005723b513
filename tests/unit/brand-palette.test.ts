import { describe, expect, it } from "vitest";
import { brandPaletteCss, STYLESHEET_COLOR } from "../../src/assets/brand-palette.ts";

/** WCAG contrast of a #rrggbb colour against white. */
function contrastOnWhite(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const c = parseInt(hex.slice(at, at + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 1.05 / (0.2126 * r! + 0.7152 * g! + 0.0722 * b! + 0.05);
}
const shade = (css: string, step: string) => css.match(new RegExp(`--green-${step}:(#[0-9a-f]{6})`))![1]!;

/** WCAG contrast of two #rrggbb colours. */
function contrastOf(a: string, b: string): number {
  const [high, low] = [a, b].map((hex) => 1.05 / contrastOnWhite(hex) - 0.05).sort((x, y) => y - x);
  return (high! + 0.05) / (low! + 0.05);
}

describe("brandPaletteCss", () => {
  it("adds nothing for the stylesheet's own colour, so the sample's stylesheet stays as it is", () => {
    expect(brandPaletteCss(STYLESHEET_COLOR)).toBe("");
    expect(brandPaletteCss("#166534".toUpperCase())).toBe("");
  });

  it("redraws the palette and the city hero's veil in the brand's colour", () => {
    const css = brandPaletteCss("#0e7490");
    expect(shade(css, "800")).toBe("#0e7490");
    for (const step of ["950", "900", "700", "600", "100", "50"]) expect(shade(css, step)).not.toBe("#0e7490");
    expect(css.startsWith(":root{")).toBe(true);
    expect(css).toContain(".city-hero:after{background:linear-gradient(135deg,");
  });

  it("keeps white text readable on a light brand colour: darkens it to 5:1, the lighter shade to 4.5:1", () => {
    for (const color of ["#fbbf24", "#7dd3fc", "#ffffff", "#22c55e"]) {
      const css = brandPaletteCss(color);
      expect(contrastOnWhite(shade(css, "800")), color).toBeGreaterThanOrEqual(5);
      expect(contrastOnWhite(shade(css, "700")), color).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("draws the call to action's pale text in the brand's own tint, readable on the brand at 4.5:1 (amber read 4.46 with the green one)", () => {
    for (const color of ["#b45309", "#0e7490", "#7c3aed", "#fbbf24", "#dc2626"]) {
      const css = brandPaletteCss(color);
      const pale = css.match(/\.cta p,\.city-hero \.hero-text\{color:(#[0-9a-f]{6})\}/)?.[1];
      expect(pale, color).toBeDefined();
      expect(contrastOf(pale!, shade(css, "800")), color).toBeGreaterThanOrEqual(4.5);
    }
  });
});
