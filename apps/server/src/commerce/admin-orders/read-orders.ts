import { and, asc, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm'
import type {
  AdminOrderDetail,
  AdminOrderFilters,
  AdminOrderList,
  AdminOrderListItem,
  AdminOrderListQuery,
  OrderAddress,
} from '@optika/domain/commerce/admin-orders-api'
import {
  canMoveOrder,
  isOrderStatus,
  nextStatuses,
  type OrderStatus,
} from '@optika/domain/commerce/order-status'
import type { Db } from '../../platform/db/client.ts'
import {
  orderAttachments,
  orderItems,
  orders,
  orderStatusHistory,
} from '../../platform/db/schema/accounts.ts'
import { auditLog } from '../../platform/db/schema/identity.ts'
import { adminUsers } from '../../platform/db/schema/users.ts'
import { notFound } from '../../platform/http/app-error.ts'
import { orderItemCore } from '../orders/order-record.ts'
import { likeContains } from '../../pim/objects/object-rows.ts'

export type OrderRow = typeof orders.$inferSelect

/** The detail's audit timeline shows the newest this many entries. */
const AUDIT_LIMIT = 200

export function orderNotFound() {
  return notFound('admin.orders.error.notFound')
}

export function toListItem(row: OrderRow): AdminOrderListItem {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    customerId: row.customerId,
    clientNumber: row.clientNumber,
    name: row.name,
    email: row.email,
    buyerKind: row.buyerKind,
    country: row.country,
    currency: row.currency,
    paymentKind: row.paymentKind,
    totalNet: row.totalNet,
    totalGross: row.totalGross,
  }
}

function nextDay(isoDate: string): Date {
  const day = new Date(`${isoDate}T00:00:00Z`)
  day.setUTCDate(day.getUTCDate() + 1)
  return day
}

/** Days are UTC days: an order placed at 00:30 Prague time on the 2nd counts for the 1st. */
function whereOf(filters: AdminOrderFilters): SQL | undefined {
  const conditions: SQL[] = []
  if (filters.status) conditions.push(eq(orders.status, filters.status))
  if (filters.country) conditions.push(eq(orders.country, filters.country))
  if (filters.currency) conditions.push(eq(orders.currency, filters.currency))
  if (filters.paymentKind) conditions.push(eq(orders.paymentKind, filters.paymentKind))
  if (filters.buyerKind) conditions.push(eq(orders.buyerKind, filters.buyerKind))
  if (filters.from) conditions.push(gte(orders.createdAt, new Date(`${filters.from}T00:00:00Z`)))
  if (filters.to) conditions.push(lt(orders.createdAt, nextDay(filters.to)))
  const search = filters.search?.trim()
  if (search) {
    const pattern = likeContains(search)
    // Client numbers are shown as '74 1234 567': typed with or without the spaces, both match.
    const digits = likeContains(search.replace(/\s+/g, ''))
    conditions.push(
      or(
        ilike(orders.number, pattern),
        ilike(orders.email, pattern),
        ilike(orders.name, pattern),
        ilike(sql`${orders.billingAddress}->>'company'`, pattern),
        ilike(sql`replace(coalesce(${orders.clientNumber}, ''), ' ', '')`, digits),
      )!,
    )
  }
  return conditions.length === 0 ? undefined : and(...conditions)
}

function orderOf(filters: AdminOrderFilters): SQL[] {
  const direction = filters.order === 'asc' ? asc : desc
  const column = filters.sort === 'total' ? orders.totalGross : orders.createdAt
  // The id breaks ties, so paging never shows a row twice.
  return [direction(column), direction(orders.id)]
}

/** One page of orders matching the query, with the number of matches. */
export async function listOrders(db: Db, query: AdminOrderListQuery): Promise<AdminOrderList> {
  const where = whereOf(query)
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(...orderOf(query))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
  const [total] = await db.select({ n: count() }).from(orders).where(where)
  return { items: rows.map(toListItem), total: total?.n ?? 0 }
}

/** Every order matching the filters, in the list's order (an export). */
export async function listAllOrders(db: Db, filters: AdminOrderFilters): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(whereOf(filters))
    .orderBy(...orderOf(filters))
}

