import { createContext, use, useMemo, type ReactNode } from 'react'
import { DEFAULT_LOCALE, type Locale } from '@optika/i18n/locales'
import { createTranslate, type Translate } from './create-translate.ts'
import type { Dictionary } from './dictionary.ts'

interface I18nValue {
  readonly locale: Locale
  readonly t: Translate
}

const I18nContext = createContext<I18nValue>({ locale: DEFAULT_LOCALE, t: (key) => key })

/** Gives the page's components its language and that language's texts. */
export function I18nProvider({
  locale,
  dictionary,
  children,
}: {
  locale: Locale
  dictionary: Dictionary
  children: ReactNode
}) {
  const value = useMemo(() => ({ locale, t: createTranslate(dictionary) }), [locale, dictionary])
  return <I18nContext value={value}>{children}</I18nContext>
}

/** The page's `t` and language; shaped like react-i18next's hook of the same name. */
export function useTranslation(): I18nValue {
  return use(I18nContext)
}
