import {
  THUMBNAIL_EXTENSIONS,
  THUMBNAIL_MIME_TYPES,
  type ImageThumbnailQuery,
} from '@optika/domain/pim/asset-thumbnail-api'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import type { AssetRow } from '../assets/read-asset-tree.ts'
import { cachedDerivative, derivativeKey, derivativeStamp } from './derivative-cache.ts'
import {
  loadAssetOfType,
  readOriginal,
  type Derivative,
  type ThumbnailDeps,
} from './load-asset-for-thumbnail.ts'
import { findThumbnailConfig, focalPointOf, renderThumbnail } from './render-thumbnail.ts'

/** A picture asset in a named configuration, rendered once and then read from the store. */
export async function imageThumbnailOf(
  ctx: AdminContext,
  deps: ThumbnailDeps,
  row: AssetRow,
  configName: string,
): Promise<Derivative> {
  const config = findThumbnailConfig(configName)
  const stamp = derivativeStamp(row)
  const contentType = THUMBNAIL_MIME_TYPES[config.format]
  const key = derivativeKey(
    row.id,
    stamp,
    `image-${config.name}.${THUMBNAIL_EXTENSIONS[config.format]}`,
  )
  const body = await cachedDerivative(ctx.db, deps.store, row.id, key, contentType, async () =>
    renderThumbnail(await readOriginal(deps.store, row), config, focalPointOf(row.customSettings)),
  )
  return { body, contentType, etag: `"${stamp}-${config.name}"` }
}

/** GET /admin/asset/get-image-thumbnail: a picture the user may view, in a named configuration. */
export async function getImageThumbnail(
  ctx: AdminContext,
  deps: ThumbnailDeps,
  query: ImageThumbnailQuery,
): Promise<Derivative> {
  findThumbnailConfig(query.config)
  const row = await loadAssetOfType(ctx, query.id, 'image')
  return imageThumbnailOf(ctx, deps, row, query.config)
}

/**
 * GET /admin/asset/download-image-thumbnail: the same bytes as a download, named after the asset
 * and the configuration ('frame-red-grid.webp').
 */
export async function downloadImageThumbnail(
  ctx: AdminContext,
  deps: ThumbnailDeps,
  query: ImageThumbnailQuery,
): Promise<Derivative & { fileName: string }> {
  const config = findThumbnailConfig(query.config)
  const row = await loadAssetOfType(ctx, query.id, 'image')
  const thumbnail = await imageThumbnailOf(ctx, deps, row, config.name)
  const base = row.key.replace(/\.[^.]*$/, '') || 'image'
  return { ...thumbnail, fileName: `${base}-${config.name}.${THUMBNAIL_EXTENSIONS[config.format]}` }
}
