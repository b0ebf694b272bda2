import { useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'
import type { ProductImage } from '@optika/domain/catalogue/product-detail-api'
import { GlassesIcon } from '../../../components/icons.tsx'
import { useTranslation } from '../../../i18n/i18n-provider.tsx'
import { ProductZoom } from './product-zoom.tsx'

/** A horizontal move longer than this (CSS pixels) is a swipe, not a click. */
const SWIPE_DISTANCE = 40

interface ProductGalleryProps {
  readonly images: readonly ProductImage[]
  /** Names the pictures for people who cannot see them. */
  readonly productName: string
  /** Only the picture the page opens with is fetched first (the page's largest paint). */
  readonly priority: boolean
}

/**
 * The selected variant's pictures: a main picture (click or Enter opens the full-screen zoom,
 * `ProductZoom`), a strip of thumbnail buttons, Arrow keys and swipes to move between them.
 * The page gives each variant a gallery of its own (`key`), so another colour starts at its first.
 */
export function ProductGallery({ images, productName, priority }: ProductGalleryProps) {
  const { t } = useTranslation()
  const [index, setIndex] = useState(0)
  const [zooming, setZooming] = useState(false)
  const thumbnails = useRef<(HTMLButtonElement | null)[]>([])
  const swipe = useRef<{ x: number; y: number; swiped: boolean } | null>(null)
  const hintId = useId()

  const count = images.length
  const shown = images[Math.min(index, count - 1)]

  function move(by: number, focus: boolean) {
    if (count < 2) return
    const next = (index + by + count) % count
    setIndex(next)
    if (focus) thumbnails.current[next]?.focus()
  }

  function onArrows(event: KeyboardEvent, focusThumbnail: boolean) {
    if (event.key === 'ArrowRight') {
      event.preventDefault()
      move(1, focusThumbnail)
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault()
      move(-1, focusThumbnail)
    }
  }

  function onPointerDown(event: PointerEvent) {
    swipe.current = { x: event.clientX, y: event.clientY, swiped: false }
  }

  function onPointerUp(event: PointerEvent) {
    const start = swipe.current
    if (!start) return
    const dx = event.clientX - start.x
    if (Math.abs(dx) > SWIPE_DISTANCE && Math.abs(dx) > Math.abs(event.clientY - start.y)) {
      start.swiped = true
      move(dx < 0 ? 1 : -1, false)
    }
  }

  function openZoom() {
    // A swipe ends with a click on the same picture; it moved the gallery, it does not zoom.
    if (swipe.current?.swiped) {
      swipe.current = null
      return
    }
    setZooming(true)
  }

  if (!shown) {
    return (
      <div className="grid aspect-[4/3] place-items-center rounded-3xl bg-stone-50">
        <span className="flex flex-col items-center gap-2 text-sm text-stone-500">
          <GlassesIcon className="size-14" />
          {t('shop.product.noImage')}
        </span>
      </div>
    )
  }

  return (
    <section aria-label={t('productPage.pictures')}>
      <button
        type="button"
        onClick={openZoom}
        onKeyDown={(event) => onArrows(event, false)}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        aria-label={`${t('productPage.enlargePicture')}: ${shown.alt || productName}`}
        aria-describedby={count > 1 ? hintId : undefined}
        className="grid aspect-[4/3] w-full cursor-zoom-in touch-pan-y place-items-center overflow-hidden rounded-3xl bg-stone-50 select-none"
      >
        <img
          key={shown.id}
          src={shown.medium}
          width={shown.width}
          height={shown.height}
          alt={shown.alt || productName}
          fetchPriority={priority && index === 0 ? 'high' : 'auto'}
          decoding={priority && index === 0 ? 'sync' : 'async'}
          draggable={false}
          className="h-full w-full object-contain p-6 mix-blend-multiply"
        />
      </button>
      {count > 1 ? (
        <>
          <p id={hintId} className="sr-only">
            {t('productPage.galleryHint')}
          </p>
          <ul
            className="mt-3 flex gap-2 overflow-x-auto pb-1"
            onKeyDown={(event) => onArrows(event, true)}
          >
            {images.map((image, i) => (
              <li key={image.id} className="shrink-0">
                <button
                  type="button"
                  ref={(node) => {
                    thumbnails.current[i] = node
                  }}
                  aria-pressed={i === index}
                  aria-label={t('productPage.showPicture', { number: i + 1, total: count })}
                  onClick={() => setIndex(i)}
                  className="grid size-16 place-items-center overflow-hidden rounded-xl border border-stone-200 bg-stone-50 hover:border-stone-400 aria-pressed:border-brand-700 aria-pressed:ring-1 aria-pressed:ring-brand-700 sm:size-20"
                >
                  <img
                    src={image.thumbnail}
                    width={image.width}
                    height={image.height}
                    alt=""
                    loading="lazy"
                    decoding="async"
                    className="h-full w-full object-contain p-1 mix-blend-multiply"
                  />
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {zooming ? (
        <ProductZoom
          images={images}
          index={Math.min(index, count - 1)}
          onIndexChange={setIndex}
          name={productName}
          onClose={() => setZooming(false)}
        />
      ) : null}
    </section>
  )
}
