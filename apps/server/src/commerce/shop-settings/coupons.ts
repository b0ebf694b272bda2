import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { Currency } from '@optika/domain/commerce/currencies'
import type { Db } from '../../platform/db/client.ts'
import { voucherCodes, voucherSeries } from '../../platform/db/schema/commerce.ts'
import { objects } from '../../platform/db/schema/elements.ts'
import { AppError } from '../../platform/http/app-error.ts'

/** One cart line as a coupon sees it. */
export interface CouponLine {
  readonly productId: number
  /** The product's categories (the coupon's category restriction includes subcategories). */
  readonly categoryIds: readonly number[]
  /** Line total without VAT, minor units. */
  readonly net: number
}

export interface CouponCheck {
  readonly code: string
  readonly currency: Currency
  readonly lines: readonly CouponLine[]
  readonly now: Date
}

export interface CouponResult {
  readonly voucherCodeId: number
  /** The code as stored (upper-case). */
  readonly code: string
  readonly kind: 'percent' | 'amount'
  /** Percent, or minor units of the series' currency. */
  readonly value: number
  /** Discount without VAT on the eligible lines, never more than they cost. */
  readonly discountNet: number
}

/** Codes are stored upper-case without surrounding spaces; customers type them in any case. */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase()
}

const invalid = () => new AppError(422, 'COUPON_INVALID', 'cart.couponInvalid')

/**
 * Checks a voucher code against a cart: 404 'cart.couponNotFound' for an unknown code, 422
 * 'cart.couponInvalid' when it exists but does not apply (inactive, outside its dates, used up,
 * below the minimum order, other currency, no eligible item). Reads only.
 */
export async function evaluateCoupon(db: Db, check: CouponCheck): Promise<CouponResult> {
  const code = normalizeCouponCode(check.code)
  // No stored code is empty or holds a NUL character (which PostgreSQL cannot even compare).
  if (code === '' || code.includes('\u0000')) {
    throw new AppError(404, 'COUPON_NOT_FOUND', 'cart.couponNotFound')
  }
  const [row] = await db
    .select({ code: voucherCodes, series: voucherSeries })
    .from(voucherCodes)
    .innerJoin(voucherSeries, eq(voucherSeries.id, voucherCodes.seriesId))
    .where(eq(voucherCodes.code, code))
  if (!row) throw new AppError(404, 'COUPON_NOT_FOUND', 'cart.couponNotFound')
  const { series } = row
  const now = check.now.getTime()

  if (!series.active) throw invalid()
  if (series.validFrom && now < series.validFrom.getTime()) throw invalid()
  if (series.validTo && now > series.validTo.getTime()) throw invalid()
  if (series.usageLimit !== null && row.code.usedCount >= series.usageLimit) throw invalid()
  const kind = series.kind === 'amount' ? 'amount' : 'percent'
  if (kind === 'amount' && series.currency !== check.currency) throw invalid()

  const total = check.lines.reduce((sum, line) => sum + line.net, 0)
  if (series.minOrderNet !== null && total < series.minOrderNet) throw invalid()

  const restriction = (series.categoryIds as number[] | null) ?? []
  let eligibleNet = total
  if (restriction.length > 0) {
    const allowed = await categoriesWithSubcategories(db, restriction)
    eligibleNet = check.lines
      .filter((line) => line.categoryIds.some((id) => allowed.has(id)))
      .reduce((sum, line) => sum + line.net, 0)
    if (!check.lines.some((line) => line.categoryIds.some((id) => allowed.has(id)))) {
      throw invalid()
    }
  }
  if (check.lines.length === 0 || eligibleNet <= 0) throw invalid()

  const discountNet =
    kind === 'percent'
      ? Math.min(eligibleNet, Math.round((eligibleNet * series.value) / 100))
      : Math.min(series.value, eligibleNet)
  return { voucherCodeId: row.code.id, code: row.code.code, kind, value: series.value, discountNet }
}

/**
 * The given categories and every category below them: a subtree is a prefix match on
 * `objects.path` (a child's path is its parent's `path || key || '/'`).
 */
async function categoriesWithSubcategories(
  db: Db,
  categoryIds: readonly number[],
): Promise<Set<number>> {
  const roots = await db
    .select({ id: objects.id, path: objects.path, key: objects.key })
    .from(objects)
    .where(and(inArray(objects.id, [...categoryIds]), eq(objects.classId, 'Category')))
  const ids = new Set(roots.map((r) => r.id))
  if (roots.length === 0) return ids
  const prefixes: SQL[] = roots.map(
    (r) => sql`starts_with(${objects.path}, ${`${r.path}${r.key}/`})`,
  )
  const below = await db
    .select({ id: objects.id })
    .from(objects)
    .where(and(eq(objects.classId, 'Category'), or(...prefixes)))
  for (const { id } of below) ids.add(id)
  return ids
}

/**
 * Counts one use of a code inside the order's transaction; false when its usage limit is
 * reached (a concurrent order took the last use) — the order is then refused.
 */
export async function redeemCoupon(tx: Db, voucherCodeId: number): Promise<boolean> {
  // One conditional UPDATE: the row lock serialises concurrent orders, and the re-checked
  // condition refuses the one that arrives after the last use is gone.
  const result = await tx.execute<{ id: number }>(sql`
    UPDATE voucher_codes AS c SET used_count = c.used_count + 1
    FROM voucher_series AS s
    WHERE c.id = ${voucherCodeId} AND s.id = c.series_id
      AND (s.usage_limit IS NULL OR c.used_count < s.usage_limit)
    RETURNING c.id`)
  return result.rows.length > 0
}
