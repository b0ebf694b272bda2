import type { Locale } from '@optika/i18n/locales'

/** An ISO date (YYYY-MM-DD) as the language writes it ("15. 9. 2026", "September 15, 2026"). */
export function formatGalleryDate(date: string, locale: Locale): string {
  const parsed = new Date(`${date}T12:00:00Z`)
  if (Number.isNaN(parsed.getTime())) return date
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(parsed)
}
