import type { i18n as I18n } from 'i18next'
import type { Locale } from '@optika/i18n/locales'
import { loadTranslations } from './load-translations.ts'
import { storeLocale } from './stored-locale.ts'

/**
 * Switches the back office to another language: loads (or refreshes) its dictionary, switches
 * i18next, which re-renders the UI and sets `<html lang>`, and remembers the choice. A failed load
 * still switches: texts then fall back to English, or show their keys.
 */
export async function changeLocale(i18n: I18n, locale: Locale): Promise<void> {
  await loadTranslations(i18n, locale)
  await i18n.changeLanguage(locale)
  storeLocale(locale)
}
