import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { PDFFont } from 'pdf-lib'

let fontBytes: Promise<Buffer> | null = null

/** DejaVu Sans covers the Latin letters of all six shop languages (ř, ł, ő, ș, ľ …). */
export function dejaVuSans(): Promise<Buffer> {
  if (!fontBytes) {
    const require = createRequire(import.meta.url)
    const root = dirname(require.resolve('dejavu-fonts-ttf/package.json'))
    fontBytes = readFile(join(root, 'ttf', 'DejaVuSans.ttf'))
  }
  return fontBytes
}

/** The text shortened with '…' to fit `width` points. */
export function fit(text: string, font: PDFFont, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text
  let cut = text
  while (cut.length > 0 && font.widthOfTextAtSize(`${cut}…`, size) > width) cut = cut.slice(0, -1)
  return `${cut}…`
}
