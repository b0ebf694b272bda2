import { describe, expect, it } from 'vitest'
import { readElementId } from './element-address.ts'

describe('the element an address of the data objects screen opens', () => {
  it('opens the id of a deeplink sub-path', () => {
    expect(readElementId('123', null)).toEqual({ kind: 'element', id: 123 })
    expect(readElementId('123/', null)).toEqual({ kind: 'element', id: 123 })
  })

  it('treats any other sub-path as no address of this screen', () => {
    expect(readElementId('no-such-screen', null)).toEqual({ kind: 'invalid' })
    expect(readElementId('0', null)).toEqual({ kind: 'invalid' })
  })

  it('reads the id from the query when there is no sub-path, ignoring junk', () => {
    expect(readElementId(undefined, '45')).toEqual({ kind: 'element', id: 45 })
    expect(readElementId('', 'abc')).toEqual({ kind: 'none' })
    expect(readElementId(undefined, null)).toEqual({ kind: 'none' })
  })
})
