/**
 * Symbols en-US uses for the currencies a US service business is likely to price in. Prices in
 * these are formatted by hand: the first Intl.NumberFormat of a process loads ICU's locale data
 * (11 ms with Node 20; the sample's build was 2-6% slower with Intl alone, interleaved runs).
 * tests/unit/money.test.ts holds this to Intl's output.
 */
const SYMBOLS: Readonly<Record<string, string>> = { USD: "$", EUR: "€", GBP: "£", JPY: "¥", CAD: "CA$", AUD: "A$", MXN: "MX$" };

const intlFormats = new Map<string, Intl.NumberFormat>();

/** A whole-unit price as `locale` writes it: 120 USD -> "$120", 1500 EUR -> "€1,500" in en-US. */
export function formatMoney(amount: number, currency: string, locale = "en-US"): string {
  const symbol = SYMBOLS[currency];
  // Prices are never negative (the schema says so); anything unusual, or another locale, goes to Intl.
  if (locale !== "en-US" || symbol === undefined || !(amount >= 0) || Object.is(amount, -0) || amount >= 1e15) {
    return intlFormat(currency, locale).format(amount);
  }
  const digits = String(Math.round(amount)).replace(/\B(?=(\d{3})+$)/g, ",");
  return `${symbol}${digits}`;
}

function intlFormat(currency: string, locale: string): Intl.NumberFormat {
  let format = intlFormats.get(`${locale} ${currency}`);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: "currency", currency, maximumFractionDigits: 0 });
    intlFormats.set(`${locale} ${currency}`, format);
  }
  return format;
}
