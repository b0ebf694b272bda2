import { INTL_LOCALE, type Locale } from '@optika/i18n/locales'
import { dateTimeFormat, numberFormat } from '@optika/domain/i18n/intl-formats'

/** The highest rating; the domain's MAX_RATING (kept here: the page loads no zod). */
export const STARS = [1, 2, 3, 4, 5] as const

/** An average with one decimal in the page's language ('4,3' in Czech). */
export function formatAverage(average: number, locale: Locale): string {
  return numberFormat(INTL_LOCALE[locale], {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(average)
}

/**
 * The day a rating was given, in the page's language. One fixed time zone (the shop's), so the
 * server's HTML and the browser's render agree whatever zone either runs in.
 */
export function formatRatingDate(iso: string, locale: Locale): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime())
    ? iso
    : dateTimeFormat(INTL_LOCALE[locale], {
        dateStyle: 'medium',
        timeZone: 'Europe/Prague',
      }).format(date)
}

/** How wide a distribution bar is drawn: its share of all ratings, in whole percent. */
export function barPercent(count: number, total: number): number {
  return total === 0 ? 0 : Math.round((count / total) * 100)
}
