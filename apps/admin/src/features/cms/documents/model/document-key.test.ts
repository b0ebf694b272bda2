import { describe, expect, it } from 'vitest'
import { documentKeyProblem, suggestDocumentKey } from './document-key.ts'

describe('document keys', () => {
  it('asks for a key and refuses one of which no path segment is left', () => {
    expect(documentKeyProblem('  ')).toBe('required')
    expect(documentKeyProblem('//')).toBe('invalid')
    expect(documentKeyProblem('?#&')).toBe('invalid')
    expect(documentKeyProblem('x'.repeat(256))).toBe('invalid')
    expect(documentKeyProblem('a/b')).toBeNull()
    expect(documentKeyProblem('obchodní podmínky')).toBeNull()
  })

  it('proposes a path-friendly key from a title', () => {
    expect(suggestDocumentKey('Obchodní podmínky')).toBe('obchodni-podminky')
    expect(suggestDocumentKey('  Zásady ochrany osobních údajů! ')).toBe(
      'zasady-ochrany-osobnich-udaju',
    )
    expect(suggestDocumentKey('Łódź & Kraków')).toBe('lodz-krakow')
  })
})
