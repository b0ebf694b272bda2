import type { Db } from '../../platform/db/client.ts'
import { recordAudit } from '../../identity/audit/record-audit.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'

/** Records an asset file written by a back-office user; `db` may be the write's transaction. */
export async function auditAssetUpload(
  ctx: AdminContext,
  db: Db,
  change: {
    /** 'asset.create', 'asset.replace', 'asset.folder.create'. */
    readonly action: string
    readonly assetId: number
    readonly before?: unknown
    readonly after: unknown
  },
): Promise<void> {
  await recordAudit(db, {
    actor: { id: ctx.admin.userId, name: ctx.admin.name || ctx.admin.username },
    action: change.action,
    entityType: 'asset',
    entityId: change.assetId,
    before: change.before,
    after: change.after,
    ip: ctx.ip,
    requestId: ctx.requestId,
  })
}
