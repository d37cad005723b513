import { describe, expect, it } from "vitest";
import { MAX_ENCODED_SIDE, sizeProblem, widestEncodable } from "../../src/assets/image-limits.ts";
import { widthsFor } from "../../src/assets/responsive-images.ts";

describe("the sizes of picture the pipeline takes", () => {
  it("takes a photo, a wide banner and a long screenshot", () => {
    expect(sizeProblem(4000, 3000)).toBeUndefined();
    expect(sizeProblem(6000, 600)).toBeUndefined();
    expect(sizeProblem(1000, 17000)).toBeUndefined();
  });

  it("refuses more than 50 megapixels, whatever the shape", () => {
    expect(sizeProblem(10_000, 6_000)).toBe(
      "is 10000 × 6000 pixels (60 megapixels), more than the 50 megapixels a picture may have; make it smaller first (2400 pixels wide is plenty for a website)",
    );
  });

  it("refuses a long side more than 1,000 times the short one, wide or tall", () => {
    expect(sizeProblem(1000, 1)).toBeUndefined();
    expect(sizeProblem(100_000, 1)).toBe(
      "is 100000 × 1 pixels, its long side more than 1,000 times its short one: too thin a strip for a page or a link preview; crop it to the part worth showing",
    );
    expect(sizeProblem(1, 1001)).toMatch(/^is 1 × 1001 pixels, its long side more than 1,000 times its short one/);
  });
});

describe("renditions of a picture taller than WebP and AVIF take", () => {
  it("are scaled down until the height fits 16,383 pixels, after rounding", () => {
    expect(widestEncodable(1000, 16_383)).toBe(1000);
    expect(widestEncodable(1000, 17_000)).toBe(963);
    expect(Math.round((963 * 17_000) / 1000)).toBeLessThanOrEqual(MAX_ENCODED_SIDE);
    expect(widestEncodable(16, 16_000_000)).toBe(1);
  });

  it("are made at the standard widths below that, then at that width", () => {
    expect(widthsFor(1000, 17_000)).toEqual([480, 800, 963]);
    expect(widthsFor(4000, 40_000)).toEqual([480, 800, 1200, 1600, 1638]);
    expect(widthsFor(4000, 3000)).toEqual([480, 800, 1200, 1600, 2400]);
  });
});