export async function findOrder(db: Db, id: number): Promise<OrderRow> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id))
  if (!row) throw orderNotFound()
  return row
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : ''
}

/** The stored address jsonb, every field present (older or partial rows show blanks). */
function toAddress(value: unknown): OrderAddress {
  const source = (value !== null && typeof value === 'object' ? value : {}) as Record<
    string,
    unknown
  >
  return {
    name: text(source.name),
    company: text(source.company),
    street: text(source.street),
    city: text(source.city),
    postcode: text(source.postcode),
    region: text(source.region),
    country: text(source.country),
    tin: text(source.tin),
    vatId: text(source.vatId),
  }
}

/** The statuses the back office may set by hand: a partial shipment is recorded, not chosen. */
export function allowedStatuses(status: string): OrderStatus[] {
  if (!isOrderStatus(status)) return []
  return nextStatuses(status).filter((next) => next !== 'partiallyShipped')
}

/** Pieces can be shipped while the order is being processed or partly shipped. */
export function canShip(status: string): boolean {
  return (
    (status === 'processing' || status === 'partiallyShipped') && canMoveOrder(status, 'shipped')
  )
}

const adminName = sql<
  string | null
>`coalesce(nullif(${adminUsers.name}, ''), ${adminUsers.username})`

/** Everything the back office shows about one order. */
export async function getOrderDetail(db: Db, id: number): Promise<AdminOrderDetail> {
  const row = await findOrder(db, id)
  const [items, attachments, history, audit] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(asc(orderItems.id)),
    db
      .select({ attachment: orderAttachments, uploadedBy: adminName })
      .from(orderAttachments)
      .leftJoin(adminUsers, eq(adminUsers.id, orderAttachments.adminUserId))
      .where(eq(orderAttachments.orderId, id))
      .orderBy(asc(orderAttachments.id)),
    db
      .select({ entry: orderStatusHistory, adminName })
      .from(orderStatusHistory)
      .leftJoin(adminUsers, eq(adminUsers.id, orderStatusHistory.adminUserId))
      .where(eq(orderStatusHistory.orderId, id))
      .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id)),
    db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'order'), eq(auditLog.entityId, String(id))))
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(AUDIT_LIMIT),
  ])
  return {
    ...toListItem(row),
    updatedAt: row.updatedAt.toISOString(),
    phone: row.phone,
    locale: row.locale,
    vatPercent: row.vatPercent,
    billingAddress: toAddress(row.billingAddress),
    deliveryAddress: toAddress(row.deliveryAddress),
    shippingName: row.shippingName,
    shippingNet: row.shippingNet,
    shippingGross: row.shippingGross,
    paymentName: row.paymentName,
    paymentFeeNet: row.paymentFeeNet,
    paymentFeeGross: row.paymentFeeGross,
    itemsNet: row.itemsNet,
    itemsGross: row.itemsGross,
    discountNet: row.discountNet,
    discountGross: row.discountGross,
    catalogSumNet: row.catalogSumNet,
    couponCode: row.couponCode,
    comment: row.comment,
    note: row.note,
    maturityDays: row.maturityDays,
    sparePartsChoice: row.sparePartsChoice,
    items: items.map((item) => ({
      ...orderItemCore(item),
      lineNet: item.unitPriceNet * item.quantity,
      lineGross: item.unitPriceGross * item.quantity,
    })),
    attachments: attachments.map(({ attachment, uploadedBy }) => ({
      id: attachment.id,
      fileName: attachment.fileName,
      contentType: attachment.contentType,
      size: attachment.size,
      uploadedBy,
      createdAt: attachment.createdAt.toISOString(),
      url: `/admin/orders/${id}/attachments/${attachment.id}`,
    })),
    statusHistory: history.map(({ entry, adminName: name }) => ({
      id: entry.id,
      fromStatus: entry.fromStatus,
      toStatus: entry.toStatus,
      adminName: name,
      note: entry.note,
      at: entry.createdAt.toISOString(),
    })),
    audit: audit.map((entry) => ({
      id: entry.id,
      at: entry.at.toISOString(),
      actorName: entry.actorName,
      action: entry.action,
      before: entry.before,
      after: entry.after,
    })),
    allowedStatuses: allowedStatuses(row.status),
    canShip: canShip(row.status),
  }
}
