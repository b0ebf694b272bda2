import { describe, expect, it } from 'vitest'
import { slugify } from './slugify.ts'

describe('slugify', () => {
  it('drops the diacritics of all six shop languages', () => {
    expect(slugify('Dětské obruby')).toBe('detske-obruby')
    expect(slugify('Oprawki męskie – złoty')).toBe('oprawki-meskie-zloty')
    expect(slugify('Gyermek szemüvegkeretek, ő ű')).toBe('gyermek-szemuvegkeretek-o-u')
    expect(slugify('Ochelari de soare polarizați')).toBe('ochelari-de-soare-polarizati')
    expect(slugify('Športové okuliare')).toBe('sportove-okuliare')
  })

  it('joins words with single hyphens and trims the ends', () => {
    expect(slugify("  Cases & cloths / Women's frames ")).toBe('cases-cloths-women-s-frames')
    expect(slugify('Fixora M1.4 × 3.5')).toBe('fixora-m1-4-3-5')
  })

  it('keeps slugs short and falls back when nothing is left', () => {
    expect(slugify('a'.repeat(79) + ' b')).toBe('a'.repeat(79))
    expect(slugify('👓 Очки', 'thread')).toBe('thread')
  })
})
