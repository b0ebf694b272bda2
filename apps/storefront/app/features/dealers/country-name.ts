/** A country's name in the page's language ("CZ" → "Česko"); the code when the browser has none. */
export function countryName(locale: string, code: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code
  } catch {
    return code
  }
}
