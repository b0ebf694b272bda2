import { describe, expect, it } from 'vitest'
import { treeKeyAction, type VisibleTreeItem } from './tree-keyboard.ts'

// Home (open) > Products (open) > Ray-Ban (closed, has children); Home > Categories (leafless)
const items: VisibleTreeItem[] = [
  { id: 1, parentId: null, expandable: true, expanded: true },
  { id: 2, parentId: 1, expandable: true, expanded: true },
  { id: 3, parentId: 2, expandable: true, expanded: false },
  { id: 4, parentId: 1, expandable: false, expanded: false },
]

describe('keyboard navigation of the object tree', () => {
  it('moves down and up through the visible items and stops at the ends', () => {
    expect(treeKeyAction('ArrowDown', items, 2)).toEqual({ kind: 'focus', id: 3 })
    expect(treeKeyAction('ArrowUp', items, 2)).toEqual({ kind: 'focus', id: 1 })
    expect(treeKeyAction('ArrowDown', items, 4)).toEqual({ kind: 'none' })
    expect(treeKeyAction('ArrowUp', items, 1)).toEqual({ kind: 'none' })
  })

  it('opens a closed folder with Right, and steps into an open one', () => {
    expect(treeKeyAction('ArrowRight', items, 3)).toEqual({ kind: 'expand', id: 3 })
    expect(treeKeyAction('ArrowRight', items, 2)).toEqual({ kind: 'focus', id: 3 })
    expect(treeKeyAction('ArrowRight', items, 4)).toEqual({ kind: 'none' })
  })

  it('closes an open folder with Left, and steps out to the parent otherwise', () => {
    expect(treeKeyAction('ArrowLeft', items, 2)).toEqual({ kind: 'collapse', id: 2 })
    expect(treeKeyAction('ArrowLeft', items, 3)).toEqual({ kind: 'focus', id: 2 })
    expect(treeKeyAction('ArrowLeft', items, 4)).toEqual({ kind: 'focus', id: 1 })
  })

  it('jumps to the ends with Home and End and opens the item with Enter', () => {
    expect(treeKeyAction('Home', items, 3)).toEqual({ kind: 'focus', id: 1 })
    expect(treeKeyAction('End', items, 1)).toEqual({ kind: 'focus', id: 4 })
    expect(treeKeyAction('Enter', items, 3)).toEqual({ kind: 'open', id: 3 })
  })

  it('does nothing for an unknown item or key', () => {
    expect(treeKeyAction('ArrowDown', items, 99)).toEqual({ kind: 'none' })
    expect(treeKeyAction('x', items, 1)).toEqual({ kind: 'none' })
  })
})
