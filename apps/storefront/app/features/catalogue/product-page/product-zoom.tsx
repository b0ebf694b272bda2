import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react'
import { ChevronRightIcon } from '../../../components/icons.tsx'
import { useTranslation } from '../../../i18n/i18n-provider.tsx'
import {
  clampView,
  DOUBLE_TAP_SCALE,
  FITTED,
  SCALE_STEP,
  zoomAt,
  type Size,
  type ZoomView,
} from './zoom-view.ts'
import { keepFocusInside } from '../../../components/keep-focus-inside.ts'

/** A horizontal move longer than this (CSS pixels) at scale 1 is a swipe to the next picture. */
const SWIPE_DISTANCE = 40
/** Two taps within this time (ms) and distance (px) are a double tap. */
const DOUBLE_TAP_TIME = 350
const DOUBLE_TAP_DISTANCE = 30
/** A pointer that moved less than this (px) tapped. */
const TAP_SLOP = 8
/** How much one pixel of wheel scrolling zooms (exponential, so in and out are symmetric). */
const WHEEL_SPEED = 0.002

/**
 * A picture the zoom shows: its large size (a product's `ProductImage` is one as it is; the
 * galleries and the documents' gallery brick map theirs).
 */
export interface ZoomPicture {
  readonly id: number | string
  /** The URL of the large size. */
  readonly large: string
  readonly width: number
  readonly height: number
  /** '' = none: the dialog then names the picture with `name`. */
  readonly alt: string
  /** Shown under the picture (a gallery's caption); none for a product's pictures. */
  readonly caption?: string
}

interface ProductZoomProps {
  readonly images: readonly ZoomPicture[]
  readonly index: number
  readonly onIndexChange: (index: number) => void
  /** Names the dialog and the pictures without an alternative text (the product's name). */
  readonly name: string
  /** Called once the dialog closed (Escape, the close button); focus is already back. */
  readonly onClose: () => void
}

interface Gesture {
  /** Where each pointer on the stage is now. */
  readonly pointers: Map<number, { x: number; y: number }>
  /** The first pointer's start and whether it moved beyond a tap. */
  start: { x: number; y: number; moved: boolean } | null
  /** A pinch's starting distance and scale. */
  pinch: { distance: number; scale: number } | null
}

const ZERO: Size = { width: 0, height: 0 }

function sizeOf(element: HTMLElement | null): Size {
  return element ? { width: element.offsetWidth, height: element.offsetHeight } : ZERO
}

/**
 * Pictures full screen in a modal dialog — a product's, a gallery's, a gallery brick's: pinch,
 * wheel or + and − zoom, drag to move a zoomed picture, double-tap (or double-click) to zoom in
 * and back, swipe or press ← and → for the other pictures (Home and End for the first and the
 * last), Escape to close; a caption under the picture. The neighbours are fetched ahead, so the
 * next picture is there when asked for. Focus stays inside while it is open and returns to the
 * element that opened it.
 */
