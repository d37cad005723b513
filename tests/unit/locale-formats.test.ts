import { describe, expect, it } from "vitest";
import { formatMoney } from "../../src/content/money.ts";
import { formatNumber } from "../../src/content/numbers.ts";
import { formatDate } from "../../templates/pages/article.tsx";

// Money, numbers and dates come from Intl in the page's locale; these are the sample's own texts
// in English and Spanish, which its built pages must keep.
describe("formats in the page's locale", () => {
  it("writes prices as en-US and es-US do", () => {
    expect([formatMoney(295, "USD", "en-US"), formatMoney(1500, "USD", "en-US")]).toEqual(["$295", "$1,500"]);
    expect([formatMoney(295, "USD", "es-US"), formatMoney(1500, "USD", "es-US")]).toEqual(["$295", "$1,500"]);
    expect(formatMoney(1500, "EUR", "es-ES")).toBe("1500\u00a0€");
  });

  it("writes an article's date as en-US and es-US do, the calendar day whatever the time zone", () => {
    expect(formatDate("2025-10-17", "en-US")).toBe("October 17, 2025");
    expect(formatDate("2025-10-17", "es-US")).toBe("17 de octubre de 2025");
    expect(formatDate("2025-01-01", "en-US")).toBe("January 1, 2025");
    expect(formatDate("2025-01-01", "es-ES")).toBe("1 de enero de 2025");
  });

  it("writes an average and a count as each locale does", () => {
    expect([formatNumber(4.8, "en-US", 1), formatNumber(5, "en-US", 1), formatNumber(12120, "en-US")]).toEqual(["4.8", "5", "12,120"]);
    expect([formatNumber(4.8, "es-US", 1), formatNumber(4.8, "es-ES", 1), formatNumber(12120, "es-ES")]).toEqual(["4.8", "4,8", "12.120"]);
  });
});
