import type { Readable } from 'node:stream'
import {
  ASSET_TEXT_MAX_CHARS,
  type AssetText,
  type AssetTextQuery,
} from '@optika/domain/pim/asset-upload-api'
import { AppError } from '../../platform/http/app-error.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import type { AssetStore } from '../assets/asset-store.ts'
import { readStream } from '../assets/asset-store.ts'
import { openAssetFile } from './serve-asset-file.ts'

/** Most PDF pages read for the whole text (a page asked for by number is read whatever its number). */
const MAX_PDF_PAGES = 2_000

/** Reads at most `limit` bytes of a stream, then stops reading it. */
async function readAtMost(
  stream: Readable,
  limit: number,
): Promise<{ bytes: Buffer; cut: boolean }> {
  const chunks: Buffer[] = []
  let total = 0
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array)
    chunks.push(buffer)
    total += buffer.length
    if (total > limit) {
      stream.destroy()
      return { bytes: Buffer.concat(chunks).subarray(0, limit), cut: true }
    }
  }
  return { bytes: Buffer.concat(chunks), cut: false }
}

function cut(text: string, alreadyCut: boolean): { text: string; truncated: boolean } {
  return text.length > ASSET_TEXT_MAX_CHARS
    ? { text: text.slice(0, ASSET_TEXT_MAX_CHARS), truncated: true }
    : { text, truncated: alreadyCut }
}

/** The text of a PDF: one page (from 1) or all of them, page after page. */
async function readPdfText(
  content: Buffer,
  page: number | undefined,
): Promise<{ text: string; pages: number; truncated: boolean }> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs')
  let document
  try {
    document = await getDocument({
      data: new Uint8Array(content),
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      stopAtErrors: false,
      verbosity: 0,
    }).promise
  } catch {
    throw new AppError(422, 'PDF_UNREADABLE', 'assetUpload.pdfUnreadable')
  }
  try {
    const pages = document.numPages
    if (page !== undefined && page > pages) {
      throw new AppError(400, 'NO_SUCH_PAGE', 'assetUpload.noSuchPage', { value: pages })
    }
    const numbers =
      page === undefined
        ? Array.from({ length: Math.min(pages, MAX_PDF_PAGES) }, (_, i) => i + 1)
        : [page]
    const parts: string[] = []
    let length = 0
    for (const number of numbers) {
      const content = await (await document.getPage(number)).getTextContent()
      const text = content.items
        .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
        .join('')
      parts.push(text)
      length += text.length
      if (length > ASSET_TEXT_MAX_CHARS) break
    }
    const whole = cut(parts.join('\n\n'), page === undefined && pages > MAX_PDF_PAGES)
    return { ...whole, pages }
  } finally {
    await document.destroy()
  }
}

/**
 * GET /admin/asset/get-text: the text of a text file (UTF-8, cut at ASSET_TEXT_MAX_CHARS) or of
 * a PDF (one page, or all); other kinds answer 415.
 */
export async function readAssetText(
  ctx: AdminContext,
  store: AssetStore,
  query: AssetTextQuery,
): Promise<AssetText> {
  const { row, stream } = await openAssetFile(ctx, store, query.id)
  if (row.mimeType === 'text/plain' || row.mimeType === 'text/csv') {
    const { bytes, cut: wasCut } = await readAtMost(stream, ASSET_TEXT_MAX_CHARS * 4)
    const text = bytes.toString('utf8').replace(/^\uFEFF/, '')
    return { success: true, pages: null, ...cut(text, wasCut) }
  }
  if (row.mimeType === 'application/pdf') {
    const { text, pages, truncated } = await readPdfText(await readStream(stream), query.page)
    return { success: true, text, pages, truncated }
  }
  stream.destroy()
  throw new AppError(415, 'ASSET_HAS_NO_TEXT', 'assetUpload.noText')
}
