/**
 * The self-hosted registration captcha (seed section 5, "Type the code:"): a code of 5–6
 * characters drawn as SVG paths, no fonts and no <text>, so nothing but pixels carries it.
 *
 * Picture format (the contract of `GET /api/account/captcha`):
 * - `<svg viewBox="0 0 CAPTCHA_WIDTH CAPTCHA_HEIGHT">`, strokes only (`fill="none"`);
 * - each character is one `<path d="{CAPTCHA_GLYPHS[char]}" transform="translate(X Y) rotate(R 5 7) scale(S)"/>`:
 *   the `d` is the glyph outline below unchanged, on a 10 × 14 grid; placement, a slight
 *   rotation about the glyph's centre and scale are the transform only;
 * - characters appear in the picture left to right by their X translation (the document order
 *   is shuffled, so reading the markup in order does not give the code);
 * - noise paths (curves and dots) carry `d` values that are no glyph.
 *
 * A program can therefore read the code (`readCaptchaSvg`): this captcha is a speed bump for
 * careless bots; the real protection is single-use challenges and rate limits (decision 017).
 */

/**
 * The alphabet: characters nobody confuses (no 0/O/D/Q, 1/I, 2/Z, 5/S, 8/B, G/6).
 * Matching is case-insensitive.
 */
export const CAPTCHA_ALPHABET = 'ACEFHJKLMNPRTUVWXY34679'

/** Stroke outlines on a 10 wide × 14 high grid, origin top left. */
export const CAPTCHA_GLYPHS: Readonly<Record<string, string>> = {
  A: 'M0 14L5 0L10 14M2 8L8 8',
  C: 'M10 1L3 1L0 4L0 10L3 13L10 13',
  E: 'M10 0L0 0L0 14L10 14M0 7L7 7',
  F: 'M10 0L0 0L0 14M0 7L7 7',
  H: 'M0 0L0 14M10 0L10 14M0 7L10 7',
  J: 'M10 0L10 11L7 14L3 14L0 11',
  K: 'M0 0L0 14M10 0L0 8M3 6L10 14',
  L: 'M0 0L0 14L10 14',
  M: 'M0 14L0 0L5 8L10 0L10 14',
  N: 'M0 14L0 0L10 14L10 0',
  P: 'M0 14L0 0L7 0L10 3L10 5L7 8L0 8',
  R: 'M0 14L0 0L7 0L10 3L10 5L7 8L0 8M5 8L10 14',
  T: 'M0 0L10 0M5 0L5 14',
  U: 'M0 0L0 11L3 14L7 14L10 11L10 0',
  V: 'M0 0L5 14L10 0',
  W: 'M0 0L2 14L5 6L8 14L10 0',
  X: 'M0 0L10 14M10 0L0 14',
  Y: 'M0 0L5 7L10 0M5 7L5 14',
  '3': 'M0 0L10 0L5 6L8 6L10 9L10 11L7 14L0 14',
  '4': 'M8 14L8 0L0 10L10 10',
  '6': 'M9 0L4 0L0 5L0 11L3 14L7 14L10 11L10 9L7 6L0 6',
  '7': 'M0 0L10 0L4 14',
  '9': 'M10 6L3 6L0 3L3 0L7 0L10 3L10 9L6 14L1 14',
}

export const CAPTCHA_WIDTH = 200
export const CAPTCHA_HEIGHT = 60

/** Normalizes a typed answer for comparison: trimmed, no inner spaces, upper case. */
export function normalizeCaptchaAnswer(answer: string): string {
  return answer.replace(/\s+/g, '').toUpperCase()
}

const GLYPH_BY_OUTLINE = new Map(Object.entries(CAPTCHA_GLYPHS).map(([char, d]) => [d, char]))

/**
 * Reads the code of a captcha picture the way the format above allows: glyph paths found by
 * their `d`, ordered by their X translation. FOR TESTS ONLY (the end-to-end and integration
 * tests solve challenges with it); product code never needs to read its own captcha.
 */
export function readCaptchaSvg(svg: string): string {
  const glyphs: { x: number; char: string }[] = []
  for (const match of svg.matchAll(/<path\b[^>]*>/g)) {
    const tag = match[0]
    const d = /\sd="([^"]*)"/.exec(tag)?.[1]
    const x = /transform="translate\((-?[\d.]+)[ ,]/.exec(tag)?.[1]
    const char = d === undefined ? undefined : GLYPH_BY_OUTLINE.get(d)
    if (char !== undefined && x !== undefined) glyphs.push({ x: Number(x), char })
  }
  return glyphs
    .sort((a, b) => a.x - b.x)
    .map((g) => g.char)
    .join('')
}
