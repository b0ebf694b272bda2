import { describe, expect, it } from 'vitest'
import { EditableMapSchema } from '@optika/domain/cms/editables'
import { BRICKS, TEMPLATES } from '@optika/domain/cms/templates'
import {
  createBlockItem,
  createBrick,
  emptyEditable,
  moveItem,
  newBrickId,
  readEditable,
} from './editable-values.ts'

describe('editable values', () => {
  it('gives every editable of every template and brick an empty value the server schema accepts', () => {
    const definitions = [
      ...TEMPLATES.flatMap((template) => template.editables),
      ...Object.values(BRICKS).flatMap((brick) => brick.editables),
    ]
    for (const definition of definitions) {
      const map = { [definition.name]: emptyEditable(definition) }
      expect(EditableMapSchema.safeParse(map).success, definition.name).toBe(true)
    }
  })

  it('reads a stored value of another type as empty, so a changed template never breaks the form', () => {
    const definition = { name: 'headline', type: 'input', labelKey: 'x' } as const
    expect(readEditable({ headline: { type: 'checkbox', data: true } }, definition)).toEqual({
      type: 'input',
      data: '',
    })
    expect(readEditable({ headline: { type: 'input', data: 'Hi' } }, definition).data).toBe('Hi')
  })

  it('creates bricks with unique ids and block items with every child', () => {
    const first = createBrick('product-teaser', [], () => 0.5)
    expect(first.editables).toEqual({
      title: { type: 'input', data: '' },
      products: { type: 'relations', data: [] },
    })
    const values = [0.5, 0.5, 0.25]
    const second = createBrick('text', [first], () => values.shift() ?? 0.1)
    expect(second.id).not.toBe(first.id)
    expect(newBrickId([], () => 0)).toBe('b0')
    expect(createBlockItem([{ name: 'title', type: 'input', labelKey: 'x' }])).toEqual({
      title: { type: 'input', data: '' },
    })
  })

  it('moves items within bounds only', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c'])
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c'])
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c'])
  })
})
