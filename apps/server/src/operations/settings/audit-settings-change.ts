import { recordAudit } from '../../identity/audit/record-audit.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import type { Db } from '../../platform/db/client.ts'

/** Records a change to the system or website settings, the logo or the caches; `db` may be the change's transaction. */
export async function auditSettingsChange(
  db: Db,
  ctx: AdminContext,
  change: {
    action: string
    entityType: 'systemSettings' | 'websiteSetting' | 'customLogo' | 'cache'
    entityId: number | string
    before?: unknown
    after?: unknown
  },
): Promise<void> {
  await recordAudit(db, {
    actor: { id: ctx.admin.userId, name: ctx.admin.username },
    ...change,
    ip: ctx.ip,
    requestId: ctx.requestId,
  })
}
