import { and, asc, count, desc, eq, gt, ilike, isNull, or, sql, type SQL } from 'drizzle-orm'
import type {
  CustomerDetail,
  CustomerList,
  CustomerListItem,
  CustomerListQuery,
} from '@optika/domain/accounts/admin-customers-api'
import type { Db } from '../../platform/db/client.ts'
import { customerAddresses, customerSessions, orders } from '../../platform/db/schema/accounts.ts'
import { objects } from '../../platform/db/schema/elements.ts'
import { auditLog } from '../../platform/db/schema/identity.ts'
import { adminUsers, customers } from '../../platform/db/schema/users.ts'
import { notFound } from '../../platform/http/app-error.ts'
import { likeContains } from '../../pim/objects/object-rows.ts'
import { listComplaintRows } from './admin-complaints.ts'

type CustomerRow = typeof customers.$inferSelect

/** Detail lists (orders, complaints, history) show the newest this many. */
const DETAIL_LIMIT = 100

export type CustomerFilters = Omit<CustomerListQuery, 'page' | 'limit'>

/** The list row of a customer: never the password hash or any other secret. */
export function toListItem(row: CustomerRow): CustomerListItem {
  return {
    id: row.id,
    kind: row.kind,
    clientNumber: row.clientNumber,
    email: row.email,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    company: row.company,
    country: row.country,
    language: row.language,
    partnerStatus: row.partnerStatus,
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  }
}

/** Deleted (anonymized) accounts are not listed; everything else matches the filters. */
function whereOf(filters: CustomerFilters): SQL | undefined {
  const conditions: SQL[] = [isNull(customers.deletedAt)]
  if (filters.kind) conditions.push(eq(customers.kind, filters.kind))
  if (filters.partnerStatus) conditions.push(eq(customers.partnerStatus, filters.partnerStatus))
  if (filters.country) conditions.push(eq(customers.country, filters.country))
  const search = filters.search?.trim()
  if (search) {
    const pattern = likeContains(search)
    // Client numbers are shown as '74 1234 567': typed with or without the spaces, both match.
    const digits = likeContains(search.replace(/\s+/g, ''))
    conditions.push(
      or(
        ilike(sql`${customers.firstName} || ' ' || ${customers.lastName}`, pattern),
        ilike(sql`${customers.lastName} || ' ' || ${customers.firstName}`, pattern),
        ilike(customers.email, pattern),
        ilike(customers.company, pattern),
        ilike(customers.username, pattern),
        ilike(sql`replace(${customers.clientNumber}, ' ', '')`, digits),
      )!,
    )
  }
  return and(...conditions)
}

function orderOf(filters: CustomerFilters): SQL[] {
  const direction = filters.order === 'asc' ? asc : desc
  const columns: Record<CustomerFilters['sort'], SQL[]> = {
    createdAt: [direction(customers.createdAt)],
    name: [
      direction(sql`lower(${customers.lastName})`),
      direction(sql`lower(${customers.firstName})`),
    ],
    email: [direction(sql`lower(${customers.email})`)],
    clientNumber: [direction(customers.clientNumber)],
    company: [direction(sql`lower(coalesce(${customers.company}, ''))`)],
  }
  // The id breaks ties, so paging never shows a row twice.
  return [...columns[filters.sort], direction(customers.id)]
}

/** One page of customers and partners matching the query, with the number of matches. */
export async function listCustomers(db: Db, query: CustomerListQuery): Promise<CustomerList> {
  const where = whereOf(query)
  const rows = await db
    .select()
    .from(customers)
    .where(where)
    .orderBy(...orderOf(query))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
  const [total] = await db.select({ n: count() }).from(customers).where(where)
  return { items: rows.map(toListItem), total: total?.n ?? 0 }
}

/** Every customer matching the filters, for an export (in the list's order). */
export async function listAllCustomers(db: Db, filters: CustomerFilters): Promise<CustomerRow[]> {
  return db
    .select()
    .from(customers)
    .where(whereOf(filters))
    .orderBy(...orderOf(filters))
}

