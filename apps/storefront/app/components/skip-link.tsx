import { useTranslation } from '../i18n/i18n-provider.tsx'

/** The first stop of the keyboard: straight past the header to the page's content. */
export function SkipLink() {
  const { t } = useTranslation()
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-md bg-brand-700 px-4 py-2 font-medium text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      {t('shop.skipLink')}
    </a>
  )
}
