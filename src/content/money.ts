import type { PriceItem } from "../config/schema.ts";

const formats = new Map<string, Intl.NumberFormat>();

/** One format per locale and currency: making one costs far more than using it. */
function moneyFormat(currency: string, locale: string): Intl.NumberFormat {
  let format = formats.get(`${locale} ${currency}`);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: "currency", currency, maximumFractionDigits: 0 });
    formats.set(`${locale} ${currency}`, format);
  }
  return format;
}

/** A whole-unit price as `locale` writes it, by Intl: 120 USD -> "$120" in en-US, 1500 EUR -> "1.500 €" in de-DE. */
export function formatMoney(amount: number, currency: string, locale = "en-US"): string {
  return moneyFormat(currency, locale).format(amount);
}

/** A language's words for prices that are not one amount (chrome.yaml's prices). */
export interface PriceWords {
  /** For 0, e.g. Free. */
  free?: string;
  /** For a starting price: {price} is the amount, e.g. from {price}. */
  from?: string;
}

/**
 * A price of site.yaml as `locale` writes it: "$129"; a range "$100 – $200" as the locale writes
 * ranges. With the language's words (a price table), 0 is its word for free and a starting price
 * "from $129"; without them (a {placeholder} in a sentence, which words it itself) the amount alone.
 */
export function formatPrice(price: PriceItem, currency: string, locale: string, words?: PriceWords): string {
  const format = moneyFormat(currency, locale);
  if (typeof price === "number") return price === 0 && words?.free ? words.free : format.format(price);
  if (price.to !== undefined) return format.formatRange(price.from, price.to);
  const amount = format.format(price.from);
  return words?.from ? words.from.replaceAll("{price}", amount) : amount;
}

/** The words a site's prices need in each language's price tables: free for a 0, from for a starting price. */
export function priceWordsNeeded(items: Readonly<Record<string, PriceItem>>): Array<keyof PriceWords> {
  const prices = Object.values(items);
  return [
    ...(prices.some((price) => price === 0) ? (["free"] as const) : []),
    ...(prices.some((price) => typeof price === "object" && price.to === undefined) ? (["from"] as const) : []),
  ];
}
