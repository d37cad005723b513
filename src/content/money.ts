/**
 * Symbols en-US uses for the currencies a US service business is likely to price in. Prices in
 * these are formatted by hand: creating an Intl.NumberFormat loads ICU's locale data, which costs
 * more (about 20 ms) than a small site's whole content stage.
 */
const SYMBOLS: Readonly<Record<string, string>> = { USD: "$", EUR: "€", GBP: "£", JPY: "¥", CAD: "CA$", AUD: "A$", MXN: "MX$" };

const intlFormats = new Map<string, Intl.NumberFormat>();

/** A whole-unit price as en-US writes it: 120 USD -> "$120", 1500 EUR -> "€1,500". */
export function formatMoney(amount: number, currency: string): string {
  const symbol = SYMBOLS[currency];
  // Prices are never negative (the schema says so); anything unusual goes to Intl.
  if (symbol === undefined || !(amount >= 0) || Object.is(amount, -0) || amount >= 1e15) return intlFormat(currency).format(amount);
  const digits = String(Math.round(amount)).replace(/\B(?=(\d{3})+$)/g, ",");
  return `${symbol}${digits}`;
}

function intlFormat(currency: string): Intl.NumberFormat {
  let format = intlFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat("en-US", { style: "currency", currency, maximumFractionDigits: 0 });
    intlFormats.set(currency, format);
  }
  return format;
}
