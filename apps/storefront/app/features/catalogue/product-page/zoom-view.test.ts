import { describe, expect, it } from 'vitest'
import { clampView, FITTED, MAX_SCALE, zoomAt } from './zoom-view.ts'

const stage = { width: 400, height: 600 }
const picture = { width: 400, height: 300 }

describe('the zoomed picture', () => {
  it('keeps the point under the fingers where it is while zooming', () => {
    const at = { x: 100, y: 50 }
    const zoomed = zoomAt(FITTED, 2, at, picture, stage)
    expect(zoomed.scale).toBe(2)
    // The picture's point (100, 50) from its centre was under `at`; twice as far out it still is.
    expect(zoomed.x + 100 * 2).toBe(at.x)
    // Across it may move; down it may not (at scale 2 it is exactly as high as the screen).
    expect(zoomed).toEqual({ scale: 2, x: -100, y: 0 })
  })

  it('moves only as far as the picture is larger than the screen', () => {
    // At scale 2 the picture is 800 × 600: 200 px to spare each side across, none down.
    expect(clampView({ scale: 2, x: 500, y: 90 }, picture, stage)).toEqual({
      scale: 2,
      x: 200,
      y: 0,
    })
    expect(clampView({ scale: 2, x: -500, y: -90 }, picture, stage)).toEqual({
      scale: 2,
      x: -200,
      y: 0,
    })
  })

  it('zooms between the whole picture and four times it', () => {
    expect(zoomAt(FITTED, 10, { x: 0, y: 0 }, picture, stage).scale).toBe(MAX_SCALE)
    expect(zoomAt({ scale: 2, x: 150, y: 0 }, 0.5, { x: 0, y: 0 }, picture, stage)).toEqual(FITTED)
  })
})
