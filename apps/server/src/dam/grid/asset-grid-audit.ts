import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { recordAudit } from '../../identity/audit/record-audit.ts'
import type { Db } from '../../platform/db/client.ts'

/** One audit entry of an asset grid write, by the caller. */
export async function auditAssetGrid(
  ctx: AdminContext,
  entry: {
    action: string
    entityType: string
    entityId: number | string
    before?: unknown
    after?: unknown
  },
  db: Db = ctx.db,
): Promise<void> {
  await recordAudit(db, {
    actor: { id: ctx.admin.userId, name: ctx.admin.name || ctx.admin.username },
    ip: ctx.ip || null,
    ...entry,
  })
}
