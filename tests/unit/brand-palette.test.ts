import { describe, expect, it } from "vitest";
import { brandPalette, brandPaletteCss, recolour, STYLESHEET_COLOR } from "../../src/assets/brand-palette.ts";

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

describe("recolour", () => {
  const palette = brandPalette("#b45309")!;
  const sheet =
    ":root{--green-950:#052e16;--green-800:#166534;--line:#d9e2dc;--shadow:0 4px 16px #14532d14}a{color:var(--green-800)}.cta p{color:#e7f5ec;max-width:40rem}" +
    ".city-hero:after{content:\"\";background:linear-gradient(135deg,#052e16f0 0%,#14532ddb 55%,#166534b8 100%);position:absolute}.city-hero .hero-text{color:#e7f5ec}";

  it("redraws a stylesheet in the brand's colours where it has its own, adding no rule", () => {
    expect(brandPalette(STYLESHEET_COLOR)).toBeUndefined();
    const css = recolour(sheet, palette);
    expect(css).toBe(
      `:root{--green-950:${palette.variables["--green-950"]};--green-800:#b45309;--line:${palette.variables["--line"]};--shadow:0 4px 16px #14532d14}a{color:var(--green-800)}` +
        `.cta p{color:${palette.pale};max-width:40rem}.city-hero:after{content:"";background:${palette.gradient};position:absolute}.city-hero .hero-text{color:${palette.pale}}`,
    );
    // The same colours brandPaletteCss() appends.
    expect(brandPaletteCss("#b45309")).toContain(`.city-hero:after{background:${palette.gradient}}.cta p,.city-hero .hero-text{color:${palette.pale}}`);
  });

  it("appends what a stylesheet drawn otherwise does not have: a variable it reads, its call to action's text, a town hero's veil", () => {
    const css = recolour(".cta p{color:#fff}a{color:var(--green-700)}.city-hero{color:#fff}", palette);
    expect(css).toBe(
      `.cta p{color:#fff}a{color:var(--green-700)}.city-hero{color:#fff}:root{--green-700:${palette.variables["--green-700"]}}` +
        `.cta p,.city-hero .hero-text{color:${palette.pale}}.city-hero:after{background:${palette.gradient}}`,
    );
  });
});
