import { Select } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@optika/i18n/locales'
import { changeLocale } from '../../../lib/i18n/change-locale.ts'
import { languageName } from '../../../lib/i18n/language-name.ts'

const LANGUAGE_OPTIONS = LOCALES.map((locale) => ({ value: locale, label: languageName(locale) }))

/** Picks the back office's language among the shop's six; the choice is remembered. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation()
  const current: Locale = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE
  return (
    <Select<Locale>
      aria-label={t('admin.language.label')}
      data={LANGUAGE_OPTIONS}
      value={current}
      allowDeselect={false}
      withCheckIcon={false}
      onChange={(locale) => {
        if (locale !== null && locale !== current) void changeLocale(i18n, locale)
      }}
      w={{ base: 100, sm: 140 }}
      size="sm"
    />
  )
}
