import { eq, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type {
  AdminOrderDetail,
  OrderStatusInput,
  ShipmentInput,
} from '@optika/domain/commerce/admin-orders-api'
import {
  canMoveOrder,
  isOrderStatus,
  orderStatusKey,
  type OrderStatus,
} from '@optika/domain/commerce/order-status'
import type { Db } from '../../platform/db/client.ts'
import { orderItems, orders, orderStatusHistory } from '../../platform/db/schema/accounts.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { recordAudit } from '../../identity/audit/record-audit.ts'
import { sendOrderStatusMail, type OrderMailDeps } from '../orders/order-mails.ts'
import { getOrderDetail, orderNotFound, type OrderRow } from './read-orders.ts'

type ItemRow = typeof orderItems.$inferSelect

export interface OrderChange {
  /** e.g. 'order.status', 'order.shipment', 'order.note', 'order.attachmentAdd'. */
  readonly action: string
  readonly orderId: number | null
  readonly before: unknown
  readonly after: unknown
}

/** Records a back-office change to an order: who, when, before/after, IP. `db` may be a transaction. */
export async function auditOrderChange(
  ctx: AdminContext,
  db: Db,
  change: OrderChange,
): Promise<void> {
  await recordAudit(db, {
    actor: { id: ctx.admin.userId, name: ctx.admin.name || ctx.admin.username },
    action: change.action,
    entityType: 'order',
    entityId: change.orderId,
    before: change.before,
    after: change.after,
    ip: ctx.ip,
    requestId: ctx.requestId,
  })
}

/** The order row locked for the rest of the transaction, so two changes never interleave. */
async function lockOrder(tx: Db, id: number): Promise<OrderRow> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update')
  if (!row) throw orderNotFound()
  return row
}

async function itemsOf(tx: Db, id: number): Promise<ItemRow[]> {
  return tx.select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(orderItems.id)
}

function refusedMove(ctx: AdminContext, from: string, to: string): AppError {
  return new AppError(409, 'ORDER_TRANSITION_REFUSED', 'admin.orders.error.transition', {
    from: ctx.t(orderStatusKey(from)),
    to: ctx.t(orderStatusKey(to)),
  })
}

/** Per item: pieces shipped before and after (the audit snapshot; no product codes, ids only). */
function shippedSnapshot(items: readonly ItemRow[]) {
  return items.map((item) => ({ itemId: item.id, shipped: item.shippedQuantity }))
}

/**
 * Moves the status one step (the state machine's move, in one transaction with its history
 * row and audit entry). `shipped` marks every remaining piece shipped; `cancelled` puts what
 * was taken from stock and not shipped back in stock (the item's reservation is then cleared,
 * so it can never be returned twice).
 */
async function moveStatus(
  ctx: AdminContext,
  tx: Db,
  row: OrderRow,
  to: OrderStatus,
  note: string,
  extra: { action: string; before?: unknown; after?: unknown } = { action: 'order.status' },
): Promise<void> {
  const from = row.status
  if (!isOrderStatus(from) || !canMoveOrder(from, to)) throw refusedMove(ctx, from, to)
  const items = await itemsOf(tx, row.id)
  const returned: { itemId: number; productId: number; quantity: number }[] = []
  if (to === 'shipped') {
    await tx
      .update(orderItems)
      .set({ shippedQuantity: sql`${orderItems.quantity}` })
      .where(eq(orderItems.orderId, row.id))
  }
  if (to === 'cancelled') {
    for (const item of items) {
      const back = item.reservedQuantity - item.shippedQuantity
      if (back <= 0) continue
      // The product object may have been deleted since: then there is no stock to return to.
      await tx.execute(sql`
        INSERT INTO stock_levels (object_id, quantity, updated_at)
        SELECT id, ${back}, now() FROM objects WHERE id = ${item.productId}
        ON CONFLICT (object_id) DO UPDATE
          SET quantity = stock_levels.quantity + excluded.quantity, updated_at = now()`)
      await tx
        .update(orderItems)
        .set({ reservedQuantity: item.shippedQuantity })
        .where(eq(orderItems.id, item.id))
      returned.push({ itemId: item.id, productId: item.productId, quantity: back })
    }
  }
  await tx.update(orders).set({ status: to, updatedAt: new Date() }).where(eq(orders.id, row.id))
  await tx.insert(orderStatusHistory).values({
    orderId: row.id,
    fromStatus: from,
    toStatus: to,
    adminUserId: ctx.admin.userId,
    note,
  })
  await auditOrderChange(ctx, tx, {
    action: extra.action,
    orderId: row.id,
    before: { status: from, ...(extra.before as object | undefined) },
    after: {
      status: to,
      ...(note === '' ? {} : { note }),
      ...(returned.length === 0 ? {} : { returnedToStock: returned }),
      ...(extra.after as object | undefined),
    },
  })
}

