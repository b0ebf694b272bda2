import { and, desc, eq, gte, isNull, lte, ne, sql } from 'drizzle-orm'
import type { Currency } from '@optika/domain/commerce/currencies'
import { CURRENCIES } from '@optika/domain/commerce/currencies'
import type {
  HttpErrorTop,
  LatestOrders,
  LowStock,
  ModificationStatistics,
  ModifiedElement,
  OrdersPerDay,
  PendingPartners,
} from '@optika/domain/operations/dashboards'
import type { WorkspaceElementType } from '@optika/domain/admin/permissions'
import { assets, objects } from '../../platform/db/schema/elements.ts'
import { documents } from '../../platform/db/schema/documents.ts'
import { orders } from '../../platform/db/schema/accounts.ts'
import { adminUsers, customers } from '../../platform/db/schema/users.ts'
import { stockLevels } from '../../platform/db/schema/commerce.ts'
import { httpErrors } from '../../platform/db/schema/seo-site.ts'
import { loadElementRights } from '../../elements/element-rights.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'

const DAY_MS = 86_400_000

/** The last `days` calendar days (UTC) up to today, oldest first, as YYYY-MM-DD. */
export function lastDays(days: number, now = new Date()): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  return Array.from({ length: days }, (_, i) =>
    new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  )
}

const ELEMENT_TABLES = { object: objects, asset: assets, document: documents } as const

/**
 * The latest changed elements of one kind that the user may view (Pimcore's
 * `portlet-modified-*`): everyone's changes, or only the user's own with `onlyMine`. Rights are
 * decided per path, so a few more rows are read than shown.
 */
export async function listModifiedElements(
  ctx: AdminContext,
  elementType: WorkspaceElementType,
  options: { onlyMine: boolean; limit: number },
): Promise<ModifiedElement[]> {
  const table = ELEMENT_TABLES[elementType]
  const rights = await loadElementRights(ctx.db, ctx.admin)
  const rows = await ctx.db
    .select({
      id: table.id,
      type: table.type,
      path: table.path,
      key: table.key,
      updatedAt: table.updatedAt,
      userName: adminUsers.name,
      username: adminUsers.username,
    })
    .from(table)
    .leftJoin(adminUsers, eq(adminUsers.id, table.userModification))
    .where(
      and(
        sql`${table.key} <> ''`,
        options.onlyMine ? eq(table.userModification, ctx.admin.userId) : undefined,
      ),
    )
    .orderBy(desc(table.updatedAt), desc(table.id))
    .limit(options.limit * 5)
  return rows
    .map((row) => ({ ...row, fullPath: `${row.path}${row.key}` }))
    .filter((row) => rights.may(elementType, row.fullPath, 'view'))
    .slice(0, options.limit)
    .map((row) => ({
      id: row.id,
      type: row.type,
      path: row.fullPath,
      date: row.updatedAt.toISOString(),
      userName: row.userName || row.username || null,
    }))
}

/**
 * Changes per day over the last `days` days (Pimcore's `portlet-modification-statistics`):
 * elements whose last change fell on that day, per kind.
 */
export async function modificationStatistics(
  ctx: AdminContext,
  days: number,
): Promise<ModificationStatistics> {
  const dates = lastDays(days)
  const since = new Date(`${dates[0]}T00:00:00Z`)
  const perDay = async (table: (typeof ELEMENT_TABLES)[WorkspaceElementType]) => {
    const day = sql<string>`to_char(${table.updatedAt} at time zone 'UTC', 'YYYY-MM-DD')`
    const rows = await ctx.db
      .select({ day, count: sql<number>`count(*)::int` })
      .from(table)
      .where(gte(table.updatedAt, since))
      .groupBy(day)
    return new Map(rows.map((row) => [row.day, Number(row.count)]))
  }
  const o = await perDay(objects)
  const a = await perDay(assets)
  const d = await perDay(documents)
  return {
    data: dates.map((datetext) => ({
      datetext,
      objects: o.get(datetext) ?? 0,
      assets: a.get(datetext) ?? 0,
      documents: d.get(datetext) ?? 0,
    })),
  }
}

/**
 * Orders and gross revenue per day in one currency (cancelled orders left out); without a chosen
 * currency, the one with the most orders in the range.
 */
