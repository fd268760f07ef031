// Building an Intl formatter costs far more than formatting with one, and a page formats dozens of
// values: each formatter is made once per key (locale and options) and kept for the process.
// Locales and zones come from requests, so the cache is bounded.
const made = new Map<string, unknown>();
const LIMIT = 400;

/** The formatter for `key`, made by `make` the first time it is asked for. */
export function cachedFormatter<T>(key: string, make: () => T): T {
  let formatter = made.get(key) as T | undefined;
  if (formatter === undefined) {
    formatter = make();
    if (made.size >= LIMIT) made.clear();
    made.set(key, formatter);
  }
  return formatter;
}
