import { describe, expect, it } from 'vitest'
import { CAPTCHA_ALPHABET, readCaptchaSvg } from '@optika/domain/accounts/captcha-glyphs'
import { renderCaptchaSvg } from './captcha.ts'

describe('captcha pictures', () => {
  it('draw every code so that a reader of the picture gets it back', () => {
    for (let i = 0; i < 50; i += 1) {
      const code = Array.from(
        { length: 5 + (i % 2) },
        (_, j) => CAPTCHA_ALPHABET[(i * 7 + j * 5) % CAPTCHA_ALPHABET.length],
      ).join('')
      const svg = renderCaptchaSvg(code)
      expect(svg).not.toMatch(/<text|<script|font/i)
      expect(readCaptchaSvg(svg)).toBe(code)
    }
  })
})
