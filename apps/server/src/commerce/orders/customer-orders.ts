import { desc, eq } from 'drizzle-orm'
import type {
  OrderDetail,
  OrderItem,
  OrderList,
  OrderSummary,
} from '@optika/domain/accounts/profile-api'
import { orderStatusKey } from '@optika/domain/commerce/order-status'
import type { Db } from '../../platform/db/client.ts'
import { orders } from '../../platform/db/schema/accounts.ts'
import { AppError } from '../../platform/http/app-error.ts'
import { complainedQuantities } from '../../accounts/partner/complaints.service.ts'
import { loadSellableItems } from '../cart/sellable-items.ts'
import { dueDateOf, loadOrderRecord, orderAddress, orderItemCore } from './order-record.ts'

type OrderRow = typeof orders.$inferSelect

export function orderNotFound(): AppError {
  return new AppError(404, 'ORDER_NOT_FOUND', 'profile.orderNotFound')
}

/** The invoice download of an order paid by invoice (only approved partners may choose it). */
export function invoiceUrlOf(row: Pick<OrderRow, 'id' | 'paymentKind'>): string | null {
  return row.paymentKind === 'invoice' ? `/api/account/orders/${row.id}/invoice.pdf` : null
}

function toSummary(row: OrderRow): OrderSummary {
  return {
    id: row.id,
    number: row.number,
    date: row.createdAt.toISOString(),
    status: row.status,
    statusKey: orderStatusKey(row.status),
    totalNet: row.totalNet,
    totalGross: row.totalGross,
    currency: row.currency,
    paymentKind: row.paymentKind,
    invoiceUrl: invoiceUrlOf(row),
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

/** One of the viewer's orders with its items; another customer's order is 404 like a missing one. */
export async function getOrder(db: Db, customerId: number, id: number): Promise<OrderDetail> {
  const record = await loadOrderRecord(db, { id, customerId })
  if (!record) throw orderNotFound()
  const { order: row, items, history } = record
  const complained = await complainedQuantities(
    db,
    items.map((i) => i.id),
  )
  // Pictures only: names and prices are the order's own. The language does not change them.
  const sellable = await loadSellableItems(
    db,
    'cs',
    items.map((i) => i.productId),
  )
  const thumbnailOf = (productId: number): string | null => {
    const found = sellable.get(productId)
    return found?.kind === 'sellable' ? found.item.thumbnail : null
  }
  return {
    ...toSummary(row),
    clientNumber: row.clientNumber,
    email: row.email,
    name: row.name,
    phone: row.phone,
    vatPercent: row.vatPercent,
    items: items.map((item): OrderItem => ({
      ...orderItemCore(item),
      totalNet: item.unitPriceNet * item.quantity,
      totalGross: item.unitPriceGross * item.quantity,
      complainedQuantity: complained.get(item.id) ?? 0,
      thumbnail: thumbnailOf(item.productId),
    })),
    itemsPrice: { net: row.itemsNet, gross: row.itemsGross },
    catalogSumNet: row.catalogSumNet,
    discount: { net: row.discountNet, gross: row.discountGross },
    couponCode: row.couponCode,
    shipping: { name: row.shippingName, price: { net: row.shippingNet, gross: row.shippingGross } },
    payment: {
      name: row.paymentName,
      fee: { net: row.paymentFeeNet, gross: row.paymentFeeGross },
    },
    billingAddress: orderAddress(row.billingAddress),
    deliveryAddress: orderAddress(row.deliveryAddress),
    comment: row.comment,
    dueDate: dueDateOf(row),
    history: history.map((h) => ({
      status: h.toStatus,
      statusKey: orderStatusKey(h.toStatus),
      date: h.createdAt.toISOString(),
    })),
  }
}
