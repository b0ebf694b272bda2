import { describe, expect, it } from 'vitest'
import {
  CAPTCHA_ALPHABET,
  CAPTCHA_GLYPHS,
  normalizeCaptchaAnswer,
  readCaptchaSvg,
} from './captcha-glyphs.ts'

describe('captcha glyph table', () => {
  it('has one distinct outline per character of the alphabet', () => {
    expect(Object.keys(CAPTCHA_GLYPHS).sort().join('')).toBe([...CAPTCHA_ALPHABET].sort().join(''))
    expect(new Set(Object.values(CAPTCHA_GLYPHS)).size).toBe(CAPTCHA_ALPHABET.length)
    // No look-alikes a person would mistype.
    for (const ambiguous of '0O1IZ2S5B8GDQ') expect(CAPTCHA_ALPHABET).not.toContain(ambiguous)
  })

  it('reads glyphs by their x translation, not by their order in the markup, ignoring noise', () => {
    const glyph = (char: string, x: number) =>
      `<path d="${CAPTCHA_GLYPHS[char]}" transform="translate(${x} 9) rotate(-12 5 7) scale(2.4)" stroke="red"/>`
    const svg =
      `<svg>${glyph('K', 90)}<path d="M3.1 4.2Q50 5 80 20" stroke="grey"/>` +
      `${glyph('A', 10)}${glyph('7', 130.5)}${glyph('E', 50)}</svg>`
    expect(readCaptchaSvg(svg)).toBe('AEK7')
  })

  it('compares answers without case or spaces', () => {
    expect(normalizeCaptchaAnswer(' ae k7 ')).toBe('AEK7')
  })
})
