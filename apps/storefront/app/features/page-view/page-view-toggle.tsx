import { useLocation } from 'react-router'
import type { PageView } from '@optika/domain/community/page-view'
import { useTranslation } from '../../i18n/i18n-provider.tsx'

/**
 * The seed's mobile-view toggle: a plain form, so it costs the page no script and works without
 * one. The server remembers the choice in a cookie and answers with the page again, at this
 * control (`#page-view`), which names the view now shown.
 */
export function PageViewToggle({ view, id }: { view: PageView; id?: string }) {
  const { t } = useTranslation()
  const { pathname, search } = useLocation()
  const next = view === 'desktop' ? 'mobile' : 'desktop'
  return (
    <form
      method="post"
      action="/api/page-view"
      id={id}
      className="flex flex-wrap items-center gap-x-3 gap-y-1"
    >
      <input type="hidden" name="view" value={next} />
      <input type="hidden" name="back" value={pathname + search} />
      <span>{t('searchSuggest.view.current', { view: t(`searchSuggest.view.${view}`) })}</span>
      <button
        type="submit"
        className="min-h-11 rounded underline underline-offset-2 hover:text-brand-800"
      >
        {t(
          next === 'desktop'
            ? 'searchSuggest.view.switchToDesktop'
            : 'searchSuggest.view.switchToMobile',
        )}
      </button>
    </form>
  )
}
