import { describe, expect, it } from 'vitest'
import { lengthHint } from './seo-hints.ts'

describe('SEO length hints', () => {
  it('calls a description short under 50 characters and long over 160', () => {
    expect(lengthHint('description', '  ')).toBe('empty')
    expect(lengthHint('description', 'Too short.')).toBe('short')
    expect(lengthHint('description', 'x'.repeat(120))).toBe('good')
    expect(lengthHint('description', 'x'.repeat(161))).toBe('long')
  })

  it('calls a title long over 60 characters', () => {
    expect(lengthHint('title', 'Terms')).toBe('good')
    expect(lengthHint('title', 'x'.repeat(61))).toBe('long')
  })
})
