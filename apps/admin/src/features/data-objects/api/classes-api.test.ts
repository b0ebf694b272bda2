import { describe, expect, it } from 'vitest'
import { flattenClassTree } from './classes-api.ts'

describe('the classes offered when adding an object', () => {
  it('lists the classes of every group by name, with whether they allow variants', () => {
    expect(
      flattenClassTree([
        { group: 'Shop', classes: [{ id: 'Product', name: 'Product', allowVariants: true }] },
        {
          group: '',
          classes: [{ id: 'Brand', name: 'Brand', icon: 'star', allowVariants: false }],
        },
      ]),
    ).toEqual([
      { id: 'Brand', name: 'Brand', allowVariants: false },
      { id: 'Product', name: 'Product', allowVariants: true },
    ])
  })
})
