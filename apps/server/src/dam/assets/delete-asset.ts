import { eq, sql } from 'drizzle-orm'
import { assets } from '../../platform/db/schema/elements.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { likePrefix } from '../../elements/element-lookup.ts'
import { assertNotLockedByOther } from '../../elements/element-services.ts'
import { moveSubtreeToRecycleBin } from '../../elements/recycle-bin.ts'
import { purgeMediaCache } from '../media/media.routes.ts'
import { auditAssetChange } from './asset-audit.ts'
import { inSubtree, undeletable } from './asset-tree-info.ts'
import { assetNotFound, fullPathOf, loadAssetRights } from './read-asset-tree.ts'

/**
 * Deletes an asset, a folder with everything inside it, into one recycle-bin entry: a restore
 * puts back the same ids, versions, properties, notes, tags and dependencies, and the files,
 * which stay in the store (only the shop's cached sizes go). Refused (nothing changes) for the
 * root, while another user locks it, without `delete` on every asset of the subtree, and
 * (409) while an element outside the subtree uses one of them.
 */
export async function deleteAsset(
  ctx: AdminContext,
  dataDir: string,
  id: number,
): Promise<{ success: true; deleted: number; binId: number }> {
  const rights = await loadAssetRights(ctx)
  const { binId, amount, files } = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(assets).where(eq(assets.id, id)).for('update')
    if (!row) throw assetNotFound()
    const full = fullPathOf(row)
    if (!rights.mayList(full)) throw new AppError(403, 'FORBIDDEN', 'server.forbidden')
    if (row.parentId === null) throw new AppError(400, 'ASSET_ROOT', 'pimAssets.cannotDeleteRoot')
    rights.assert(full, 'delete')
    await assertNotLockedByOther(tx, { type: 'asset', id }, ctx.admin.userId)
    const subtree = await tx
      .select({
        id: assets.id,
        parentId: assets.parentId,
        path: assets.path,
        key: assets.key,
        storageKey: assets.storageKey,
      })
      .from(assets)
      .where(inSubtree(row))
    if (undeletable(rights, subtree).length > 0) {
      throw new AppError(403, 'FORBIDDEN', 'server.forbidden')
    }
    const { rows: users } = await tx.execute<{ source_id: number | string }>(
      firstOutsideUser(row.id, full),
    )
    if (users[0]) {
      throw new AppError(409, 'ASSET_IN_USE', 'pimAssets.inUse', { id: Number(users[0].source_id) })
    }
    const moved = await moveSubtreeToRecycleBin(tx, { type: 'asset', id }, ctx.admin.userId)
    await auditAssetChange(ctx, tx, {
      action: 'asset.delete',
      assetId: id,
      before: { fullPath: full, amount: moved.amount },
      after: { binId: moved.binId },
    })
    return {
      binId: moved.binId,
      amount: moved.amount,
      files: subtree.flatMap((a) => (a.storageKey ? [a.storageKey] : [])),
    }
  })
  for (const key of files) await purgeMediaCache(dataDir, key)
  return { success: true, deleted: amount, binId }
}

/** The first element outside the subtree that uses an asset in it (for the message). */
function firstOutsideUser(id: number, full: string) {
  const prefix = likePrefix(full)
  return sql`select d.source_id from element_dependencies d join assets t on t.id = d.target_id
    where d.target_type = 'asset' and (t.id = ${id} or t.path like ${prefix})
      and not (d.source_type = 'asset' and d.source_id in
               (select s.id from assets s where s.id = ${id} or s.path like ${prefix}))
    order by d.source_type, d.source_id limit 1`
}
