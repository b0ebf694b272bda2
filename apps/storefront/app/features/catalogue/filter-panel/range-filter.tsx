import { useRef, useState, type ChangeEvent } from 'react'
import { useTranslation } from '../../../i18n/i18n-provider.tsx'
import {
  RANGE_STEP,
  formatMergedRange,
  formatRangeValue,
  fullRange,
  percentOf,
  rangeSelection,
  thumbsFor,
  tooltipsMerge,
  type Bounds,
} from './range-math.ts'
import { useDebounced } from './use-debounced.ts'
import type { WidgetProps } from './widget-props.ts'

/** Keyboard steps apply once the keys rest this long, so holding an arrow makes one request. */
export const RANGE_SETTLE_MS = 500
/** The thumb's width in px (size-5), to place the tooltips over the thumbs' centres. */
const THUMB_PX = 20

const THUMB =
  '[&::-webkit-slider-thumb]:pointer-events-auto [&::-webkit-slider-thumb]:size-5 [&::-webkit-slider-thumb]:cursor-grab [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:border-2 [&::-webkit-slider-thumb]:border-white [&::-webkit-slider-thumb]:bg-brand-700 [&::-webkit-slider-thumb]:shadow ' +
  '[&::-moz-range-thumb]:pointer-events-auto [&::-moz-range-thumb]:size-5 [&::-moz-range-thumb]:cursor-grab [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-2 [&::-moz-range-thumb]:border-white [&::-moz-range-thumb]:bg-brand-700 [&::-moz-range-thumb]:shadow ' +
  'focus-visible:outline-none [&:focus-visible::-webkit-slider-thumb]:ring-4 [&:focus-visible::-webkit-slider-thumb]:ring-brand-300 [&:focus-visible::-moz-range-thumb]:ring-4 [&:focus-visible::-moz-range-thumb]:ring-brand-300'

/** A tooltip's left edge so that it is centred over a thumb at `percent` of the track. */
function overThumb(percent: number): string {
  return `calc(${percent}% + ${(0.5 - percent / 100) * THUMB_PX}px)`
}

/**
 * Seed section 2: the numeric range widget, two native range inputs on one track (each keeps the
 * browser's slider semantics: arrows, Page Up/Down, Home/End, and is announced with its unit).
 * A drag applies when the thumb is released; keyboard steps once the keys rest. Back at the full
 * range the filter is cleared.
 */
export function RangeFilter({ filter, selection, onChange }: WidgetProps) {
  const { t, locale } = useTranslation()
  const range = fullRange(filter.range)
  const applied = thumbsFor(selection, range)
  const [thumbs, setThumbs] = useState<[number, number]>(applied)
  const appliedKey = applied.join('_')
  const [seen, setSeen] = useState(appliedKey)
  const [sent, setSent] = useState(appliedKey)
  if (appliedKey !== seen) {
    setSeen(appliedKey)
    if (appliedKey !== sent) setThumbs(applied)
  }

  // Event-time state only: whether a thumb is being dragged, and where the drag has got to.
  const dragging = useRef(false)
  const latest = useRef(thumbs)

  const commit = (low: number, high: number) => {
    setSent(`${low}_${high}`)
    if (low === applied[0] && high === applied[1]) return
    onChange(rangeSelection(low, high, range))
  }
  const settle = useDebounced(commit, RANGE_SETTLE_MS)

  const move = (thumb: 0 | 1) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = Number(event.currentTarget.value)
    const [low, high] = thumbs
    const next: [number, number] =
      thumb === 0 ? [Math.min(value, high), high] : [low, Math.max(value, low)]
    latest.current = next
    setThumbs(next)
    if (!dragging.current) settle.schedule(next[0], next[1])
  }
  // A drag applies on release, wherever the pointer is let go.
  const grab = () => {
    dragging.current = true
    settle.cancel()
    latest.current = thumbs
    const release = () => {
      window.removeEventListener('pointerup', release)
      window.removeEventListener('pointercancel', release)
      dragging.current = false
      commit(latest.current[0], latest.current[1])
    }
    window.addEventListener('pointerup', release)
    window.addEventListener('pointercancel', release)
  }

  const [low, high] = thumbs
  const lowPercent = percentOf(low, range)
  const highPercent = percentOf(high, range)
  const merged = tooltipsMerge(low, high, range)
  const unit = filter.unit
  const middle = (range.min + range.max) / 2
  const slider = (thumb: 0 | 1, label: string, value: number, bounds: Bounds) => (
    <input
      type="range"
      min={bounds.min}
      max={bounds.max}
      step={RANGE_STEP}
      value={value}
      aria-label={label}
      aria-valuetext={formatRangeValue(value, unit, locale)}
      onChange={move(thumb)}
      onPointerDown={grab}
      // The lower thumb goes on top in the upper half, so two thumbs at the top end can part.
      style={{ zIndex: thumb === 0 && low > middle ? 2 : 1 }}
      className={`pointer-events-none absolute inset-x-0 top-0 h-5 w-full appearance-none bg-transparent ${THUMB}`}
    />
  )

  return (
    <div className="px-1 pt-8">
      <div className="relative h-5">
        <div aria-hidden="true" className="absolute inset-x-0 top-2 h-1 rounded-full bg-stone-200">
          <div
            className="absolute h-1 rounded-full bg-brand-600"
            style={{ left: `${lowPercent}%`, right: `${100 - highPercent}%` }}
          />
        </div>
        <div aria-hidden="true" className="text-xs font-medium whitespace-nowrap text-stone-700">
          {merged ? (
            <span
              className="absolute -top-7 -translate-x-1/2 rounded bg-stone-800 px-1.5 py-0.5 text-white"
              style={{ left: overThumb((lowPercent + highPercent) / 2) }}
            >
              {formatMergedRange(low, high, unit, locale)}
            </span>
          ) : (
            [lowPercent, highPercent].map((percent, index) => (
              <span
                key={index}
                className="absolute -top-7 -translate-x-1/2 rounded bg-stone-800 px-1.5 py-0.5 text-white"
                style={{ left: overThumb(percent) }}
              >
                {formatRangeValue(index === 0 ? low : high, unit, locale)}
              </span>
            ))
          )}
        </div>
        {slider(0, t('panel.rangeFrom', { title: filter.title }), low, range)}
        {slider(1, t('panel.rangeTo', { title: filter.title }), high, range)}
      </div>
    </div>
  )
}
