import { and, asc, eq } from 'drizzle-orm'
import type { OrderItemCore } from '@optika/domain/commerce/order-item'
import type { Db } from '../../platform/db/client.ts'
import { orderItems, orderStatusHistory, orders } from '../../platform/db/schema/accounts.ts'
import { shippingRates } from '../../platform/db/schema/commerce.ts'

export type OrderRow = typeof orders.$inferSelect
export type OrderItemRow = typeof orderItems.$inferSelect
export type OrderHistoryRow = typeof orderStatusHistory.$inferSelect

/** The address snapshot an order keeps (billing and delivery): whatever the checkout stored. */
export interface OrderAddress {
  readonly name?: string
  readonly company?: string
  readonly street?: string
  readonly city?: string
  readonly postcode?: string
  readonly region?: string
  readonly country?: string
  readonly phone?: string
  readonly tin?: string
  readonly vatId?: string
}

/** One order with everything mails, the invoice and the order pages show. */
export interface OrderRecord {
  readonly order: OrderRow
  readonly items: readonly OrderItemRow[]
  readonly history: readonly OrderHistoryRow[]
  /** The forwarder's delivery days for the order's country, when the method still exists. */
  readonly deliveryDays: { readonly min: number; readonly max: number } | null
}

export function orderAddress(value: unknown): OrderAddress {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return {}
  const out: Record<string, string> = {}
  for (const [key, field] of Object.entries(value)) {
    if (typeof field === 'string' && field.trim() !== '') out[key] = field
  }
  return out
}

/** An item row as both order pages show it (each adds its own line totals). */
export function orderItemCore(item: OrderItemRow): OrderItemCore {
  return {
    id: item.id,
    productId: item.productId,
    code: item.code,
    name: item.name,
    quantity: item.quantity,
    unitPriceNet: item.unitPriceNet,
    unitPriceGross: item.unitPriceGross,
    catalogPriceNet: item.catalogPriceNet,
    sparePart: item.sparePart,
    reservedQuantity: item.reservedQuantity,
    shippedQuantity: item.shippedQuantity,
  }
}

/** The order with its items, status history and delivery days; null when there is none. */
export async function loadOrderRecord(
  db: Db,
  where: { readonly id: number; readonly customerId?: number },
): Promise<OrderRecord | null> {
  const [order] = await db
    .select()
    .from(orders)
    .where(
      where.customerId === undefined
        ? eq(orders.id, where.id)
        : and(eq(orders.id, where.id), eq(orders.customerId, where.customerId)),
    )
    .limit(1)
  if (!order) return null
  // One after another: the confirmation job reads the order on its transaction's connection,
  // which runs one query at a time.
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id))
  const history = await db
    .select()
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, order.id))
    .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id))
  const rate =
    order.shippingMethodId === null
      ? []
      : await db
          .select({ min: shippingRates.deliveryDaysMin, max: shippingRates.deliveryDaysMax })
          .from(shippingRates)
          .where(
            and(
              eq(shippingRates.methodId, order.shippingMethodId),
              eq(shippingRates.country, order.country),
            ),
          )
          .limit(1)
  return { order, items, history, deliveryDays: rate[0] ?? null }
}

/** An invoice order's due date (ISO date): placed + the partner's maturity days; null for other payments. */
export function dueDateOf(
  order: Pick<OrderRow, 'paymentKind' | 'createdAt' | 'maturityDays'>,
): string | null {
  if (order.paymentKind !== 'invoice') return null
  const due = new Date(order.createdAt)
  due.setUTCDate(due.getUTCDate() + (order.maturityDays ?? 0))
  return due.toISOString().slice(0, 10)
}
