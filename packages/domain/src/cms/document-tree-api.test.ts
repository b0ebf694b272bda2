import { describe, expect, it } from 'vitest'
import { validDocumentKey } from './document-tree-api.ts'

describe('validDocumentKey', () => {
  it('keeps letters with diacritics, digits, dots, dashes and underscores', () => {
    expect(validDocumentKey('obchodní-podmínky_2024.v2')).toBe('obchodní-podmínky_2024.v2')
  })

  it('turns slashes, whitespace and characters with a meaning in URLs into one dash', () => {
    expect(validDocumentKey('a/b\\c d?e#f%g&h')).toBe('a-b-c-d-e-f-g-h')
    expect(validDocumentKey('  Terms  &  Conditions  ')).toBe('Terms-Conditions')
  })

  it('drops control characters, 4-byte characters and leading dots', () => {
    expect(validDocumentKey('..\u0000hidden\u0007')).toBe('hidden')
    expect(validDocumentKey('smile😀face')).toBe('smile-face')
  })

  it('leaves nothing of a key without a usable character', () => {
    expect(validDocumentKey('///')).toBe('')
    expect(validDocumentKey(' . ')).toBe('')
  })

  it('keeps at most 255 characters', () => {
    expect(validDocumentKey('x'.repeat(300))).toHaveLength(255)
  })
})
