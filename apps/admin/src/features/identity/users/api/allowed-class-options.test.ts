import { describe, expect, it } from 'vitest'
import { allowedClassOptions } from './allowed-class-options.ts'

const classes = [
  { id: 'Category', name: 'Category', allowVariants: false },
  { id: 'Product', name: 'Eyewear', allowVariants: true },
]

describe('the allowed-classes choices of the user and role editors', () => {
  it('offers the existing class ids, named by the class', () => {
    expect(allowedClassOptions(classes, [])).toEqual([
      { value: 'Category', label: 'Category' },
      { value: 'Product', label: 'Eyewear (Product)' },
    ])
  })

  it('keeps a stored id that is no class, so it can still be seen and removed', () => {
    expect(allowedClassOptions(classes, ['Product', 'Retired']).map((o) => o.value)).toEqual([
      'Category',
      'Product',
      'Retired',
    ])
    expect(allowedClassOptions([], ['Retired'])).toEqual([{ value: 'Retired', label: 'Retired' }])
  })
})
