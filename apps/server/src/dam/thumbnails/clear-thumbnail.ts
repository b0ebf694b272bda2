import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { auditAssetChange } from '../assets/asset-audit.ts'
import { loadElementRights } from '../../elements/element-rights.ts'
import { assetNotFound, findAsset, fullPathOf } from '../assets/read-asset-tree.ts'
import { invalidateAssetDerivatives } from './invalidate-asset-derivatives.ts'
import type { ThumbnailDeps } from './load-asset-for-thumbnail.ts'

/**
 * POST /admin/asset/clear-thumbnail: forgets every cached derivative of an asset (thumbnails,
 * video frames and previews, document pages, the shop's picture sizes); they are rendered again
 * on the next request. Needs the 'publish' right, as in Pimcore; written to the audit log.
 */
export async function clearThumbnail(
  ctx: AdminContext,
  deps: ThumbnailDeps,
  id: number,
): Promise<{ success: true; deleted: number }> {
  const row = await findAsset(ctx.db, id)
  if (!row) throw assetNotFound()
  const rights = await loadElementRights(ctx.db, ctx.admin)
  rights.assert('asset', fullPathOf(row), 'publish')
  const { deleted } = await invalidateAssetDerivatives(ctx.db, deps.store, deps.dataDir, row.id)
  await auditAssetChange(ctx, ctx.db, {
    action: 'asset.clearThumbnail',
    assetId: row.id,
    after: { deleted },
  })
  return { success: true, deleted }
}
