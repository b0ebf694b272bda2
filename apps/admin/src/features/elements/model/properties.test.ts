import { describe, expect, it } from 'vitest'
import { toPropertyInputs } from './properties.ts'

describe('saving the properties typed in the editor', () => {
  it('drops rows without a name and trims names and texts', () => {
    expect(
      toPropertyInputs([
        { name: '  ', type: 'text', data: 'x', inheritable: false },
        { name: ' navigation ', type: 'text', data: ' main ', inheritable: true },
      ]),
    ).toEqual([{ name: 'navigation', type: 'text', data: 'main', inheritable: true }])
  })

  it('types relation values as element ids and a blank value as null', () => {
    expect(
      toPropertyInputs([
        { name: 'hero', type: 'asset', data: '12', inheritable: false },
        { name: 'link', type: 'object', data: 'abc', inheritable: false },
        { name: 'label', type: 'select', data: '', inheritable: false },
        { name: 'flag', type: 'bool', data: true, inheritable: false },
      ]),
    ).toEqual([
      { name: 'hero', type: 'asset', data: 12, inheritable: false },
      { name: 'link', type: 'object', data: null, inheritable: false },
      { name: 'label', type: 'select', data: null, inheritable: false },
      { name: 'flag', type: 'bool', data: true, inheritable: false },
    ])
  })
})
