import { isLocale, type Locale } from '@optika/i18n/locales'
import { inEveryLocale } from './in-every-locale.ts'

/**
 * The same path in every language, by swapping its language segment (or putting one in front):
 * how a page without translated slugs, or one that does not exist, points to itself elsewhere.
 */
export function swapLocaleInPath(pathname: string): Record<Locale, string> {
  const [, first = '', ...rest] = pathname.split('/')
  const tail = (isLocale(first) ? rest : [first, ...rest]).filter((segment) => segment !== '')
  const suffix = tail.length > 0 ? `/${tail.join('/')}` : ''
  return inEveryLocale((locale) => `/${locale}${suffix}`)
}
