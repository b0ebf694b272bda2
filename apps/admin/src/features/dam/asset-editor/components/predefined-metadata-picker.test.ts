import { describe, expect, it } from 'vitest'
import type { PredefinedMetadata } from '@optika/domain/operations/thumbnail-settings'
import { rowFromDefinition } from './predefined-metadata-picker.tsx'

const base: PredefinedMetadata = {
  id: 1,
  name: 'credit',
  description: '',
  type: 'input',
  data: 'Optika studio',
  config: '',
  language: '',
  targetSubtype: '',
  group: '',
  updatedAt: '2026-11-26T00:00:00.000Z',
}

describe('a metadata definition added to an asset', () => {
  it('starts from its default in its language', () => {
    expect(rowFromDefinition({ ...base, language: 'cs' })).toEqual({
      name: 'credit',
      language: 'cs',
      type: 'input',
      data: 'Optika studio',
    })
  })

  it('turns a yes/no default into a boolean', () => {
    expect(rowFromDefinition({ ...base, type: 'checkbox', data: 'true' }).data).toBe(true)
    expect(rowFromDefinition({ ...base, type: 'checkbox', data: 'false' }).data).toBe(false)
  })
})
