import { createInstance } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { FALLBACK_LOCALE, LOCALES, type Locale } from '@optika/i18n/locales'
import { loadTranslations } from '../../lib/i18n/load-translations.ts'
import { readStoredLocale, shareLocaleWithServer } from '../../lib/i18n/stored-locale.ts'

/** The back office's i18next instance; its dictionaries come from the server, never the bundle. */
export const adminI18n = createInstance()

/**
 * Starts i18next in the stored language (Czech by default) with English as the fallback, and
 * loads both dictionaries before the first render so the shell never flashes raw keys.
 */
export async function initAdminI18n(): Promise<void> {
  const locale = readStoredLocale()
  adminI18n.on('languageChanged', (language) => {
    document.documentElement.lang = language
    shareLocaleWithServer(language)
  })
  await adminI18n.use(initReactI18next).init({
    lng: locale,
    fallbackLng: FALLBACK_LOCALE,
    supportedLngs: LOCALES,
    resources: {},
    partialBundledLanguages: true,
    keySeparator: false,
    nsSeparator: false,
    returnEmptyString: false,
    // A text missing in every language shows its key (spec §1).
    parseMissingKeyHandler: (key) => key,
    // React escapes what it renders; escaping here too would double-encode.
    interpolation: { escapeValue: false },
    react: { useSuspense: false, bindI18nStore: 'added' },
  })
  await Promise.all(withFallback(locale).map((code) => loadTranslations(adminI18n, code)))
}

function withFallback(locale: Locale): Locale[] {
  return locale === FALLBACK_LOCALE ? [locale] : [locale, FALLBACK_LOCALE]
}
