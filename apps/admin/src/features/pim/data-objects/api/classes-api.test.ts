import { describe, expect, it } from 'vitest'
import { creatableClasses, flattenClassTree } from './classes-api.ts'

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

describe('the classes a user may create objects of', () => {
  const classes = [
    { id: 'Brand', name: 'Brand', allowVariants: false },
    { id: 'Category', name: 'Category', allowVariants: false },
    { id: 'Product', name: 'Product', allowVariants: true },
  ]

  it('offers every class when the allowed list is empty', () => {
    expect(creatableClasses(classes, [])).toEqual(classes)
  })

  it('offers only the allowed classes, ignoring allowed ids that no longer exist', () => {
    expect(creatableClasses(classes, ['Category', 'Gone']).map((c) => c.id)).toEqual(['Category'])
  })
})
