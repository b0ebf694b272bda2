import type { Db } from '../../platform/db/client.ts'
import { recordAudit } from '../../identity/audit/record-audit.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'

export interface CustomerChange {
  /** e.g. 'customer.partnerApprove', 'complaint.state'. */
  readonly action: string
  readonly entityType: 'customer' | 'complaint'
  /** Null for a change to many (an export). */
  readonly entityId: number | null
  /** Secret-free snapshots (recordAudit strips secret fields anyway). */
  readonly before: unknown
  readonly after: unknown
}

/** Records a back-office change to a customer or complaint: who, when, before/after, IP. `db` may be a transaction. */
export async function auditCustomerChange(
  ctx: AdminContext,
  db: Db,
  change: CustomerChange,
): Promise<void> {
  await recordAudit(db, {
    actor: { id: ctx.admin.userId, name: ctx.admin.name || ctx.admin.username },
    ...change,
    ip: ctx.ip,
    requestId: ctx.requestId,
  })
}