export function ProductZoom({ images, index, onIndexChange, name, onClose }: ProductZoomProps) {
  const { t } = useTranslation()
  const dialog = useRef<HTMLDialogElement>(null)
  const stage = useRef<HTMLDivElement>(null)
  const picture = useRef<HTMLImageElement>(null)
  const gesture = useRef<Gesture>({ pointers: new Map(), start: null, pinch: null })
  const lastTap = useRef<{ time: number; x: number; y: number } | null>(null)
  const [view, setView] = useState<ZoomView>(FITTED)
  const closeButton = useRef<HTMLButtonElement>(null)
  const hintId = useId()

  const count = images.length
  const shown = images[Math.min(index, count - 1)]

  useEffect(() => {
    const element = dialog.current
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    element?.showModal()
    closeButton.current?.focus()
    return () => {
      if (element?.open) element.close()
      opener?.focus()
    }
  }, [])

  // A mouse wheel zooms at the pointer. React's wheel listeners are passive, so it is added here
  // to keep the page behind from scrolling instead.
  useEffect(() => {
    const element = stage.current
    if (!element) return
    function onWheel(event: WheelEvent) {
      event.preventDefault()
      const box = element!.getBoundingClientRect()
      const at = {
        x: event.clientX - box.left - box.width / 2,
        y: event.clientY - box.top - box.height / 2,
      }
      const factor = Math.exp(-event.deltaY * WHEEL_SPEED)
      setView((current) =>
        zoomAt(current, current.scale * factor, at, sizeOf(picture.current), sizeOf(element)),
      )
    }
    element.addEventListener('wheel', onWheel, { passive: false })
    return () => element.removeEventListener('wheel', onWheel)
  }, [])

  // The neighbours load while this one is looked at (an Image outside the page: the dialog keeps
  // one picture).
  useEffect(() => {
    if (count < 2) return
    for (const by of [1, -1]) {
      const neighbour = images[(index + by + count) % count]
      if (neighbour) new Image().src = neighbour.large
    }
  }, [images, index, count])

  function show(by: number) {
    if (count < 2) return
    setView(FITTED)
    onIndexChange((index + by + count) % count)
  }

  function showAt(target: number) {
    if (count < 2 || target === index) return
    setView(FITTED)
    onIndexChange(target)
  }

  /** Where a pointer is, relative to the stage's centre. */
  function fromCentre(x: number, y: number) {
    const box = stage.current?.getBoundingClientRect()
    if (!box) return { x: 0, y: 0 }
    return { x: x - box.left - box.width / 2, y: y - box.top - box.height / 2 }
  }

  function zoomTo(scale: number, at = { x: 0, y: 0 }) {
    setView((current) => zoomAt(current, scale, at, sizeOf(picture.current), sizeOf(stage.current)))
  }

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    switch (event.key) {
      case 'ArrowRight':
        event.preventDefault()
        show(1)
        break
      case 'ArrowLeft':
        event.preventDefault()
        show(-1)
        break
      case 'Home':
        event.preventDefault()
        showAt(0)
        break
      case 'End':
        event.preventDefault()
        showAt(count - 1)
        break
      case '+':
      case '=':
        event.preventDefault()
        zoomTo(view.scale * SCALE_STEP)
        break
      case '-':
      case '_':
        event.preventDefault()
        zoomTo(view.scale / SCALE_STEP)
        break
      case 'Tab':
        keepFocusInside(dialog.current, event)
        break
    }
  }

  function onPointerDown(event: ReactPointerEvent<HTMLDivElement>) {
    const g = gesture.current
    try {
      // Moves beyond the stage (a finger sliding off the edge) still belong to this gesture.
      event.currentTarget.setPointerCapture(event.pointerId)
    } catch {
      // A pointer the browser does not track (an event made by a script) just is not captured.
    }
    g.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY })
    if (g.pointers.size === 1) {
      g.start = { x: event.clientX, y: event.clientY, moved: false }
      g.pinch = null
    } else if (g.pointers.size === 2) {
      const [a, b] = [...g.pointers.values()]
      if (a && b) g.pinch = { distance: Math.hypot(a.x - b.x, a.y - b.y), scale: view.scale }
      if (g.start) g.start.moved = true
    }
  }

  function onPointerMove(event: ReactPointerEvent<HTMLDivElement>) {
    const g = gesture.current
    const before = g.pointers.get(event.pointerId)
    if (!before) return
    const now = { x: event.clientX, y: event.clientY }
    g.pointers.set(event.pointerId, now)
    if (g.start && Math.hypot(now.x - g.start.x, now.y - g.start.y) > TAP_SLOP) g.start.moved = true

    if (g.pinch && g.pointers.size >= 2) {
      const [a, b] = [...g.pointers.values()]
      if (!a || !b || g.pinch.distance === 0) return
      const scale = (g.pinch.scale * Math.hypot(a.x - b.x, a.y - b.y)) / g.pinch.distance
      zoomTo(scale, fromCentre((a.x + b.x) / 2, (a.y + b.y) / 2))
    } else if (g.pointers.size === 1 && view.scale > 1) {
      const dx = now.x - before.x
      const dy = now.y - before.y
      setView((current) =>
        clampView(
          { ...current, x: current.x + dx, y: current.y + dy },
          sizeOf(picture.current),
          sizeOf(stage.current),
        ),
      )
    }
  }

  function onPointerEnd(event: ReactPointerEvent<HTMLDivElement>) {
    const g = gesture.current
    if (!g.pointers.delete(event.pointerId)) return
    if (g.pointers.size > 0) {
      // One finger of a pinch lifted: the other one pans from here on.
      g.pinch = null
      return
    }
    const start = g.start
    g.start = null
    if (!start || event.type === 'pointercancel') return
    const dx = event.clientX - start.x
    if (start.moved) {
      lastTap.current = null
      if (view.scale === 1 && Math.abs(dx) > SWIPE_DISTANCE) show(dx < 0 ? 1 : -1)
      return
    }
    // A tap: a second one close by in time and place zooms in there, or back out.
    const previous = lastTap.current
    const time = event.timeStamp
    if (
      previous &&
      time - previous.time < DOUBLE_TAP_TIME &&
      Math.hypot(event.clientX - previous.x, event.clientY - previous.y) < DOUBLE_TAP_DISTANCE
    ) {
      lastTap.current = null
      if (view.scale > 1) setView(FITTED)
      else zoomTo(DOUBLE_TAP_SCALE, fromCentre(event.clientX, event.clientY))
    } else {
      lastTap.current = { time, x: event.clientX, y: event.clientY }
    }
  }

  const control =
    'grid size-11 shrink-0 place-items-center rounded-full bg-white/10 text-white hover:bg-white/20 focus-visible:outline-white disabled:opacity-40'
  const percent = Math.round(view.scale * 100)

  return (
    <dialog
      ref={dialog}
      aria-label={shown?.caption || shown?.alt || name}
      aria-describedby={hintId}
      onKeyDown={onKeyDown}
      onClose={onClose}
      className="fixed inset-0 m-0 h-dvh max-h-none w-full max-w-none overflow-hidden overscroll-contain bg-stone-950 p-0 text-white backdrop:bg-stone-950/80"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center gap-2 p-2 sm:p-3">
          <p aria-live="polite" className="min-w-0 flex-1 truncate px-2 text-sm text-stone-200">
            {count > 1
              ? t('storefrontShellMobile.zoom.position', { number: index + 1, total: count })
              : null}
          </p>
          <output className="sr-only" aria-live="polite">
            {t('storefrontShellMobile.zoom.level', { percent })}
          </output>
          <button
            type="button"
            className={control}
            onClick={() => zoomTo(view.scale / SCALE_STEP)}
            disabled={view.scale <= 1}
          >
            <span aria-hidden="true" className="text-2xl leading-none">
              −
            </span>
            <span className="sr-only">{t('storefrontShellMobile.zoom.out')}</span>
          </button>
          <button
            type="button"
            className={control}
            onClick={() => zoomTo(view.scale * SCALE_STEP)}
            disabled={view.scale >= 4}
          >
            <span aria-hidden="true" className="text-2xl leading-none">
              +
            </span>
            <span className="sr-only">{t('storefrontShellMobile.zoom.in')}</span>
          </button>
          <form method="dialog">
            <button ref={closeButton} type="submit" className={control}>
              <span aria-hidden="true" className="text-2xl leading-none">
                ×
              </span>
              <span className="sr-only">{t('common.close')}</span>
            </button>
          </form>
        </div>
        <p id={hintId} className="sr-only">
          {t('storefrontShellMobile.zoom.hint')}
        </p>
        <div className="relative min-h-0 flex-1">
          <div
            ref={stage}
            data-testid="zoom-stage"
            data-scale={view.scale.toFixed(2)}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerEnd}
            onPointerCancel={onPointerEnd}
            className={`absolute inset-0 grid touch-none place-items-center overflow-hidden select-none ${view.scale > 1 ? 'cursor-grab active:cursor-grabbing' : 'cursor-zoom-in'}`}
          >
            {shown ? (
              <img
                ref={picture}
                key={shown.id}
                src={shown.large}
                width={shown.width}
                height={shown.height}
                alt={shown.alt || name}
                draggable={false}
                style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }}
                className="max-h-full max-w-full bg-white object-contain"
              />
            ) : null}
          </div>
          {count > 1 ? (
            <>
              <button
                type="button"
                onClick={() => show(-1)}
                className={`${control} absolute top-1/2 left-2 -translate-y-1/2 sm:left-4`}
              >
                <ChevronRightIcon className="size-6 rotate-180" />
                <span className="sr-only">{t('storefrontShellMobile.zoom.previous')}</span>
              </button>
              <button
                type="button"
                onClick={() => show(1)}
                className={`${control} absolute top-1/2 right-2 -translate-y-1/2 sm:right-4`}
              >
                <ChevronRightIcon className="size-6" />
                <span className="sr-only">{t('storefrontShellMobile.zoom.next')}</span>
              </button>
            </>
          ) : null}
        </div>
        {shown?.caption ? (
          <p
            data-testid="zoom-caption"
            className="shrink-0 px-4 py-3 text-center text-sm text-stone-100 [overflow-wrap:anywhere]"
          >
            {shown.caption}
          </p>
        ) : null}
      </div>
    </dialog>
  )
}
