const formats = new Map<string, Intl.NumberFormat>();

/** A number as `locale` writes it, with at most `fractionDigits` decimals: 4.8 -> "4,8" in es-ES, 1212 -> "1,212" in en-US. */
export function formatNumber(value: number, locale: string, fractionDigits = 0): string {
  const key = `${locale} ${fractionDigits}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: fractionDigits });
    formats.set(key, format);
  }
  return format.format(value);
}
