import {
  THUMBNAIL_EXTENSIONS,
  THUMBNAIL_MIME_TYPES,
  type DocumentThumbnailQuery,
  type ThumbnailConfig,
} from '@optika/domain/pim/asset-thumbnail-api'
import { AppError } from '../../platform/http/app-error.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { cachedDerivative, derivativeKey, derivativeStamp } from './derivative-cache.ts'
import {
  loadAssetOfType,
  readOriginal,
  type Derivative,
  type ThumbnailDeps,
} from './load-asset-for-thumbnail.ts'
import { renderPdfPage } from './render-pdf-page.ts'
import { renderThumbnail } from './render-thumbnail.ts'
import { findThumbnailConfig } from './thumbnail-config-registry.ts'

/** Larger side of a page in the document preview, in pixels. */
const PREVIEW_SIDE = 1600
const DOCUMENT_PREVIEW: ThumbnailConfig = {
  name: 'document-preview',
  width: PREVIEW_SIDE,
  height: PREVIEW_SIDE,
  mode: 'contain',
  format: 'webp',
  quality: 85,
}

/**
 * GET /admin/asset/get-document-thumbnail: page `page` (default the first) of a PDF in a named
 * configuration; a page the document does not have is a translated 400.
 */
export async function getDocumentThumbnail(
  ctx: AdminContext,
  deps: ThumbnailDeps,
  query: DocumentThumbnailQuery,
): Promise<Derivative> {
  const config = await findThumbnailConfig(ctx.db, query.config)
  const row = await loadAssetOfType(ctx, query.id, 'document')
  const stamp = derivativeStamp(row)
  const contentType = THUMBNAIL_MIME_TYPES[config.format]
  const key = derivativeKey(
    row.id,
    stamp,
    `document-${config.name}-p${query.page}.${THUMBNAIL_EXTENSIONS[config.format]}`,
  )
  const body = await cachedDerivative(ctx.db, deps.store, row.id, key, contentType, async () => {
    const side = Math.max(config.width, config.height)
    const { png } = await renderPdfPage(await readOriginal(deps.store, row), query.page, side)
    return renderThumbnail(png, config, null)
  })
  return { body, contentType, etag: `"${stamp}-${config.name}-${config.version}-p${query.page}"` }
}

/**
 * GET /admin/asset/get-preview-document: page `page` of a PDF rendered large (WebP) for the
 * editor's page viewer, with the document's page count.
 */
export async function getDocumentPreview(
  ctx: AdminContext,
  deps: ThumbnailDeps,
  query: { id: number; page: number },
): Promise<Derivative & { pageCount: number }> {
  const row = await loadAssetOfType(ctx, query.id, 'document')
  const stamp = derivativeStamp(row)
  let original: Buffer | null = null
  const originalOnce = async () => (original ??= await readOriginal(deps.store, row))
  const countKey = derivativeKey(row.id, stamp, 'document-pages.txt')
  const counted = await cachedDerivative(
    ctx.db,
    deps.store,
    row.id,
    countKey,
    'text/plain',
    async () => {
      const { pageCount } = await renderPdfPage(await originalOnce(), 1, 16)
      return Buffer.from(String(pageCount))
    },
  )
  const pageCount = Number(counted.toString('utf8'))
  if (query.page > pageCount) {
    throw new AppError(400, 'DOCUMENT_PAGE_OUT_OF_RANGE', 'assetThumbnails.pageOutOfRange', {
      value: query.page,
      count: pageCount,
    })
  }
  const key = derivativeKey(row.id, stamp, `document-preview-p${query.page}.webp`)
  const body = await cachedDerivative(ctx.db, deps.store, row.id, key, 'image/webp', async () => {
    const { png } = await renderPdfPage(await originalOnce(), query.page, PREVIEW_SIDE)
    return renderThumbnail(png, DOCUMENT_PREVIEW, null)
  })
  return { body, contentType: 'image/webp', etag: `"${stamp}-document-p${query.page}"`, pageCount }
}