export async function ordersPerDay(
  ctx: AdminContext,
  input: { currency?: Currency | undefined; days: number },
): Promise<OrdersPerDay> {
  const dates = lastDays(input.days)
  const since = new Date(`${dates[0]}T00:00:00Z`)
  const inRange = and(gte(orders.createdAt, since), ne(orders.status, 'cancelled'))
  const usage = await ctx.db
    .select({ currency: orders.currency, count: sql<number>`count(*)::int` })
    .from(orders)
    .where(inRange)
    .groupBy(orders.currency)
    .orderBy(desc(sql`count(*)`))
  const used = usage
    .map((row) => row.currency)
    .filter((c): c is Currency => (CURRENCIES as readonly string[]).includes(c))
  const currency = input.currency ?? used[0] ?? 'CZK'
  const day = sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`
  const rows = await ctx.db
    .select({
      day,
      orders: sql<number>`count(*)::int`,
      revenue: sql<string>`coalesce(sum(${orders.totalGross}), 0)::text`,
    })
    .from(orders)
    .where(and(inRange, eq(orders.currency, currency)))
    .groupBy(day)
  const byDay = new Map(rows.map((row) => [row.day, row]))
  const currencies = CURRENCIES.filter((c) => used.includes(c) || c === currency)
  return {
    currency,
    currencies,
    days: dates.map((datetext) => ({
      datetext,
      orders: Number(byDay.get(datetext)?.orders ?? 0),
      revenue: Number(byDay.get(datetext)?.revenue ?? 0),
    })),
  }
}

/** The newest orders, for the "latest orders" widget. */
export async function latestOrders(ctx: AdminContext, limit: number): Promise<LatestOrders> {
  const rows = await ctx.db
    .select({
      id: orders.id,
      number: orders.number,
      name: orders.name,
      status: orders.status,
      currency: orders.currency,
      totalGross: orders.totalGross,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
  return { orders: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) }
}

/** Partners waiting for the shop's approval, oldest first (they have waited longest). */
export async function pendingPartners(ctx: AdminContext, limit: number): Promise<PendingPartners> {
  const waiting = and(
    eq(customers.kind, 'partner'),
    eq(customers.partnerStatus, 'pending'),
    isNull(customers.deletedAt),
  )
  const [{ total } = { total: 0 }] = await ctx.db
    .select({ total: sql<number>`count(*)::int` })
    .from(customers)
    .where(waiting)
  const rows = await ctx.db
    .select()
    .from(customers)
    .where(waiting)
    .orderBy(customers.createdAt, customers.id)
    .limit(limit)
  return {
    total: Number(total),
    partners: rows.map((row) => ({
      id: row.id,
      company: row.company ?? '',
      name: `${row.firstName} ${row.lastName}`.trim(),
      email: row.email,
      country: row.country,
      createdAt: row.createdAt.toISOString(),
    })),
  }
}

/** Variants whose stock is at or below `threshold`, emptiest first, that the user may view. */
export async function lowStockVariants(
  ctx: AdminContext,
  input: { threshold: number; limit: number },
): Promise<LowStock> {
  const rights = await loadElementRights(ctx.db, ctx.admin)
  const rows = await ctx.db
    .select({
      id: objects.id,
      path: objects.path,
      key: objects.key,
      quantity: stockLevels.quantity,
    })
    .from(stockLevels)
    .innerJoin(objects, eq(objects.id, stockLevels.objectId))
    .where(and(eq(objects.type, 'variant'), lte(stockLevels.quantity, input.threshold)))
    .orderBy(stockLevels.quantity, objects.id)
    .limit(input.limit * 5)
  return {
    variants: rows
      .map((row) => ({ id: row.id, path: `${row.path}${row.key}`, quantity: row.quantity }))
      .filter((row) => rights.may('object', row.path, 'view'))
      .slice(0, input.limit),
  }
}

/** The storefront's most frequent HTTP errors (the SEO error log of issue 19). */
export async function topHttpErrors(ctx: AdminContext, limit: number): Promise<HttpErrorTop> {
  const rows = await ctx.db
    .select()
    .from(httpErrors)
    .orderBy(desc(httpErrors.count), desc(httpErrors.lastSeen))
    .limit(limit)
  return {
    errors: rows.map((row) => ({
      id: row.id,
      uri: row.uri,
      code: row.code,
      count: row.count,
      lastSeen: row.lastSeen.toISOString(),
    })),
  }
}
