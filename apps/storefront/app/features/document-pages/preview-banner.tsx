import { useTranslation } from '../../i18n/i18n-provider.tsx'

/** Tells an editor that the page shows a draft (a preview visitors never see). */
export function PreviewBanner() {
  const { t } = useTranslation()
  return (
    <p
      role="status"
      className="mb-6 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      {t('cmsPages.preview.banner')}
    </p>
  )
}
