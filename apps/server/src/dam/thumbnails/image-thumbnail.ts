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
import { focalPointOf, renderThumbnail } from './render-thumbnail.ts'
import { findThumbnailConfig } from './thumbnail-config-registry.ts'

/**
 * A picture asset in a named configuration, rendered once and then read from the store; `accept`
 * (the request's header) decides what an `auto` configuration encodes to.
 */
export async function imageThumbnailOf(
  ctx: AdminContext,
  deps: ThumbnailDeps,
  row: AssetRow,
  configName: string,
  accept?: string,
): Promise<Derivative> {
  const config = await findThumbnailConfig(ctx.db, configName, accept)
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
  const etag = `"${stamp}-${config.name}-${config.version}-${config.format}"`
  return { body, contentType, etag }
}

/** GET /admin/asset/get-image-thumbnail: a picture the user may view, in a named configuration. */
export async function getImageThumbnail(
  ctx: AdminContext,
  deps: ThumbnailDeps,
  query: ImageThumbnailQuery,
  accept?: string,
): Promise<Derivative> {
  await findThumbnailConfig(ctx.db, query.config)
  const row = await loadAssetOfType(ctx, query.id, 'image')
  return imageThumbnailOf(ctx, deps, row, query.config, accept)
}

/**
 * GET /admin/asset/download-image-thumbnail: the same bytes as a download, named after the asset
 * and the configuration ('frame-red-grid.webp').
 */
export async function downloadImageThumbnail(
  ctx: AdminContext,
  deps: ThumbnailDeps,
  query: ImageThumbnailQuery,
  accept?: string,
): Promise<Derivative & { fileName: string }> {
  const config = await findThumbnailConfig(ctx.db, query.config, accept)
  const row = await loadAssetOfType(ctx, query.id, 'image')
  const thumbnail = await imageThumbnailOf(ctx, deps, row, config.name, accept)
  const base = row.key.replace(/\.[^.]*$/, '') || 'image'
  return { ...thumbnail, fileName: `${base}-${config.name}.${THUMBNAIL_EXTENSIONS[config.format]}` }
}
