import { useEffect, useRef } from 'react'
import { useTranslation } from '../i18n/i18n-provider.tsx'
import { Link, useLocation } from 'react-router'
import { LOCALES, type Locale } from '@optika/i18n/locales'
import { languageName } from '../i18n/language-name.ts'
import { ChevronDownIcon, GlobeIcon } from './icons.tsx'

/**
 * Links to the current page in each language (a disclosure, so the header stays compact).
 * Following one keeps the visitor where they are: a category opens as the same category.
 */
export function LanguageSwitcher({
  locale,
  alternates,
  languages = LOCALES,
}: {
  locale: Locale
  alternates: Record<Locale, string>
  /** The languages switched on in the system settings. */
  languages?: readonly Locale[]
}) {
  const { t } = useTranslation()
  const details = useRef<HTMLDetailsElement>(null)
  const location = useLocation()

  // Close the menu once the page changed; it stays open only while the visitor is choosing.
  useEffect(() => {
    if (details.current) details.current.open = false
  }, [location.key])

  return (
    // On phones the menu opens across the header's width (the header places it), beside the
    // switcher on wider screens.
    <nav aria-label={t('shop.language.label')} className="sm:relative">
      <details ref={details} className="group">
        <summary className="flex h-11 min-w-11 cursor-pointer list-none items-center justify-center gap-1.5 rounded-full px-2 text-sm font-medium text-stone-700 hover:bg-stone-100 hover:text-stone-900 sm:px-3 [&::-webkit-details-marker]:hidden">
          <GlobeIcon className="size-5 shrink-0" />
          <span className="sr-only">{t('shop.language.label')}: </span>
          {/* Phones show the language's code; its name is read out either way. */}
          <span className="sr-only sm:not-sr-only">{languageName(locale)}</span>
          <span aria-hidden="true" className="uppercase sm:hidden">
            {locale}
          </span>
          <ChevronDownIcon className="hidden size-4 transition-transform group-open:rotate-180 sm:block" />
        </summary>
        <ul className="absolute top-full right-4 left-4 z-30 rounded-2xl border border-stone-200 bg-white p-1.5 shadow-lg shadow-stone-900/10 sm:top-auto sm:right-0 sm:left-auto sm:mt-2 sm:w-48">
          {languages.map((l) => (
            <li key={l}>
              <Link
                to={alternates[l]}
                hrefLang={l}
                lang={l}
                aria-current={l === locale ? 'true' : undefined}
                className="flex items-center justify-between rounded-xl px-3 py-2 text-sm text-stone-700 hover:bg-stone-100 hover:text-stone-900 aria-[current]:font-semibold aria-[current]:text-brand-800"
              >
                {languageName(l)}
                <span className="text-xs text-stone-500 uppercase" aria-hidden="true">
                  {l}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </details>
    </nav>
  )
}
