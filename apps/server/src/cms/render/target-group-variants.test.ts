import { describe, expect, it } from 'vitest'
import type { EditableMap } from '@optika/domain/cms/editables'
import { applyTargetGroupVariants } from './target-group-variants.ts'

const editables: EditableMap = {
  heroTitle: { type: 'input', data: 'Welcome' },
  heroText: { type: 'textarea', data: 'Default text' },
  'tg1--heroTitle': { type: 'input', data: 'Vitajte' },
  'tg2--heroTitle': { type: 'input', data: 'Partners' },
  'tg2--heroText': { type: 'textarea', data: 'Partner text' },
}

describe('target-group variants of editables', () => {
  it('shows the defaults and no variant to a visitor of no group', () => {
    expect(applyTargetGroupVariants(editables, [])).toEqual({
      heroTitle: { type: 'input', data: 'Welcome' },
      heroText: { type: 'textarea', data: 'Default text' },
    })
  })
  it('takes the first (heaviest) group’s variant per editable', () => {
    expect(applyTargetGroupVariants(editables, [1, 2])).toEqual({
      heroTitle: { type: 'input', data: 'Vitajte' },
      heroText: { type: 'textarea', data: 'Partner text' },
    })
    expect(applyTargetGroupVariants(editables, [2, 1]).heroTitle).toEqual({
      type: 'input',
      data: 'Partners',
    })
  })
  it('returns a map without variants as it is', () => {
    const plain: EditableMap = { heroTitle: { type: 'input', data: 'x' } }
    expect(applyTargetGroupVariants(plain, [1])).toBe(plain)
  })
})
