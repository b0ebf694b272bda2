import type { Currency } from '@optika/domain/commerce/currencies'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../http/app-error.ts'

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

/**
 * Checks a voucher code against a cart: 404 'cart.couponNotFound' for an unknown code, 422
 * 'cart.couponInvalid' when it exists but does not apply (inactive, outside its dates, used up,
 * below the minimum order, other currency, no eligible item). Reads only.
 */
export async function evaluateCoupon(_db: Db, _check: CouponCheck): Promise<CouponResult> {
  throw new AppError(404, 'COUPON_NOT_FOUND', 'cart.couponNotFound')
}

/**
 * Counts one use of a code inside the order's transaction; false when its usage limit is
 * reached (a concurrent order took the last use) — the order is then refused.
 */
export async function redeemCoupon(_tx: Db, _voucherCodeId: number): Promise<boolean> {
  return false
}
