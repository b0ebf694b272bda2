import { useTranslation } from '../../../i18n/i18n-provider.tsx'

/**
 * Seed sections 2 and 9: while a list request runs, a 128×128 box covers the page; it cannot be
 * dismissed (a newer choice replaces the request instead). Screen readers hear 'Loading...'.
 */
export function LoadingOverlay() {
  const { t } = useTranslation()
  return (
    <div className="fixed inset-0 z-40 grid place-items-center bg-white/50" data-list-overlay="">
      <div
        role="status"
        className="flex size-32 flex-col items-center justify-center gap-3 rounded-2xl bg-white shadow-xl ring-1 ring-stone-900/10"
      >
        <span
          aria-hidden="true"
          className="size-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700"
        />
        <span className="text-sm font-medium text-stone-700">{t('list.loading')}</span>
      </div>
    </div>
  )
}
