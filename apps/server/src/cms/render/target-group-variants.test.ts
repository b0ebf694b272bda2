import { describe, expect, it } from 'vitest'
import type { EditableMap } from '@optika/domain/cms/editables'
import { findTemplate } from '@optika/domain/cms/templates'
import { validateEditables } from '../content/validate-editables.ts'
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

describe('saving variants', () => {
  const home = findTemplate('home')!
  it('accepts a top-level editable’s variant as the editable it varies, checked the same way', () => {
    const { editables: saved } = validateEditables(home, {
      heroTitle: { type: 'input', data: 'Welcome' },
      'tg3--heroTitle': { type: 'input', data: 'Vitajte' },
    })
    expect(saved['tg3--heroTitle']).toEqual({ type: 'input', data: 'Vitajte' })
  })
  it('refuses a variant of an unknown editable, of another type, or with an unsafe link', () => {
    for (const editables of [
      { 'tg3--nothing': { type: 'input', data: 'x' } },
      { 'tg3--heroTitle': { type: 'textarea', data: 'x' } },
      { 'tg3--heroLink': { type: 'link', data: { href: 'javascript:alert(1)', text: 'x' } } },
    ]) {
      expect(() => validateEditables(home, editables)).toThrow()
    }
  })
})
