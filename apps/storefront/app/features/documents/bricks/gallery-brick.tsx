import { useState } from 'react'
import type { ResolvedGalleryImage } from '@optika/domain/cms/resolved-content'
import { useTranslation } from '../../../i18n/i18n-provider.tsx'
import { useHydrated } from '../../accounts/account/use-hydrated.ts'
import { ProductZoom } from '../../catalogue/product-page/product-zoom.tsx'
import { DocumentImage } from '../document-image.tsx'
import { BrickSection } from './brick-section.tsx'

/**
 * Pictures in a grid; each opens the shop's one lightbox (the product zoom the galleries use too:
 * ← → Home End, swipes, pinch, Escape or the close button to return to the picture it was
 * opened from). Without JavaScript each thumbnail is a link to the large picture.
 */
export function GalleryBrick({
  title,
  images,
}: {
  title: string
  images: readonly ResolvedGalleryImage[]
}) {
  const { t } = useTranslation()
  const [current, setCurrent] = useState<number | null>(null)
  // Before the scripts run a thumbnail is a plain link to the large picture.
  const hydrated = useHydrated()
  if (images.length === 0) return null

  return (
    <BrickSection title={title} brick="gallery">
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3 lg:grid-cols-4">
        {images.map((image, index) => (
          <li key={`${image.full.src}-${index}`}>
            <a
              href={image.full.src}
              aria-haspopup={hydrated ? 'dialog' : undefined}
              onClick={(event) => {
                event.preventDefault()
                setCurrent(index)
              }}
              className="block overflow-hidden rounded-xl bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            >
              <DocumentImage
                image={{
                  ...image.thumbnail,
                  alt: image.thumbnail.alt
                    ? t('cmsBricks.gallery.open', { name: image.thumbnail.alt })
                    : t('cmsBricks.gallery.openNumber', {
                        number: index + 1,
                        count: images.length,
                      }),
                }}
                sizes="(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw"
                className="aspect-square w-full object-cover transition-transform duration-300 hover:scale-[1.03]"
              />
            </a>
          </li>
        ))}
      </ul>
      {current !== null ? (
        <ProductZoom
          images={images.map((image, index) => ({
            id: index,
            large: image.full.src,
            width: image.full.width,
            height: image.full.height,
            alt: image.full.alt,
            caption: image.caption ?? '',
          }))}
          index={Math.min(current, images.length - 1)}
          onIndexChange={setCurrent}
          // A picture without its own text is named by its place in the gallery.
          name={t('cmsBricks.gallery.position', { number: current + 1, count: images.length })}
          onClose={() => setCurrent(null)}
        />
      ) : null}
    </BrickSection>
  )
}
