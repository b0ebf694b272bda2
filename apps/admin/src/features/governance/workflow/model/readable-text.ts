/** Relative luminance of an sRGB '#rrggbb' colour (WCAG 2). */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255)
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0)
}

/**
 * Black or white text, whichever contrasts more with a place's colour: for any colour one of
 * them reaches 4.5:1, so a badge stays readable whatever colour the workflow's author picked.
 */
export function readableTextOn(hex: string): '#000000' | '#ffffff' {
  if (!/^#[0-9a-fA-F]{6}$/.test(hex)) return '#000000'
  const l = luminance(hex)
  const withBlack = (l + 0.05) / 0.05
  const withWhite = 1.05 / (l + 0.05)
  return withBlack >= withWhite ? '#000000' : '#ffffff'
}
