import { formatFrameSize, type FrameSize } from '@optika/domain/catalogue/frame-fit'
import { useTranslation } from '../i18n/i18n-provider.tsx'

/**
 * "Fits like your pair" on a tile of a list filtered by fit (decision 025), with the frame's own
 * size, so the shopper sees how close it is.
 */
export function FitBadge({ size }: { readonly size: FrameSize }) {
  const { t, locale } = useTranslation()
  return (
    <p className="mt-2 flex flex-wrap items-center gap-x-1.5 px-1 text-xs">
      <span className="rounded-full bg-emerald-50 px-2 py-0.5 font-semibold text-emerald-900 ring-1 ring-emerald-700/30">
        {t('frameFit.badge')}
      </span>
      <span className="text-stone-600">{formatFrameSize(size, locale)}</span>
    </p>
  )
}
