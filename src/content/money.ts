const formats = new Map<string, Intl.NumberFormat>();

/**
 * A whole-unit price as `locale` writes it, by Intl: 120 USD -> "$120" in en-US, 1500 EUR ->
 * "1.500 €" in de-DE. One format per locale and currency: making one costs far more than using it.
 */
export function formatMoney(amount: number, currency: string, locale = "en-US"): string {
  let format = formats.get(`${locale} ${currency}`);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: "currency", currency, maximumFractionDigits: 0 });
    formats.set(`${locale} ${currency}`, format);
  }
  return format.format(amount);
}
