import { describe, expect, it } from 'vitest'
import { GADGET_CLASS } from '../../../test/kits/pim-objects-test-kit.ts'
import { diffSnapshots } from './diff-object-versions.ts'

describe('diffSnapshots', () => {
  it('lists fields in layout order with changed flags, key order ignored', () => {
    const rows = diffSnapshots(
      GADGET_CLASS.layout,
      { name: 'A', related: [1, 2], size: 3 },
      { name: 'B', related: [1, 2], size: 3 },
    )
    expect(rows.map((r) => r.field)).toEqual(['name', 'color', 'size', 'shape', 'related', 'title'])
    expect(rows.find((r) => r.field === 'name')).toMatchObject({
      from: 'A',
      to: 'B',
      changed: true,
    })
    expect(rows.find((r) => r.field === 'related')).toMatchObject({ changed: false })
    expect(rows.find((r) => r.field === 'color')).toMatchObject({
      from: null,
      to: null,
      changed: false,
    })
  })

  it('splits localized fields by language and keeps fields the class no longer has', () => {
    const rows = diffSnapshots(
      GADGET_CLASS.layout,
      { title: { en: 'Old', cs: 'Stejné' }, legacy: 1 },
      { title: { cs: 'Stejné', en: 'New', de: 'Neu' } },
    )
    const titles = rows.filter((r) => r.field === 'title')
    expect(titles.map((r) => [r.language, r.changed])).toEqual([
      ['cs', false],
      ['en', true],
      ['de', true],
    ])
    expect(titles.every((r) => r.localized)).toBe(true)
    expect(rows.at(-1)).toMatchObject({ field: 'legacy', from: 1, to: null, changed: true })
  })

  it('treats objects with the same entries in another order as equal', () => {
    const rows = diffSnapshots(
      [{ kind: 'field', type: 'prices', name: 'prices', title: 'Prices' }],
      { prices: { CZK: { catalog: 100, action: 90 } } },
      { prices: { CZK: { action: 90, catalog: 100 } } },
    )
    expect(rows).toEqual([
      {
        field: 'prices',
        title: 'Prices',
        localized: false,
        from: { CZK: { catalog: 100, action: 90 } },
        to: { CZK: { action: 90, catalog: 100 } },
        changed: false,
      },
    ])
  })
})
