import type { Db } from '../../platform/db/client.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { recordAudit } from '../../identity/audit/record-audit.ts'

/** One write to the asset tree as the audit log keeps it (`asset.<verb>`, entity type 'asset'). */
export interface AssetChange {
  readonly action: string
  readonly assetId: number
  readonly before?: unknown
  readonly after?: unknown
}

/** Appends an audit entry for an asset change, in the caller's transaction. */
export async function auditAssetChange(
  ctx: AdminContext,
  db: Db,
  change: AssetChange,
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
