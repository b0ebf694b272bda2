import { describe, expect, it } from 'vitest'
import {
  findDuplicateRows,
  rowsForEveryLanguage,
  toMetadataItems,
  toMetadataRows,
} from './custom-metadata.ts'

describe('custom metadata rows', () => {
  it('drops rows without a name and trims the others', () => {
    expect(
      toMetadataItems([
        { name: '  title ', language: 'cs', type: 'input', data: 'Brýle' },
        { name: '   ', language: '', type: 'input', data: 'lost' },
      ]),
    ).toEqual([{ name: 'title', language: 'cs', type: 'input', data: 'Brýle' }])
  })

  it('saves a blank value as null and a yes/no field as a boolean', () => {
    expect(
      toMetadataItems([
        { name: 'alt', language: '', type: 'input', data: '' },
        { name: 'licensed', language: '', type: 'checkbox', data: null },
      ]).map((item) => item.data),
    ).toEqual([null, false])
  })

  it('marks a second field with the same name and language, whatever the case', () => {
    const duplicates = findDuplicateRows([
      { name: 'Title', language: 'en', type: 'input', data: null },
      { name: 'title', language: 'cs', type: 'input', data: null },
      { name: 'title ', language: 'en', type: 'input', data: null },
    ])
    expect([...duplicates]).toEqual([2])
  })

  it('adds one field per shop language', () => {
    const rows = rowsForEveryLanguage('caption')
    expect(rows.map((row) => row.language)).toEqual(['cs', 'en', 'hu', 'pl', 'ro', 'sk'])
    expect(findDuplicateRows(rows).size).toBe(0)
  })

  it('keeps relation fields as they came', () => {
    const rows = toMetadataRows([{ name: 'product', language: '', type: 'object', data: 12 }])
    expect(toMetadataItems(rows)).toEqual([
      { name: 'product', language: '', type: 'object', data: 12 },
    ])
  })
})
