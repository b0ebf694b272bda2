import type { Readable } from 'node:stream'
import type { FastifyReply } from 'fastify'
import { AppError } from '../../platform/http/app-error.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import type { AssetStore } from '../assets/asset-store.ts'
import { loadAssetWithRight, type AssetRow } from '../assets/read-asset-tree.ts'

/** Types a browser may show in its own tab; anything else is only ever downloaded. */
const SHOWN_INLINE = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
  'image/svg+xml',
  'application/pdf',
  'video/mp4',
  'video/webm',
  'video/quicktime',
  'audio/mpeg',
  'text/plain',
  'text/csv',
])

/**
 * An asset's file the user may view, opened from the store: 404 when there is no such asset or
 * its file is missing, 400 for a folder.
 */
export async function openAssetFile(
  ctx: AdminContext,
  store: AssetStore,
  id: number,
): Promise<{ row: AssetRow; stream: Readable }> {
  const { row } = await loadAssetWithRight(ctx, id, 'view')
  if (row.type === 'folder' || !row.storageKey) {
    throw new AppError(400, 'ASSET_IS_FOLDER', 'assetUpload.isFolder')
  }
  const stream = await store.get(row.storageKey)
  if (!stream) throw new AppError(404, 'ASSET_FILE_MISSING', 'assetUpload.fileMissing')
  return { row, stream }
}

/**
 * A `content-disposition` no file name can break out of: an ASCII-only `filename` (quotes,
 * separators and controls replaced) plus the exact name as RFC 5987 `filename*`.
 */
export function contentDisposition(mode: 'inline' | 'attachment', filename: string): string {
  const name = filename.replace(/^.*[/\\]/, '') || 'download'
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\;%]/g, '_')
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `${mode}; filename="${ascii}"; filename*=UTF-8''${encoded}`
}

/**
 * Sends an asset's file with its sniffed type only (`nosniff`), a safe `content-disposition`
 * (inline only for types a browser shows safely, else attachment) and, except for PDFs (whose
 * viewer a sandbox would block), a CSP sandbox so even a cunning file runs no script.
 */
export function sendAssetFile(
  reply: FastifyReply,
  row: AssetRow,
  stream: Readable,
  wanted: 'inline' | 'attachment',
): FastifyReply {
  const mimeType = row.mimeType ?? 'application/octet-stream'
  const mode = wanted === 'inline' && SHOWN_INLINE.has(mimeType) ? 'inline' : 'attachment'
  reply
    .type(mimeType.startsWith('text/') ? `${mimeType}; charset=utf-8` : mimeType)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', contentDisposition(mode, row.key))
    .header('cache-control', 'private, no-cache')
    .header('cross-origin-resource-policy', 'same-origin')
  if (mimeType !== 'application/pdf') {
    reply.header(
      'content-security-policy',
      "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox",
    )
  }
  if (row.checksum) reply.header('etag', `"${row.checksum}"`)
  return reply.send(stream)
}
