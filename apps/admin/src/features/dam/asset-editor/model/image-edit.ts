import type { ImageEditOperation } from '@optika/domain/pim/asset-thumbnail-api'

export type QuarterTurn = 0 | 90 | 180 | 270

/** A crop rectangle in percent of the picture (react-image-crop's `%` unit). */
export interface PercentRect {
  x: number
  y: number
  width: number
  height: number
}

/** What the user has asked for so far: a crop of the original, then a turn, then flips. */
export interface ImageEditState {
  crop: PercentRect | null
  rotate: QuarterTurn
  flipHorizontal: boolean
  flipVertical: boolean
}

export const NO_EDIT: ImageEditState = {
  crop: null,
  rotate: 0,
  flipHorizontal: false,
  flipVertical: false,
}

export function turn(angle: QuarterTurn, delta: 90 | -90): QuarterTurn {
  return ((((angle + delta) % 360) + 360) % 360) as QuarterTurn
}

const round = (value: number) => Math.round(value * 1000) / 1000

/** Whether a crop leaves the whole picture (nothing to cut). */
function isWhole(crop: PercentRect): boolean {
  return crop.x <= 0 && crop.y <= 0 && crop.width >= 100 && crop.height >= 100
}

/**
 * The steps for `image-editor-save`, in the order the preview shows them: the crop is drawn on
 * the original, so it goes first; then the turn, then the flips. An empty list means no change.
 */
export function toOperations(state: ImageEditState): ImageEditOperation[] {
  const operations: ImageEditOperation[] = []
  const { crop } = state
  if (crop !== null && crop.width > 0 && crop.height > 0 && !isWhole(crop)) {
    const x = Math.min(Math.max(round(crop.x), 0), 100)
    const y = Math.min(Math.max(round(crop.y), 0), 100)
    operations.push({
      type: 'crop',
      x,
      y,
      width: Math.min(round(crop.width), 100 - x),
      height: Math.min(round(crop.height), 100 - y),
    })
  }
  if (state.rotate !== 0) operations.push({ type: 'rotate', angle: state.rotate })
  if (state.flipHorizontal) operations.push({ type: 'flip', direction: 'horizontal' })
  if (state.flipVertical) operations.push({ type: 'flip', direction: 'vertical' })
  return operations
}

/** CSS transform that shows the turn and the flips on screen, as the server will apply them. */
export function previewTransform(state: ImageEditState): string {
  const parts: string[] = []
  // CSS applies right to left: flips act on the turned picture, as sharp does after rotate.
  if (state.flipHorizontal) parts.push('scaleX(-1)')
  if (state.flipVertical) parts.push('scaleY(-1)')
  if (state.rotate !== 0) parts.push(`rotate(${state.rotate}deg)`)
  return parts.length === 0 ? 'none' : parts.join(' ')
}

/** Width ÷ height of the result, for sizing the live preview. */
export function resultAspect(state: ImageEditState, width: number, height: number): number {
  const crop = state.crop ?? { x: 0, y: 0, width: 100, height: 100 }
  const w = (width * crop.width) / 100
  const h = (height * crop.height) / 100
  if (w <= 0 || h <= 0) return 1
  return state.rotate === 90 || state.rotate === 270 ? h / w : w / h
}
