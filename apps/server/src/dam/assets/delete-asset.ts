import { and, eq, inArray, like, or } from 'drizzle-orm'
import { assets } from '../../platform/db/schema/elements.ts'
import { elementDependencies } from '../../platform/db/schema/pim.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { loadElementRights } from '../../elements/element-rights.ts'
import { purgeMediaCache } from '../media/media.routes.ts'
import type { AssetStore } from './asset-store.ts'
import { assetNotFound, findAsset, fullPathOf } from './read-asset-tree.ts'

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}

/**
 * Deletes an asset, a folder with everything inside it: refused (409, nothing deleted) while an
 * element requires any of them; the rows go in one transaction, then the files and cached sizes.
 */
export async function deleteAsset(
  ctx: AdminContext,
  store: AssetStore,
  dataDir: string,
  id: number,
): Promise<{ success: true; deleted: number }> {
  const row = await findAsset(ctx.db, id)
  if (!row) throw assetNotFound()
  if (row.parentId === null) throw new AppError(400, 'ASSET_ROOT', 'pimAssets.cannotDeleteRoot')
  const rights = await loadElementRights(ctx.db, ctx.admin)
  const full = fullPathOf(row)
  rights.assert('asset', full, 'delete')

  const files = await ctx.db.transaction(async (tx) => {
    const subtree = await tx
      .select({ id: assets.id, storageKey: assets.storageKey })
      .from(assets)
      .where(or(eq(assets.id, row.id), like(assets.path, `${escapeLike(full)}/%`)))
    const ids = subtree.map((a) => a.id)
    const [required] = await tx
      .select({ sourceId: elementDependencies.sourceId })
      .from(elementDependencies)
      .where(
        and(
          eq(elementDependencies.targetType, 'asset'),
          inArray(elementDependencies.targetId, ids),
        ),
      )
      .limit(1)
    if (required) {
      throw new AppError(409, 'ASSET_IN_USE', 'pimAssets.inUse', { id: required.sourceId })
    }
    // One statement: the parent links inside the subtree are checked when it ends.
    await tx.delete(assets).where(inArray(assets.id, ids))
    return subtree.flatMap((a) => (a.storageKey ? [a.storageKey] : []))
  })
  for (const key of files) {
    await store.delete(key)
    await purgeMediaCache(dataDir, key)
  }
  return { success: true, deleted: files.length }
}
