import { sql } from 'drizzle-orm'
import type { StockItem, StockList } from '@optika/domain/commerce/admin-shop-api'
import type { LocalizedText } from '@optika/domain/catalogue/product-data'
import { localize } from '@optika/domain/i18n/localized-text'
import type { Locale } from '@optika/i18n/locales'
import type { Db } from '../../platform/db/client.ts'
import { stockLevels } from '../../platform/db/schema/commerce.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { auditShopChange } from './audit-shop-change.ts'

interface StockRow extends Record<string, unknown> {
  id: number | string
  code: string | null
  name: LocalizedText | null
  color_name: LocalizedText | null
  quantity: number | string | null
  total?: number | string
}

/**
 * The sellable objects: colour variants, and products without variants. Searching matches the
 * code or the product name in any language.
 */
const SELLABLE = sql`
  FROM objects o
  LEFT JOIN objects p ON o.type = 'variant' AND p.id = o.parent_id
  LEFT JOIN stock_levels s ON s.object_id = o.id
  WHERE o.class_id = 'Product'
    AND (o.type = 'variant' OR (o.type = 'object' AND NOT EXISTS (
      SELECT 1 FROM objects v WHERE v.parent_id = o.id AND v.type = 'variant')))`

const COLUMNS = sql`o.id, coalesce(o.data->>'code', p.data->>'code') AS code,
  coalesce(p.data->'name', o.data->'name') AS name, o.data->'colorName' AS color_name,
  coalesce(s.quantity, 0) AS quantity`

function itemOf(row: StockRow, locale: Locale): StockItem {
  const colour = row.color_name ? localize(row.color_name, locale) : ''
  return {
    objectId: Number(row.id),
    code: row.code ?? '',
    productName: localize(row.name ?? undefined, locale),
    colour: colour || null,
    quantity: Number(row.quantity ?? 0),
  }
}

export async function listStock(
  db: Db,
  locale: Locale,
  query: { q?: string | undefined; page: number; limit: number },
): Promise<StockList> {
  const q = query.q?.trim()
  const pattern = q ? `%${q.replace(/[\\%_]/g, '\\$&')}%` : null
  const filter = pattern
    ? sql` AND (coalesce(o.data->>'code', p.data->>'code') ILIKE ${pattern}
        OR coalesce(p.data->>'name', o.data->>'name') ILIKE ${pattern})`
    : sql``
  const result = await db.execute<StockRow>(sql`
    SELECT ${COLUMNS}, count(*) OVER () AS total ${SELLABLE} ${filter}
    ORDER BY code, o.id
    LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}`)
  let total = Number(result.rows[0]?.total ?? 0)
  if (result.rows.length === 0 && query.page > 1) {
    const counted = await db.execute<{ n: number | string }>(
      sql`SELECT count(*) AS n ${SELLABLE} ${filter}`,
    )
    total = Number(counted.rows[0]?.n ?? 0)
  }
  return { items: result.rows.map((row) => itemOf(row, locale)), total }
}

async function stockItem(db: Db, locale: Locale, objectId: number): Promise<StockItem | null> {
  const result = await db.execute<StockRow>(
    sql`SELECT ${COLUMNS} ${SELLABLE} AND o.id = ${objectId}`,
  )
  const row = result.rows[0]
  return row ? itemOf(row, locale) : null
}

/** Sets the pieces on hand of a variant (or a product without variants); never below zero. */
export async function setStock(
  ctx: AdminContext,
  objectId: number,
  quantity: number,
): Promise<StockItem> {
  if (!Number.isInteger(quantity) || quantity < 0) {
    throw new AppError(400, 'VALIDATION_ERROR', 'admin.shop.validation.nonNegative')
  }
  return ctx.db.transaction(async (tx) => {
    const before = await stockItem(tx, ctx.locale, objectId)
    if (!before) throw new AppError(404, 'NOT_FOUND', 'admin.shop.error.notSellable')
    await tx
      .insert(stockLevels)
      .values({ objectId, quantity })
      .onConflictDoUpdate({
        target: stockLevels.objectId,
        set: { quantity, updatedAt: new Date() },
      })
    await auditShopChange(ctx, tx, {
      action: 'shop.stock.update',
      entityType: 'stock',
      entityId: objectId,
      before: { quantity: before.quantity },
      after: { quantity },
    })
    return { ...before, quantity }
  })
}
