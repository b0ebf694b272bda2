import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { PDFDocument, PDFFont, rgb } from 'pdf-lib'

let fontBytes: Promise<Buffer> | null = null

/** DejaVu Sans covers the Latin letters of all six shop languages (ř, ł, ő, ș, ľ …). */
function dejaVuSans(): Promise<Buffer> {
  if (!fontBytes) {
    const require = createRequire(import.meta.url)
    const root = dirname(require.resolve('dejavu-fonts-ttf/package.json'))
    fontBytes = readFile(join(root, 'ttf', 'DejaVuSans.ttf'))
  }
  return fontBytes
}

/**
 * A new PDF with its title, Optika as its creator and DejaVu Sans embedded (subset), and pdf-lib's
 * `rgb`. pdf-lib and fontkit are loaded by the first PDF: the server starts without them
 * (decision 071).
 */
export async function createPdf(title: string): Promise<{
  pdf: PDFDocument
  font: PDFFont
  rgb: typeof rgb
}> {
  const [{ PDFDocument, rgb }, { default: fontkit }] = await Promise.all([
    import('pdf-lib'),
    import('@pdf-lib/fontkit'),
  ])
  const pdf = await PDFDocument.create()
  pdf.registerFontkit(fontkit)
  pdf.setTitle(title)
  pdf.setCreator('Optika')
  const font = await pdf.embedFont(await dejaVuSans(), { subset: true })
  return { pdf, font, rgb }
}

/** The text shortened with '…' to fit `width` points. */
export function fit(text: string, font: PDFFont, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text
  let cut = text
  while (cut.length > 0 && font.widthOfTextAtSize(`${cut}…`, size) > width) cut = cut.slice(0, -1)
  return `${cut}…`
}
