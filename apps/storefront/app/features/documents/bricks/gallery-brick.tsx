import { useId, useRef, useState, type KeyboardEvent } from 'react'
import type { ResolvedGalleryImage } from '@optika/domain/cms/resolved-content'
import { CloseIcon } from '../../../components/icons.tsx'
import { keepFocusInside } from '../../../components/keep-focus-inside.ts'
import { useTranslation } from '../../../i18n/i18n-provider.tsx'
import { useHydrated } from '../../accounts/account/use-hydrated.ts'
import { DocumentImage } from '../document-image.tsx'
import { BrickSection } from './brick-section.tsx'

const ROUND_BUTTON =
  'inline-flex size-11 items-center justify-center rounded-full bg-white/90 text-stone-900 shadow hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white'

/**
 * Pictures in a grid; each opens a lightbox (a modal dialog: arrows or buttons for the previous
 * and next picture, Escape or the close button to return to the picture it was opened from).
 * Without JavaScript each thumbnail is a link to the large picture.
 */
export function GalleryBrick({
  title,
  images,
}: {
  title: string
  images: readonly ResolvedGalleryImage[]
}) {
  const { t } = useTranslation()
  const dialog = useRef<HTMLDialogElement>(null)
  const openers = useRef<(HTMLAnchorElement | null)[]>([])
  const [current, setCurrent] = useState<number | null>(null)
  const openedFrom = useRef<number | null>(null)
  const titleId = useId()
  // Before the scripts run a thumbnail is a plain link to the large picture.
  const hydrated = useHydrated()
  if (images.length === 0) return null
  const shown = current === null ? undefined : images[current]

  const open = (index: number) => {
    openedFrom.current = index
    setCurrent(index)
    dialog.current?.showModal()
  }
  const close = () => {
    const opener = openedFrom.current === null ? null : openers.current[openedFrom.current]
    openedFrom.current = null
    dialog.current?.close()
    setCurrent(null)
    opener?.focus()
  }
  const step = (by: number) =>
    setCurrent((index) => (index === null ? null : (index + by + images.length) % images.length))
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'ArrowRight') step(1)
    else if (event.key === 'ArrowLeft') step(-1)
    else keepFocusInside(dialog.current, event)
  }

  return (
    <BrickSection title={title} brick="gallery">
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3 lg:grid-cols-4">
        {images.map((image, index) => (
          <li key={`${image.full.src}-${index}`}>
            <a
              ref={(element) => {
                openers.current[index] = element
              }}
              href={image.full.src}
              aria-haspopup={hydrated ? 'dialog' : undefined}
              onClick={(event) => {
                event.preventDefault()
                open(index)
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
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
        // Escape closes a modal dialog natively: keep the state and focus in step.
        onClose={() => {
          if (current !== null) close()
        }}
        className="m-auto h-full max-h-none w-full max-w-none bg-stone-950/95 p-0 backdrop:bg-stone-950/80"
      >
        <div className="flex h-full flex-col">
          <div className="flex items-center justify-between gap-3 p-3">
            <p id={titleId} className="min-w-0 truncate text-sm text-white" aria-live="polite">
              {current === null
                ? ''
                : t('cmsBricks.gallery.position', {
                    number: current + 1,
                    count: images.length,
                  })}
            </p>
            <button
              type="button"
              onClick={close}
              className={ROUND_BUTTON}
              aria-label={t('common.close')}
            >
              <CloseIcon className="size-5" />
            </button>
          </div>
          <div className="flex min-h-0 flex-1 items-center justify-center px-2">
            {shown && current !== null ? (
              <DocumentImage
                image={{
                  ...shown.full,
                  // The enlarged picture is the dialog's content: it always has a text.
                  alt:
                    shown.full.alt ||
                    t('cmsBricks.gallery.position', { number: current + 1, count: images.length }),
                }}
                eager
                sizes="100vw"
                className="max-h-full w-auto object-contain"
              />
            ) : null}
          </div>
          {images.length > 1 ? (
            <div className="flex justify-center gap-4 p-4">
              <button
                type="button"
                onClick={() => step(-1)}
                className={ROUND_BUTTON}
                aria-label={t('cmsBricks.gallery.previous')}
              >
                <span aria-hidden="true">‹</span>
              </button>
              <button
                type="button"
                onClick={() => step(1)}
                className={ROUND_BUTTON}
                aria-label={t('cmsBricks.gallery.next')}
              >
                <span aria-hidden="true">›</span>
              </button>
            </div>
          ) : null}
        </div>
      </dialog>
    </BrickSection>
  )
}
