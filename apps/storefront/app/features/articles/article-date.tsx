import type { Locale } from '@optika/i18n/locales'

/** An article's date (`YYYY-MM-DD`) in the page's language; the same text on server and browser. */
export function ArticleDate({ date, locale }: { date: string; locale: Locale }) {
  const text = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  )
  return <time dateTime={date}>{text}</time>
}