export interface StatusMailContext {
  readonly mail: OrderMailDeps
  readonly log: FastifyBaseLogger
}

/** The buyer hears about the new status; a mail failure never undoes the committed change. */
async function tellBuyer(mail: StatusMailContext, orderId: number): Promise<void> {
  try {
    await sendOrderStatusMail(mail.mail, orderId)
  } catch (error) {
    mail.log.error({ err: error, orderId }, 'order status mail failed')
  }
}

/** POST /admin/orders/{id}/status: only the state machine's moves; a partial shipment goes through /shipments. */
export async function changeOrderStatus(
  ctx: AdminContext,
  mail: StatusMailContext,
  id: number,
  input: OrderStatusInput,
): Promise<AdminOrderDetail> {
  const note = input.note?.trim() ?? ''
  await ctx.db.transaction(async (tx) => {
    const row = await lockOrder(tx, id)
    if (input.status === 'partiallyShipped') {
      throw new AppError(409, 'ORDER_SHIPMENT_REQUIRED', 'admin.orders.error.shipmentRequired')
    }
    await moveStatus(ctx, tx, row, input.status, note)
  })
  await tellBuyer(mail, id)
  return getOrderDetail(ctx.db, id)
}

/**
 * POST /admin/orders/{id}/shipments: records shipped pieces (never more than ordered). The
 * order becomes partly shipped, or shipped once every piece is, through the state machine.
 */
export async function recordShipment(
  ctx: AdminContext,
  mail: StatusMailContext,
  id: number,
  input: ShipmentInput,
): Promise<AdminOrderDetail> {
  const moved = await ctx.db.transaction(async (tx) => {
    const row = await lockOrder(tx, id)
    if (row.status !== 'processing' && row.status !== 'partiallyShipped') {
      throw new AppError(409, 'ORDER_NOT_SHIPPABLE', 'admin.orders.error.notShippable', {
        status: ctx.t(orderStatusKey(row.status)),
      })
    }
    const items = await itemsOf(tx, id)
    const byId = new Map(items.map((item) => [item.id, item]))
    const adding = new Map<number, number>()
    for (const line of input.items) {
      const item = byId.get(line.itemId)
      if (!item) throw new AppError(400, 'ORDER_ITEM_UNKNOWN', 'admin.orders.error.itemUnknown')
      adding.set(item.id, (adding.get(item.id) ?? 0) + line.quantity)
    }
    for (const [itemId, quantity] of adding) {
      const item = byId.get(itemId)!
      if (item.shippedQuantity + quantity > item.quantity) {
        throw new AppError(400, 'SHIPMENT_TOO_LARGE', 'admin.orders.error.shipmentTooLarge', {
          name: item.name,
          value: item.quantity - item.shippedQuantity,
        })
      }
    }
    const before = shippedSnapshot(items)
    for (const [itemId, quantity] of adding) {
      await tx
        .update(orderItems)
        .set({ shippedQuantity: sql`${orderItems.shippedQuantity} + ${quantity}` })
        .where(eq(orderItems.id, itemId))
    }
    const after = shippedSnapshot(await itemsOf(tx, id))
    const everything = items.every(
      (item) => item.shippedQuantity + (adding.get(item.id) ?? 0) >= item.quantity,
    )
    const target: OrderStatus = everything ? 'shipped' : 'partiallyShipped'
    const snapshot = {
      action: 'order.shipment',
      before: { items: before },
      after: { items: after },
    }
    if (target === row.status) {
      // A further partial shipment: no status move, but still on record.
      await tx.update(orders).set({ updatedAt: new Date() }).where(eq(orders.id, id))
      await auditOrderChange(ctx, tx, {
        action: 'order.shipment',
        orderId: id,
        before: { status: row.status, items: before },
        after: { status: row.status, items: after },
      })
      return false
    }
    await moveStatus(ctx, tx, row, target, '', snapshot)
    return true
  })
  if (moved) await tellBuyer(mail, id)
  return getOrderDetail(ctx.db, id)
}

/** PUT /admin/orders/{id}/note: the shop's internal note (never shown to the buyer). */
export async function saveOrderNote(
  ctx: AdminContext,
  id: number,
  note: string,
): Promise<AdminOrderDetail> {
  await ctx.db.transaction(async (tx) => {
    const row = await lockOrder(tx, id)
    if (row.note === note) return
    await tx.update(orders).set({ note, updatedAt: new Date() }).where(eq(orders.id, id))
    await auditOrderChange(ctx, tx, {
      action: 'order.note',
      orderId: id,
      before: { note: row.note },
      after: { note },
    })
  })
  return getOrderDetail(ctx.db, id)
}