/** Pending partners, oldest application first: the approval queue. */
export async function listPendingPartners(db: Db): Promise<CustomerList> {
  const where = and(
    eq(customers.kind, 'partner'),
    eq(customers.partnerStatus, 'pending'),
    isNull(customers.deletedAt),
  )
  const rows = await db
    .select()
    .from(customers)
    .where(where)
    .orderBy(asc(customers.createdAt), asc(customers.id))
    .limit(500)
  const [total] = await db.select({ n: count() }).from(customers).where(where)
  return { items: rows.map(toListItem), total: total?.n ?? 0 }
}

/** A live customer's row, or 404. */
export async function findCustomer(db: Db, id: number): Promise<CustomerRow> {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, id), isNull(customers.deletedAt)))
  if (!row) throw notFound('adminCustomers.error.customerNotFound')
  return row
}

/** Everything the back office shows about one customer. */
export async function getCustomerDetail(db: Db, id: number): Promise<CustomerDetail> {
  const row = await findCustomer(db, id)
  const [addresses, orderRows, complaintRows, history, sessions, priceList, decidedBy] =
    await Promise.all([
      db
        .select()
        .from(customerAddresses)
        .where(eq(customerAddresses.customerId, id))
        .orderBy(asc(customerAddresses.kind), asc(customerAddresses.id)),
      db
        .select()
        .from(orders)
        .where(eq(orders.customerId, id))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(DETAIL_LIMIT),
      listComplaintRows(db, { customerId: id }, DETAIL_LIMIT, 0),
      db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'customer'), eq(auditLog.entityId, String(id))))
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(DETAIL_LIMIT),
      db
        .select({ n: count() })
        .from(customerSessions)
        .where(
          and(eq(customerSessions.customerId, id), gt(customerSessions.expiresAt, sql`now()`)),
        ),
      row.priceListId === null
        ? Promise.resolve([])
        : db
            .select({ name: sql<string | null>`${objects.data}->>'name'` })
            .from(objects)
            .where(eq(objects.id, row.priceListId)),
      row.partnerDecidedBy === null
        ? Promise.resolve([])
        : db
            .select({ name: adminUsers.name, username: adminUsers.username })
            .from(adminUsers)
            .where(eq(adminUsers.id, row.partnerDecidedBy)),
    ])
  const decider = decidedBy[0]
  return {
    ...toListItem(row),
    phone: row.phone,
    tin: row.tin,
    vatId: row.vatId,
    owner: row.owner,
    contactPerson: row.contactPerson,
    website: row.website,
    gps: row.gps,
    deliveryDiffers: row.deliveryDiffers,
    newsletter: row.newsletter,
    isModerator: row.isModerator,
    priceListId: row.priceListId,
    priceListName: priceList[0]?.name ?? null,
    invoiceMaturityDays: row.invoiceMaturityDays,
    creditLimit: row.creditLimit,
    creditCurrency: row.creditCurrency,
    rejectionReason: row.rejectionReason,
    partnerDecidedAt: row.partnerDecidedAt?.toISOString() ?? null,
    partnerDecidedBy: decider ? decider.name || decider.username : null,
    addresses: addresses.map((a) => ({
      id: a.id,
      kind: a.kind,
      name: a.name,
      company: a.company,
      street: a.street,
      city: a.city,
      postcode: a.postcode,
      region: a.region,
      country: a.country,
      phone: a.phone,
      isDefault: a.isDefault,
    })),
    orders: orderRows.map((o) => ({
      id: o.id,
      number: o.number,
      status: o.status,
      currency: o.currency,
      totalNet: o.totalNet,
      totalGross: o.totalGross,
      createdAt: o.createdAt.toISOString(),
    })),
    complaints: complaintRows,
    history: history.map((h) => ({
      id: h.id,
      at: h.at.toISOString(),
      actorName: h.actorName,
      action: h.action,
      before: h.before,
      after: h.after,
    })),
    sessionCount: sessions[0]?.n ?? 0,
  }
}
