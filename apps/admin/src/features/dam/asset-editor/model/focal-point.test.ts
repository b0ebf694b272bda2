import { describe, expect, it } from 'vitest'
import { focalPointFromClick, nudgeFocalPoint, readFocalPoint } from './focal-point.ts'

const box = { left: 100, top: 50, width: 400, height: 200 }

describe('focal point', () => {
  it('reads a click as percent of the picture', () => {
    expect(focalPointFromClick(box, 200, 100)).toEqual({ x: 25, y: 25 })
  })

  it('keeps a click on the border inside 0–100', () => {
    expect(focalPointFromClick(box, 90, 300)).toEqual({ x: 0, y: 100 })
  })

  it('moves by arrow-key steps without leaving the picture', () => {
    expect(nudgeFocalPoint({ x: 99.5, y: 10 }, 1, -1)).toEqual({ x: 100, y: 9 })
  })

  it('ignores a stored point that is not one', () => {
    expect(readFocalPoint({ focalPoint: { x: 30, y: 40 } })).toEqual({ x: 30, y: 40 })
    expect(readFocalPoint({ focalPoint: { x: '30', y: 40 } })).toBeNull()
    expect(readFocalPoint({ focalPoint: { x: 130, y: 40 } })).toBeNull()
    expect(readFocalPoint({})).toBeNull()
  })
})
