import type { Db } from '../../platform/db/client.ts'
import { recordAudit } from '../../identity/audit/record-audit.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'

export interface ShopChange {
  /** e.g. 'shop.country.update', 'shop.voucherSeries.create', 'shop.stock.update'. */
  readonly action: string
  readonly entityType: string
  readonly entityId: string | number | null
  readonly before: unknown
  readonly after: unknown
}

/** Records a back-office change to the shop's configuration; `db` may be the change's transaction. */
export async function auditShopChange(
  ctx: AdminContext,
  db: Db,
  change: ShopChange,
): Promise<void> {
  await recordAudit(db, {
    actor: { id: ctx.admin.userId, name: ctx.admin.name || ctx.admin.username },
    ...change,
    ip: ctx.ip,
    requestId: ctx.requestId,
  })
}
