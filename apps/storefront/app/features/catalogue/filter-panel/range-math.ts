import { DEFAULT_RANGE, type FilterSelection } from '@optika/domain/catalogue/filter-codec'
import { numberFormat } from '@optika/domain/i18n/intl-formats'

export interface Bounds {
  readonly min: number
  readonly max: number
}

/** Seed section 9: the slider moves in whole steps of 1. */
export const RANGE_STEP = 1

/**
 * Seed section 9 gives a "tooltip merge threshold 10000" without a unit. The original slider
 * compared the thumbs' distance in its own value units, sized for prices; for our ranges (a lens
 * width of 0–62 mm) 10000 would merge the tooltips always. We keep the intent — one 'a – b unit'
 * tooltip once the two would overlap — and measure the distance as a share of the track: the
 * tooltips ('62 mm') are about a fifth of the panel's track wide, so they merge when the thumbs
 * are closer than 20 % of it, whatever the range's size.
 */
export const TOOLTIP_MERGE_PERCENT = 20

/** The slider's full range: the filter's bounds, else 0–100 (seed section 9). */
export function fullRange(range: Bounds | undefined): Bounds {
  if (!range || !Number.isFinite(range.min) || !Number.isFinite(range.max)) return DEFAULT_RANGE
  return range.min <= range.max ? range : { min: range.max, max: range.min }
}

/** Where a value sits on the track, 0–100 %. */
export function percentOf(value: number, range: Bounds): number {
  const span = range.max - range.min
  if (span <= 0) return 0
  return Math.min(100, Math.max(0, ((value - range.min) / span) * 100))
}

/** Whether the two thumbs' tooltips become one 'a – b unit' tooltip. */
export function tooltipsMerge(low: number, high: number, range: Bounds): boolean {
  return percentOf(high, range) - percentOf(low, range) < TOOLTIP_MERGE_PERCENT
}

/** A value inside the range, on a whole step. */
export function clampToRange(value: number, range: Bounds): number {
  const stepped = Math.round(value / RANGE_STEP) * RANGE_STEP
  return Math.min(range.max, Math.max(range.min, stepped))
}

/** The thumbs a selection puts on the track (the full range when nothing is selected). */
export function thumbsFor(selection: FilterSelection | undefined, range: Bounds): [number, number] {
  if (selection?.type !== 'range') return [range.min, range.max]
  const low = clampToRange(selection.min, range)
  const high = clampToRange(selection.max, range)
  return low <= high ? [low, high] : [high, low]
}

/** The selection the thumbs make: null when they span the full range (seed sections 4, 5). */
export function rangeSelection(low: number, high: number, range: Bounds): FilterSelection | null {
  if (low === range.min && high === range.max) return null
  return { type: 'range', min: Math.min(low, high), max: Math.max(low, high) }
}

/** A tooltip's text: the rounded number followed by the unit (seed section 2). */
export function formatRangeValue(value: number, unit: string | undefined, locale: string): string {
  const number = numberFormat(locale, { maximumFractionDigits: 0 }).format(Math.round(value))
  return unit ? `${number} ${unit}` : number
}

/** The merged tooltip's text, 'a – b unit' (one number when the thumbs meet). */
export function formatMergedRange(
  low: number,
  high: number,
  unit: string | undefined,
  locale: string,
): string {
  if (Math.round(low) === Math.round(high)) return formatRangeValue(low, unit, locale)
  return `${formatRangeValue(low, undefined, locale)} – ${formatRangeValue(high, unit, locale)}`
}
