import { describe, expect, it } from 'vitest'
import type { LayoutNode } from '@optika/domain/pim/class-definition'
import {
  fieldNamesOf,
  insertNode,
  keepFields,
  moveNode,
  namesIn,
  newField,
  newLayout,
  relocateNode,
  nodeAt,
  removeNode,
  updateNode,
} from './layout-tree.ts'

const layout: LayoutNode[] = [
  {
    kind: 'layout',
    type: 'panel',
    name: 'main',
    title: 'Main',
    children: [
      { kind: 'field', type: 'input', name: 'code', title: 'Code' },
      {
        kind: 'layout',
        type: 'localizedfields',
        name: 'texts',
        title: '',
        children: [{ kind: 'field', type: 'input', name: 'name', title: 'Name' }],
      },
    ],
  },
  { kind: 'field', type: 'boolean', name: 'active', title: 'Active' },
]

describe('layout tree editing', () => {
  it('finds a node by its path', () => {
    expect(nodeAt(layout, [0, 1, 0])?.name).toBe('name')
    expect(nodeAt(layout, [0, 0, 0])).toBeUndefined()
  })

  it('adds into a selected container, after a selected field, or at the end', () => {
    const field = newField('select', namesIn(layout))
    expect(field).toMatchObject({ name: 'select', options: [] })
    const intoContainer = insertNode(layout, [0, 1], field)
    expect(intoContainer.path).toEqual([0, 1, 1])
    expect(nodeAt(intoContainer.layout, [0, 1, 1])?.name).toBe('select')
    const afterField = insertNode(layout, [0, 0], field)
    expect(afterField.path).toEqual([0, 1])
    expect(nodeAt(afterField.layout, [0, 2])?.name).toBe('texts')
    const atEnd = insertNode(layout, null, newLayout('tabpanel', namesIn(layout)))
    expect(atEnd.path).toEqual([2])
  })

  it('moves a node among its siblings and keeps it at the edges', () => {
    const down = moveNode(layout, [0, 0], 1)
    expect(down.path).toEqual([0, 1])
    expect(fieldNamesOf(down.layout)).toEqual(['name', 'code', 'active'])
    expect(moveNode(layout, [0, 0], -1).path).toEqual([0, 0])
  })

  it('removes and updates nodes without touching the original', () => {
    expect(fieldNamesOf(removeNode(layout, [0, 1]))).toEqual(['code', 'active'])
    const renamed = updateNode(layout, [1], (node) => ({ ...node, title: 'Enabled' }))
    expect(nodeAt(renamed, [1])?.title).toBe('Enabled')
    expect(nodeAt(layout, [1])?.title).toBe('Active')
  })

  it('names new nodes uniquely', () => {
    const names = namesIn(layout)
    expect(newField('input', new Set([...names, 'input'])).name).toBe('input2')
  })

  it('keeps only the chosen fields and drops emptied containers', () => {
    const kept = keepFields(layout, new Set(['code', 'active']))
    expect(fieldNamesOf(kept)).toEqual(['code', 'active'])
    expect(namesIn(kept).has('texts')).toBe(false)
  })

  it('drops a dragged node before a field or at the end of a container, never into itself', () => {
    const beforeField = relocateNode(layout, [1], [0, 0])
    expect(beforeField?.path).toEqual([0, 0])
    expect(fieldNamesOf(beforeField!.layout)).toEqual(['active', 'code', 'name'])
    const intoContainer = relocateNode(layout, [0, 0], [0, 1])
    expect(intoContainer?.path).toEqual([0, 0, 1])
    expect(fieldNamesOf(intoContainer!.layout)).toEqual(['name', 'code', 'active'])
    const downwards = relocateNode(layout, [0], [1])
    expect(downwards?.path).toEqual([1])
    expect(fieldNamesOf(downwards!.layout)).toEqual(['active', 'code', 'name'])
    expect(relocateNode(layout, [0], [0, 1])).toBeNull()
  })
})
