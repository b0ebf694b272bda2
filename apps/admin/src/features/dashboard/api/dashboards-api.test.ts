import { describe, expect, it } from 'vitest'
import type { Widget } from '@optika/domain/operations/dashboards'
import { moveWidget } from './dashboards-api.ts'

function widget(id: number): Widget {
  return { id, type: 'systemStatus', config: {} }
}

describe('moveWidget (the screen’s copy of reorder-widget)', () => {
  const positions = [[widget(1), widget(2)], [widget(3)], []]
  const ids = (columns: Widget[][]) => columns.map((column) => column.map((w) => w.id))

  it('moves a widget into another column at the given row', () => {
    expect(ids(moveWidget(positions, 2, 1, 0))).toEqual([[1], [2, 3], []])
  })

  it('moves a widget within its column', () => {
    expect(ids(moveWidget(positions, 1, 0, 1))).toEqual([[2, 1], [3], []])
  })

  it('puts a widget last when the row lies past the end, into an empty column too', () => {
    expect(ids(moveWidget(positions, 3, 2, 9))).toEqual([[1, 2], [], [3]])
  })

  it('leaves the columns alone for an unknown widget and never changes its input', () => {
    expect(ids(moveWidget(positions, 99, 0, 0))).toEqual([[1, 2], [3], []])
    moveWidget(positions, 1, 2, 0)
    expect(ids(positions)).toEqual([[1, 2], [3], []])
  })
})
