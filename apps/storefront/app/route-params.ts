import { isLocale, type Locale } from '@optika/i18n/locales'
import { throwNotFound } from './route-responses.ts'

/** The page's language from its `:locale` URL segment; any other value is a page that does not exist. */
export function requireLocale(value: string | undefined): Locale {
  return isLocale(value) ? value : throwNotFound()
}

/** An object id from the URL; anything but a positive whole number is a page that does not exist. */
export function requireId(value: string | undefined): number {
  const id = /^\d{1,15}$/.test(value ?? '') ? Number(value) : 0
  return id > 0 ? id : throwNotFound()
}
