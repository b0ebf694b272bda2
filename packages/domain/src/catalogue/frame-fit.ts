/**
 * "Fits like my glasses" (issue 21, docs/decisions/025-frames-that-fit.md): a frame's three
 * sizes, the list parameter that asks for frames sized like a shopper's own pair, and how close a
 * frame is. Shared by the server (GET /api/products, the search engine), the storefront and the
 * tests. No zod here: the storefront's category page imports it into the browser.
 */
import { numberFormat } from '../i18n/intl-formats.ts'

/** The three numbers printed inside a temple, in millimetres: `52□18 140`. */
export interface FrameSize {
  /** Width of one lens (the boxing system's horizontal size). */
  readonly lensWidth: number
  /** Distance between the lenses at the bridge. */
  readonly bridgeWidth: number
  /** Length of a temple from the hinge to the tip. */
  readonly templeLength: number
}

export const FRAME_SIZE_FIELDS = ['lensWidth', 'bridgeWidth', 'templeLength'] as const
export type FrameSizeField = (typeof FRAME_SIZE_FIELDS)[number]

/** The list parameter: `fit=52_18_140` (lens, bridge, temple, whole millimetres). */
export const FIT_PARAM = 'fit'

/**
 * How far a frame may be from the shopper's pair and still fit like it, per size (mm). A lens
 * 2 mm wider makes the front 4 mm wider, which most faces still carry; temples bend to fit.
 */
export const FIT_TOLERANCE: Readonly<Record<FrameSizeField, number>> = {
  lensWidth: 2,
  bridgeWidth: 2,
  templeLength: 5,
}

/** The sizes a shopper may enter (what frames for children and adults are made in). */
export const FIT_LIMITS: Readonly<Record<FrameSizeField, { min: number; max: number }>> = {
  lensWidth: { min: 30, max: 70 },
  bridgeWidth: { min: 10, max: 30 },
  templeLength: { min: 100, max: 170 },
}

const FIT_VALUE = /^(\d{2})_(\d{2})_(\d{3})$/

/** Is `value` a whole number of millimetres within the field's limits? */
export function isFitValue(field: FrameSizeField, value: number): boolean {
  const { min, max } = FIT_LIMITS[field]
  return Number.isInteger(value) && value >= min && value <= max
}

/** Reads `fit`: `52_18_140`, each within `FIT_LIMITS`; null when malformed. */
export function parseFitParam(raw: string | null | undefined): FrameSize | null {
  const match = FIT_VALUE.exec(raw ?? '')
  if (!match) return null
  const size: FrameSize = {
    lensWidth: Number(match[1]),
    bridgeWidth: Number(match[2]),
    templeLength: Number(match[3]),
  }
  return FRAME_SIZE_FIELDS.every((field) => isFitValue(field, size[field])) ? size : null
}

/** Writes `fit`: `52_18_140`. */
export function formatFitParam(size: FrameSize): string {
  return `${size.lensWidth}_${size.bridgeWidth}_${size.templeLength}`
}

/** The optician's notation, `52□18 140`, with the numbers in the page's language. */
export function formatFrameSize(size: FrameSize, locale: string): string {
  const number = numberFormat(locale, { maximumFractionDigits: 1 })
  return `${number.format(size.lensWidth)}□${number.format(size.bridgeWidth)} ${number.format(size.templeLength)}`
}

/** Does a frame of `frame`'s sizes fit like `pair`: every size within its tolerance? */
export function fitsLike(pair: FrameSize, frame: FrameSize): boolean {
  return FRAME_SIZE_FIELDS.every(
    (field) => Math.abs(frame[field] - pair[field]) <= FIT_TOLERANCE[field],
  )
}

/**
 * How far a frame is from the pair: the sum of the squared differences, each measured in its
 * tolerance and scaled by 100 (lens and bridge: 25·d², temple: 4·d²), so a frame at the edge of
 * every tolerance scores 300 and whole millimetres give whole numbers. Smaller is closer. The
 * SQL reference (`queryProductIndex`) computes the same expression in the same order.
 */
export function fitDistance(pair: FrameSize, frame: FrameSize): number {
  const lens = frame.lensWidth - pair.lensWidth
  const bridge = frame.bridgeWidth - pair.bridgeWidth
  const temple = frame.templeLength - pair.templeLength
  return 25 * (lens * lens) + 25 * (bridge * bridge) + 4 * (temple * temple)
}
