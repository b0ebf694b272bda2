import type { AddAssetFolder, AssetNode } from '@optika/domain/pim/asset-api'
import { assets } from '../../platform/db/schema/elements.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { assetNodeFor, childPathOf, loadTargetFolder } from './read-asset-tree.ts'

/** Creates a folder under a folder; the name must be free there. */
export async function addAssetFolder(ctx: AdminContext, input: AddAssetFolder): Promise<AssetNode> {
  const parent = await loadTargetFolder(ctx, input.parentId)
  const [row] = await ctx.db
    .insert(assets)
    .values({ parentId: parent.id, type: 'folder', key: input.name, path: childPathOf(parent) })
    .onConflictDoNothing()
    .returning()
  if (!row) throw new AppError(409, 'ASSET_KEY_TAKEN', 'pimAssets.nameTaken')
  return assetNodeFor(ctx, row, false)
}
