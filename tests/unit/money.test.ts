import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { formatMoney, formatPrice, priceWordsNeeded } from "../../src/content/money.ts";

const intl = (amount: number, currency: string) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency, maximumFractionDigits: 0 }).format(amount);

describe("formatMoney", () => {
  it("writes whole-unit prices as en-US does", () => {
    expect(formatMoney(120, "USD")).toBe("$120");
    expect(formatMoney(1500, "EUR")).toBe("€1,500");
    expect(formatMoney(1234567, "CAD")).toBe("CA$1,234,567");
    expect(formatMoney(0, "USD")).toBe("$0");
  });

  it("agrees with Intl.NumberFormat for every amount and currency", () => {
    const currencies = ["USD", "EUR", "GBP", "JPY", "CAD", "AUD", "MXN", "CHF", "SEK"];
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: -1e9, max: 1e9 }), fc.double({ min: -1e7, max: 1e7, noNaN: true }), fc.constantFrom(0.5, 1.5, 2.5, -0.5, 999.5, 1e16)),
        fc.constantFrom(...currencies),
        (amount, currency) => {
          expect(formatMoney(amount, currency)).toBe(intl(amount, currency));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("writes a price in the page's locale", () => {
    expect(formatMoney(1500, "USD", "es-US")).toBe("$1,500");
    expect(formatMoney(1500, "USD", "es-MX")).toBe(new Intl.NumberFormat("es-MX", { style: "currency", currency: "USD", maximumFractionDigits: 0 }).format(1500));
    expect(formatMoney(1500, "EUR", "de-DE")).toBe("1.500 €");
  });
});

describe("formatPrice", () => {
  const words = { free: "Free", from: "from {price}" };
  it("says a price as people do in a price table: an amount, Free, from an amount, a range", () => {
    expect(formatPrice(129, "USD", "en-US", words)).toBe("$129");
    expect(formatPrice(0, "USD", "en-US", words)).toBe("Free");
    expect(formatPrice({ from: 129 }, "USD", "en-US", words)).toBe("from $129");
    expect(formatPrice({ from: 100, to: 1500 }, "USD", "en-US", words).replace(/\u2009/g, " ")).toBe("$100 – $1,500");
    expect(formatPrice({ from: 100, to: 1500 }, "EUR", "de-DE", words).replace(/\u00a0/g, " ")).toBe("100–1.500 €");
    expect(formatPrice({ from: 129 }, "USD", "es-US", { from: "desde {price}" })).toBe("desde $129");
  });

  it("gives the amount alone in a sentence, which words it itself ({setupPrice})", () => {
    expect(formatPrice(0, "USD", "en-US")).toBe("$0");
    expect(formatPrice({ from: 129 }, "USD", "en-US")).toBe("$129");
  });

  it("names the words a site's prices need", () => {
    expect(priceWordsNeeded({ a: 1, b: { from: 1, to: 2 } })).toEqual([]);
    expect(priceWordsNeeded({ a: 0, b: { from: 5 } })).toEqual(["free", "from"]);
  });
});
