// Building an Intl.NumberFormat costs far more than formatting with one: one per locale and
// precision, kept for the process (locales come from requests, so the map stays bounded).
const formats = new Map<string, Intl.NumberFormat>();

/** A number format with at most `maximumFractionDigits` decimals in `locale`, made once. */
export function numberFormat(locale: string, maximumFractionDigits: number): Intl.NumberFormat {
  const key = `${locale}|${maximumFractionDigits}`;
  let made = formats.get(key);
  if (!made) {
    made = new Intl.NumberFormat(locale, { maximumFractionDigits });
    if (formats.size >= 200) formats.clear();
    formats.set(key, made);
  }
  return made;
}
