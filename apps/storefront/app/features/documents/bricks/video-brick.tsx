import type { ResolvedVideo } from '@optika/domain/cms/resolved-content'
import { useTranslation } from '../../../i18n/i18n-provider.tsx'

/** A video the shop serves itself (no outside player), with its caption. */
export function DocumentVideo({ video, caption }: { video: ResolvedVideo; caption: string }) {
  const { t } = useTranslation()
  const label = video.title || caption || t('cmsBricks.video')
  return (
    <figure data-brick="video" className="min-w-0">
      <video
        controls
        preload="metadata"
        playsInline
        poster={video.poster?.src}
        width={video.poster?.width}
        height={video.poster?.height}
        aria-label={label}
        className="aspect-video h-auto w-full rounded-2xl bg-stone-900"
      >
        <source src={video.src} type={video.mimeType} />
        <a href={video.src} className="text-brand-700 underline">
          {t('cmsBricks.videoDownload')}
        </a>
      </video>
      {caption ? <figcaption className="mt-2 text-sm text-stone-600">{caption}</figcaption> : null}
    </figure>
  )
}
