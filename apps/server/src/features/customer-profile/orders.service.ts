import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type {
  OrderDetail,
  OrderItem,
  OrderList,
  OrderSummary,
} from '@optika/domain/accounts/profile-api'
import type { Db } from '../../db/client.ts'
import { complaints, orderItems, orders } from '../../db/schema/accounts.ts'
import { AppError } from '../../http/app-error.ts'

type OrderRow = typeof orders.$inferSelect

export function orderNotFound(): AppError {
  return new AppError(404, 'ORDER_NOT_FOUND', 'profile.orderNotFound')
}

function toSummary(row: OrderRow): OrderSummary {
  return {
    id: row.id,
    number: row.number,
    date: row.createdAt.toISOString(),
    status: row.status,
    totalNet: row.totalNet,
    totalGross: row.totalGross,
    currency: row.currency,
  }
}

/** The viewer's orders, newest first. */
export async function listOrders(db: Db, customerId: number): Promise<OrderList> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.customerId, customerId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
  return { orders: rows.map(toSummary) }
}

/**
 * Pieces of each order item already claimed. Every complaint counts whatever its state: a
 * rejected claim was decided, and asking again goes through the complaint's messages.
 */
export async function complainedQuantities(
  db: Db,
  itemIds: readonly number[],
): Promise<Map<number, number>> {
  if (itemIds.length === 0) return new Map()
  const rows = await db
    .select({
      itemId: complaints.orderItemId,
      quantity: sql<number>`sum(${complaints.quantity})::int`,
    })
    .from(complaints)
    .where(inArray(complaints.orderItemId, [...itemIds]))
    .groupBy(complaints.orderItemId)
  return new Map(rows.map((r) => [r.itemId, r.quantity]))
}

/** One of the viewer's orders with its items; another customer's order is 404 like a missing one. */
export async function getOrder(db: Db, customerId: number, id: number): Promise<OrderDetail> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.customerId, customerId)))
    .limit(1)
  if (!row) throw orderNotFound()
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, row.id))
    .orderBy(orderItems.id)
  const complained = await complainedQuantities(
    db,
    items.map((i) => i.id),
  )
  return {
    ...toSummary(row),
    clientNumber: row.clientNumber,
    items: items.map((item): OrderItem => ({
      id: item.id,
      productId: item.productId,
      code: item.code,
      name: item.name,
      quantity: item.quantity,
      unitPriceNet: item.unitPriceNet,
      unitPriceGross: item.unitPriceGross,
      totalNet: item.unitPriceNet * item.quantity,
      totalGross: item.unitPriceGross * item.quantity,
      complainedQuantity: complained.get(item.id) ?? 0,
    })),
  }
}
