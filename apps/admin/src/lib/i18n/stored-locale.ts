import { DEFAULT_LOCALE, isLocale, type Locale } from '@optika/i18n/locales'

const STORAGE_KEY = 'optika.admin.locale'

/** The language the user last chose in the back office, else the shop's default (Czech). */
export function readStoredLocale(): Locale {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY)
    return isLocale(stored) ? stored : DEFAULT_LOCALE
  } catch {
    // Storage can be blocked by privacy settings; the default language still works.
    return DEFAULT_LOCALE
  }
}

/** Remembers the chosen language for the next visit. */
export function storeLocale(locale: Locale): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, locale)
  } catch {
    // Not persisting the choice is acceptable: switching still works for this visit.
  }
}

/**
 * Tells the server the back office's language, so the API's messages (errors above all) come in
 * the language the screens are in, whatever the browser asks for and whichever storefront page
 * was visited last: a cookie on the back office's own path (`ADMIN_LOCALE_COOKIE` on the server).
 */
export function shareLocaleWithServer(locale: string): void {
  document.cookie = `optika-admin-locale=${encodeURIComponent(locale)}; Path=/admin; Max-Age=31536000; SameSite=Lax`
}
