import { describe, expect, it } from 'vitest'
import type { PredefinedProperty } from '@optika/domain/operations/thumbnail-settings'
import { rowFromPredefined } from './predefined-property-picker.tsx'

const base: PredefinedProperty = {
  id: 1,
  name: 'Campaign',
  description: '',
  key: 'campaign',
  type: 'text',
  data: null,
  config: '',
  ctype: ['document'],
  inheritable: true,
  group: '',
  updatedAt: '2026-11-26T00:00:00.000Z',
}

describe('a predefined property added to an element', () => {
  it('is stored under its key with its inheritance and text default', () => {
    expect(rowFromPredefined({ ...base, data: 'spring' })).toEqual({
      name: 'campaign',
      type: 'text',
      data: 'spring',
      inheritable: true,
    })
  })

  it('turns a yes/no default into a boolean', () => {
    expect(rowFromPredefined({ ...base, type: 'bool', data: 'true' }).data).toBe(true)
    expect(rowFromPredefined({ ...base, type: 'bool', data: null }).data).toBe(false)
  })

  it('leaves a relation empty for the editor to pick', () => {
    expect(rowFromPredefined({ ...base, type: 'document', data: '/en/home' }).data).toBeNull()
  })
})
