import { useId, useRef, useState } from 'react'
import type { GalleryAlbum, GalleryPicture } from '@optika/domain/community/gallery-api'
import { useTranslation } from '../../i18n/i18n-provider.tsx'
import { useHydrated } from '../accounts/account/use-hydrated.ts'
import { ProductZoom, type ZoomPicture } from '../catalogue/product-page/product-zoom.tsx'

function srcSetOf(picture: GalleryPicture): string {
  return [picture.thumbnail, picture.medium, picture.large]
    .map((size) => `${size.src} ${size.width}w`)
    .join(', ')
}

/** What the lightbox shows of a gallery picture: the large size with its caption. */
export function zoomPictureOf(picture: GalleryPicture): ZoomPicture {
  return {
    id: picture.id,
    large: picture.large.src,
    width: picture.large.width,
    height: picture.large.height,
    alt: picture.alt,
    caption: picture.caption,
  }
}

/**
 * The album's photographs in a grid with their captions; each opens the shop's lightbox (the
 * product zoom: keys, swipes, pinch). Without JavaScript each is a link to its large picture.
 */
export function GalleryPictures({ album }: { album: GalleryAlbum }) {
  const { t } = useTranslation()
  const headingId = useId()
  const hydrated = useHydrated()
  const [open, setOpen] = useState<number | null>(null)
  const [index, setIndex] = useState(0)
  const openers = useRef<(HTMLAnchorElement | null)[]>([])
  const total = album.pictures.length
  if (total === 0) {
    return (
      <p role="status" className="rounded-2xl bg-stone-50 p-8 text-center text-stone-600">
        {t('galleries.album.empty')}
      </p>
    )
  }
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="sr-only">
        {t('galleries.album.pictures')}
      </h2>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4">
        {album.pictures.map((picture, i) => (
          <li key={`${picture.id}-${i}`}>
            <figure className="flex h-full flex-col">
              <a
                ref={(element) => {
                  openers.current[i] = element
                }}
                href={picture.large.src}
                aria-haspopup={hydrated ? 'dialog' : undefined}
                aria-label={
                  picture.caption
                    ? t('galleries.album.open', {
                        number: i + 1,
                        total,
                        caption: picture.caption,
                      })
                    : t('galleries.album.openNumber', { number: i + 1, total })
                }
                onClick={(event) => {
                  if (event.metaKey || event.ctrlKey || event.shiftKey) return
                  event.preventDefault()
                  setIndex(i)
                  setOpen(i)
                }}
                className="block overflow-hidden rounded-xl bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
              >
                <img
                  src={picture.thumbnail.src}
                  srcSet={srcSetOf(picture)}
                  sizes="(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw"
                  width={picture.thumbnail.width}
                  height={picture.thumbnail.height}
                  // The link's label names the picture.
                  alt=""
                  loading={i < 8 ? 'eager' : 'lazy'}
                  className="aspect-square w-full object-cover transition-transform duration-300 hover:scale-[1.03]"
                />
              </a>
              {picture.caption ? (
                <figcaption className="mt-1.5 text-sm text-stone-600 [overflow-wrap:anywhere]">
                  {picture.caption}
                </figcaption>
              ) : null}
            </figure>
          </li>
        ))}
      </ul>
      {open !== null ? (
        <ProductZoom
          images={album.pictures.map(zoomPictureOf)}
          index={Math.min(index, total - 1)}
          onIndexChange={setIndex}
          name={album.title}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </section>
  )
}
