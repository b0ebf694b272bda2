import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { AppError } from '../../platform/http/app-error.ts'

const require = createRequire(import.meta.url)

/** Largest side of a rendered page, in pixels (a bomb of a page size stays bounded). */
const MAX_RENDER_SIDE = 2400

interface PdfViewport {
  readonly width: number
  readonly height: number
}
interface PdfPage {
  getViewport(options: { scale: number }): PdfViewport
  render(options: { canvasContext: unknown; canvas: unknown; viewport: PdfViewport }): {
    promise: Promise<void>
  }
}
interface PdfDocument {
  readonly numPages: number
  readonly canvasFactory: {
    create(
      width: number,
      height: number,
    ): {
      canvas: { toBuffer(mime: 'image/png'): Buffer }
      context: { fillStyle: string; fillRect(x: number, y: number, w: number, h: number): void }
    }
  }
  getPage(n: number): Promise<PdfPage>
  destroy(): Promise<void>
}
interface PdfJs {
  getDocument(options: Record<string, unknown>): { promise: Promise<PdfDocument> }
}

let pdfjs: Promise<PdfJs> | null = null

/** pdf.js, loaded on first use (the legacy build runs in Node; it draws with @napi-rs/canvas). */
function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= import(
    pathToFileURL(require.resolve('pdfjs-dist/legacy/build/pdf.mjs')).href
  ) as Promise<PdfJs>
  return pdfjs
}

function unreadableDocument(): AppError {
  return new AppError(422, 'DOCUMENT_UNREADABLE', 'assetThumbnails.documentUnreadable')
}

/**
 * One page of a PDF drawn on white as PNG, its larger side at most `maxSide` pixels, and the page
 * count. pdf.js runs without eval, without system or web fonts and fetches nothing.
 */
export async function renderPdfPage(
  pdf: Buffer,
  pageNumber: number,
  maxSide: number,
): Promise<{ png: Buffer; pageCount: number }> {
  const lib = await loadPdfJs()
  let document: PdfDocument
  try {
    document = await lib.getDocument({
      data: new Uint8Array(pdf),
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      useWorkerFetch: false,
      disableAutoFetch: true,
      disableRange: true,
      disableStream: true,
      standardFontDataUrl: `${join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`,
      verbosity: 0,
    }).promise
  } catch {
    throw unreadableDocument()
  }
  try {
    if (pageNumber > document.numPages) {
      throw new AppError(400, 'DOCUMENT_PAGE_OUT_OF_RANGE', 'assetThumbnails.pageOutOfRange', {
        value: pageNumber,
        count: document.numPages,
      })
    }
    const page = await document.getPage(pageNumber)
    const natural = page.getViewport({ scale: 1 })
    const side = Math.min(maxSide, MAX_RENDER_SIDE)
    const scale = side / Math.max(natural.width, natural.height, 1)
    const viewport = page.getViewport({ scale })
    const width = Math.max(1, Math.ceil(viewport.width))
    const height = Math.max(1, Math.ceil(viewport.height))
    const { canvas, context } = document.canvasFactory.create(width, height)
    context.fillStyle = '#ffffff'
    context.fillRect(0, 0, width, height)
    await page.render({ canvasContext: context, canvas, viewport }).promise
    return { png: canvas.toBuffer('image/png'), pageCount: document.numPages }
  } catch (error) {
    if (error instanceof AppError) throw error
    throw unreadableDocument()
  } finally {
    await document.destroy()
  }
}
