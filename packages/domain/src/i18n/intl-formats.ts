/**
 * Intl formatters kept per locale and options: building one costs far more than formatting with
 * it (tens of microseconds, on every product page and tile otherwise). The keys come from code
 * (six languages, a few option sets), so the map stays small; it is cleared if it ever is not.
 */
const kept = new Map<string, unknown>()
const MAX_KEPT = 512

function keep<T>(key: string, make: () => T): T {
  let value = kept.get(key) as T | undefined
  if (value === undefined) {
    if (kept.size >= MAX_KEPT) kept.clear()
    value = make()
    kept.set(key, value)
  }
  return value
}

export const numberFormat = (locale: string, options: Intl.NumberFormatOptions = {}) =>
  keep(`n|${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options))

export const dateTimeFormat = (locale: string, options: Intl.DateTimeFormatOptions = {}) =>
  keep(`d|${locale}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options))

export const listFormat = (locale: string, options: Intl.ListFormatOptions = {}) =>
  keep(`l|${locale}|${JSON.stringify(options)}`, () => new Intl.ListFormat(locale, options))

export const pluralRules = (locale: string, options: Intl.PluralRulesOptions = {}) =>
  keep(`p|${locale}|${JSON.stringify(options)}`, () => new Intl.PluralRules(locale, options))

export const collator = (locale: string, options: Intl.CollatorOptions = {}) =>
  keep(`c|${locale}|${JSON.stringify(options)}`, () => new Intl.Collator(locale, options))
