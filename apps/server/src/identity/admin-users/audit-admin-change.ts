import type { Db } from '../../platform/db/client.ts'
import { recordAudit } from '../audit/record-audit.ts'
import type { AdminContext } from './admin-context.ts'

export interface AdminChange {
  /** e.g. 'adminUser.update', 'adminRole.delete'. */
  readonly action: string
  readonly entityType: 'adminUser' | 'adminRole'
  readonly entityId: number
  /** Secret-free snapshots (AdminUser/AdminRole); null on the missing side of a creation or deletion. */
  readonly before: unknown
  readonly after: unknown
}

/** Records one back-office change by the acting user: who, when, what, before/after, IP. `db` may be a transaction. */
export async function auditAdminChange(
  ctx: AdminContext,
  db: Db,
  change: AdminChange,
): Promise<void> {
  await recordAudit(db, {
    actor: { id: ctx.admin.userId, name: ctx.admin.name || ctx.admin.username },
    ...change,
    ip: ctx.ip,
    requestId: ctx.requestId,
  })
}
