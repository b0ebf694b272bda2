import { describe, expect, it } from 'vitest'
import { csvSafeText, exportCell, readCsvSafeText } from './grid-cells.ts'

describe('grid cells', () => {
  it('keeps every formula start inert in CSV and reads it back as the text it was', () => {
    for (const text of ['=1+1', '+1', '@SUM(A1)', '\tx', '\rx']) {
      expect(csvSafeText(text)).toBe(`'${text}`)
      expect(readCsvSafeText(csvSafeText(text))).toBe(text)
    }
    expect(csvSafeText('plain')).toBe('plain')
    expect(readCsvSafeText(`'quoted`)).toBe(`'quoted`)
  })

  it('writes lists joined and structures as JSON', () => {
    expect(exportCell(['a', 'b'])).toBe('a,b')
    expect(exportCell({ CZK: { catalog: 100 } })).toBe('{"CZK":{"catalog":100}}')
    expect(exportCell(undefined)).toBeNull()
  })
})
