import { describe, expect, it } from 'vitest'
import { NO_EDIT, previewTransform, resultAspect, toOperations, turn } from './image-edit.ts'

describe('image edit steps', () => {
  it('sends nothing while nothing has changed', () => {
    expect(toOperations(NO_EDIT)).toEqual([])
    expect(toOperations({ ...NO_EDIT, crop: { x: 0, y: 0, width: 100, height: 100 } })).toEqual([])
  })

  it('crops first, then turns, then flips', () => {
    expect(
      toOperations({
        crop: { x: 10, y: 20, width: 50, height: 40 },
        rotate: 90,
        flipHorizontal: true,
        flipVertical: true,
      }),
    ).toEqual([
      { type: 'crop', x: 10, y: 20, width: 50, height: 40 },
      { type: 'rotate', angle: 90 },
      { type: 'flip', direction: 'horizontal' },
      { type: 'flip', direction: 'vertical' },
    ])
  })

  it('keeps a crop dragged past the edge inside the picture', () => {
    const [crop] = toOperations({ ...NO_EDIT, crop: { x: 70, y: -2, width: 40, height: 50 } })
    expect(crop).toEqual({ type: 'crop', x: 70, y: 0, width: 30, height: 50 })
  })

  it('turns in quarter turns both ways', () => {
    expect(turn(0, -90)).toBe(270)
    expect(turn(270, 90)).toBe(0)
  })

  it('shows the turn and flips as a CSS transform', () => {
    expect(previewTransform(NO_EDIT)).toBe('none')
    expect(previewTransform({ ...NO_EDIT, rotate: 180, flipHorizontal: true })).toBe(
      'scaleX(-1) rotate(180deg)',
    )
  })

  it('swaps the result’s sides when the picture is turned a quarter', () => {
    const state = { ...NO_EDIT, crop: { x: 0, y: 0, width: 50, height: 100 } }
    expect(resultAspect(state, 800, 400)).toBe(1)
    expect(resultAspect({ ...NO_EDIT, rotate: 90 }, 800, 400)).toBe(0.5)
  })
})
