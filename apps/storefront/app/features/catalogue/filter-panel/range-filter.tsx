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
/**
 * The thumbs are touch targets of at least 24 × 24 px, 44 × 44 px on a coarse pointer (WCAG 2.5.8;
 * 2.5.5 for touch). `--thumb` is that size; a thumb larger than its 24 px dot keeps the rest of its
 * box as a transparent border, so the dot looks the same and the whole box takes the finger.
 */
const SIZE = '[--thumb:1.5rem] pointer-coarse:[--thumb:2.75rem]'

const THUMB =
  '[&::-webkit-slider-thumb]:pointer-events-auto [&::-webkit-slider-thumb]:size-(--thumb) [&::-webkit-slider-thumb]:cursor-grab [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:border-[length:calc((var(--thumb)-1.5rem)/2)] [&::-webkit-slider-thumb]:border-solid [&::-webkit-slider-thumb]:border-transparent [&::-webkit-slider-thumb]:bg-brand-700 [&::-webkit-slider-thumb]:bg-clip-padding [&::-webkit-slider-thumb]:inset-ring-2 [&::-webkit-slider-thumb]:inset-ring-white ' +
  '[&::-moz-range-thumb]:pointer-events-auto [&::-moz-range-thumb]:size-(--thumb) [&::-moz-range-thumb]:box-border [&::-moz-range-thumb]:cursor-grab [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-[length:calc((var(--thumb)-1.5rem)/2)] [&::-moz-range-thumb]:border-solid [&::-moz-range-thumb]:border-transparent [&::-moz-range-thumb]:bg-brand-700 [&::-moz-range-thumb]:bg-clip-padding [&::-moz-range-thumb]:inset-ring-2 [&::-moz-range-thumb]:inset-ring-white ' +
  'focus-visible:outline-none [&:focus-visible::-webkit-slider-thumb]:ring-4 [&:focus-visible::-webkit-slider-thumb]:ring-brand-300 [&:focus-visible::-moz-range-thumb]:ring-4 [&:focus-visible::-moz-range-thumb]:ring-brand-300'

/**
 * Where a thumb's centre sits, as a CSS length from the track's left edge. The two thumbs never
 * overlap: the lower one travels over the track less one thumb at the right, the upper one over
 * the track less one thumb at the left, so even at equal values they sit side by side and each
 * stays reachable (WCAG 2.5.8). `fraction` is 0–1 of the value range.
 */
function thumbCentre(thumb: 0 | 1, fraction: number): string {
  return `calc(var(--thumb) * ${thumb === 0 ? 0.5 : 1.5} + (100% - 2 * var(--thumb)) * ${fraction})`
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
      // Each input spans the track less one thumb, on its own side (see thumbCentre).
      className={`pointer-events-none absolute top-0 h-(--thumb) w-[calc(100%-var(--thumb))] appearance-none bg-transparent ${thumb === 0 ? 'left-0' : 'left-(--thumb)'} ${THUMB}`}
    />
  )

  const lowAt = lowPercent / 100
  const highAt = highPercent / 100
  const tooltip = 'absolute -top-7 -translate-x-1/2 rounded bg-stone-800 px-1.5 py-0.5 text-white'
  return (
    <div className="px-1 pt-8">
      <div className={`relative h-(--thumb) ${SIZE}`}>
        <div
          aria-hidden="true"
          className="absolute inset-x-[calc(var(--thumb)/2)] top-[calc(var(--thumb)/2-0.125rem)] h-1 rounded-full bg-stone-200"
        />
        <div
          aria-hidden="true"
          className="absolute top-[calc(var(--thumb)/2-0.125rem)] h-1 rounded-full bg-brand-600"
          style={{
            left: thumbCentre(0, lowAt),
            width: `calc(var(--thumb) + (100% - 2 * var(--thumb)) * ${highAt - lowAt})`,
          }}
        />
        <div aria-hidden="true" className="text-xs font-medium whitespace-nowrap text-stone-700">
          {merged ? (
            <span
              className={tooltip}
              style={{
                left: `calc(var(--thumb) + (100% - 2 * var(--thumb)) * ${(lowAt + highAt) / 2})`,
              }}
            >
              {formatMergedRange(low, high, unit, locale)}
            </span>
          ) : (
            [lowAt, highAt].map((at, index) => (
              <span
                key={index}
                className={tooltip}
                style={{ left: thumbCentre(index === 0 ? 0 : 1, at) }}
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
