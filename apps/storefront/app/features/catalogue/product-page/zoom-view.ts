/** How far a picture is zoomed and moved: scale 1 is the whole picture fitted to the screen. */
export interface ZoomView {
  readonly scale: number
  /** Offset of the picture's centre from the stage's centre, in CSS pixels. */
  readonly x: number
  readonly y: number
}

export const FITTED: ZoomView = { scale: 1, x: 0, y: 0 }
export const MAX_SCALE = 4
/** One press of + or −, and how far a double tap zooms in. */
export const SCALE_STEP = 1.5
export const DOUBLE_TAP_SCALE = 2.5

/** A size in CSS pixels: the stage, and the fitted picture on it. */
export interface Size {
  readonly width: number
  readonly height: number
}

/** Keeps the picture covering the stage: it can be moved only as far as it is larger. */
export function clampView(view: ZoomView, picture: Size, stage: Size): ZoomView {
  const scale = Math.min(MAX_SCALE, Math.max(1, view.scale))
  const limitX = Math.max(0, (picture.width * scale - stage.width) / 2)
  const limitY = Math.max(0, (picture.height * scale - stage.height) / 2)
  return { scale, x: within(view.x, limitX), y: within(view.y, limitY) }
}

/** `value` between −limit and limit; a picture that cannot move sits at 0, never −0. */
function within(value: number, limit: number): number {
  return limit === 0 ? 0 : Math.min(limit, Math.max(-limit, value))
}

/**
 * Zooms to `scale` keeping the point `at` (relative to the stage's centre) where it is on the
 * screen, as fingers or a double tap expect.
 */
export function zoomAt(
  view: ZoomView,
  scale: number,
  at: { x: number; y: number },
  picture: Size,
  stage: Size,
): ZoomView {
  const next = Math.min(MAX_SCALE, Math.max(1, scale))
  const ratio = next / view.scale
  return clampView(
    { scale: next, x: at.x - (at.x - view.x) * ratio, y: at.y - (at.y - view.y) * ratio },
    picture,
    stage,
  )
}
