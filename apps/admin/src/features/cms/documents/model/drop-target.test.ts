import { describe, expect, it } from 'vitest'
import { documentMove, dropPlace } from './drop-target.ts'

const row = { id: 10, parentId: 2, position: 3, type: 'page' as const }

describe('dropping a document in the tree', () => {
  it('puts it before, inside or after a row by where the pointer is', () => {
    expect(dropPlace(2, 40, 'page')).toBe('before')
    expect(dropPlace(20, 40, 'page')).toBe('inside')
    expect(dropPlace(38, 40, 'page')).toBe('after')
  })

  it('never drops inside a link, which holds no children', () => {
    expect(dropPlace(19, 40, 'link')).toBe('before')
    expect(dropPlace(21, 40, 'link')).toBe('after')
  })

  it('moves it into a row dropped inside, after the last child', () => {
    expect(documentMove(5, { parentId: 7, position: 0 }, row, 'inside')).toEqual({
      id: 5,
      parentId: 10,
    })
  })

  it('moves it beside a row of another parent at that row’s position', () => {
    expect(documentMove(5, { parentId: 7, position: 0 }, row, 'before')).toEqual({
      id: 5,
      parentId: 2,
      index: 3,
    })
    expect(documentMove(5, { parentId: 7, position: 0 }, row, 'after')).toEqual({
      id: 5,
      parentId: 2,
      index: 4,
    })
  })

  it('reorders within one parent, counting the gap the document leaves', () => {
    expect(documentMove(5, { parentId: 2, position: 0 }, row, 'after')).toEqual({
      id: 5,
      parentId: 2,
      index: 3,
    })
    expect(documentMove(5, { parentId: 2, position: 6 }, row, 'before')).toEqual({
      id: 5,
      parentId: 2,
      index: 3,
    })
  })

  it('asks for nothing when the document stays where it is', () => {
    expect(documentMove(10, { parentId: 2, position: 3 }, row, 'inside')).toBeNull()
    expect(documentMove(5, { parentId: 2, position: 2 }, row, 'before')).toBeNull()
    expect(documentMove(5, { parentId: 2, position: 4 }, row, 'after')).toBeNull()
  })

  it('never puts a document beside the root', () => {
    expect(
      documentMove(5, null, { id: 1, parentId: null, position: 0, type: 'folder' }, 'before'),
    ).toBeNull()
  })
})
