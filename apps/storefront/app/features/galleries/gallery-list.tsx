import { useId } from 'react'
import { Link } from 'react-router'
import type { GallerySummary } from '@optika/domain/community/gallery-api'
import { GlassesIcon } from '../../components/icons.tsx'
import { useTranslation } from '../../i18n/i18n-provider.tsx'
import { formatGalleryDate } from './format-gallery-date.ts'

/** The albums as cards: cover, title, date and how many photographs; 'No galleries found' when none. */
export function GalleryList({ galleries }: { galleries: readonly GallerySummary[] }) {
  const { t, locale } = useTranslation()
  const headingId = useId()
  if (galleries.length === 0) {
    return (
      <p role="status" className="rounded-2xl bg-stone-50 p-8 text-center text-stone-600">
        {t('gallery.noGalleries')}
      </p>
    )
  }
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="sr-only">
        {t('page.galleries')}
      </h2>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {galleries.map((gallery) => (
          <li key={gallery.id}>
            <article
              data-testid="gallery-card"
              className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-700"
            >
              {gallery.cover ? (
                <img
                  src={gallery.cover.medium.src}
                  srcSet={`${gallery.cover.thumbnail.src} ${gallery.cover.thumbnail.width}w, ${gallery.cover.medium.src} ${gallery.cover.medium.width}w, ${gallery.cover.large.src} ${gallery.cover.large.width}w`}
                  sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
                  width={gallery.cover.medium.width}
                  height={gallery.cover.medium.height}
                  // The card's title names it; the cover is decoration here.
                  alt=""
                  loading="lazy"
                  className="aspect-[4/3] w-full bg-stone-100 object-cover transition-transform duration-300 group-hover:scale-[1.02]"
                />
              ) : (
                <span className="grid aspect-[4/3] w-full place-items-center bg-stone-100 text-stone-400">
                  <GlassesIcon className="size-12" />
                </span>
              )}
              <div className="flex flex-1 flex-col gap-1 p-4">
                <h3 className="text-lg font-semibold text-stone-900 [overflow-wrap:anywhere]">
                  <Link
                    to={gallery.url}
                    className="outline-none after:absolute after:inset-0 hover:text-brand-800"
                  >
                    {gallery.title}
                  </Link>
                </h3>
                {gallery.description ? (
                  <p className="line-clamp-3 text-sm text-stone-600">{gallery.description}</p>
                ) : null}
                <p className="mt-auto flex flex-wrap gap-x-3 pt-2 text-sm text-stone-600">
                  {gallery.date ? (
                    <time dateTime={gallery.date}>{formatGalleryDate(gallery.date, locale)}</time>
                  ) : null}
                  <span>{t('galleries.list.pictureCount', { count: gallery.pictureCount })}</span>
                </p>
              </div>
            </article>
          </li>
        ))}
      </ul>
    </section>
  )
}
