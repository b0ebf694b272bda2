import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { recordAudit } from '../../identity/audit/record-audit.ts'

/** One audit entry of an asset grid write that is not an asset's own (configurations, batch jobs). */
export async function auditAssetGrid(
  ctx: AdminContext,
  entry: {
    action: string
    entityType: string
    entityId: number | string
    before?: unknown
    after?: unknown
  },
): Promise<void> {
  await recordAudit(ctx.db, {
    actor: { id: ctx.admin.userId, name: ctx.admin.name || ctx.admin.username },
    ip: ctx.ip || null,
    requestId: ctx.requestId,
    ...entry,
  })
}
