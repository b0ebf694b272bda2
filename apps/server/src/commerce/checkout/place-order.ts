import { createHash, createHmac, randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { PlaceOrderSchema, type PlacedOrder } from '@optika/domain/commerce/checkout-api'
import { type PaymentKind } from '@optika/domain/commerce/checkout-vocabulary'
import type { Currency } from '@optika/domain/commerce/currencies'
import { quantityProblem } from '@optika/domain/catalogue/quantity-rules'
import { generateUrl } from '@optika/domain/routing/routes'
import { isLocale } from '@optika/i18n/locales'
import type { Db } from '../../platform/db/client.ts'
import { orderItems, orders, orderStatusHistory } from '../../platform/db/schema/accounts.ts'
import { cartItems, carts } from '../../platform/db/schema/commerce.ts'
import { AppError } from '../../platform/http/app-error.ts'
import { writeAppLog, type AppLogEntry } from '../../platform/app-log/write-app-log.ts'
import { redeemCoupon } from '../shop-settings/coupons.ts'
import type { PaymentQuote, ShippingQuote } from '../shop-settings/shop-config.ts'
import { refuseNulCharacters } from '../cart/nul-characters.ts'
import { loadCartLines, lockCart, type CartOwner, type CartRow } from '../cart/cart-store.ts'
import {
  coveragePercent,
  inTransaction,
  priceCart,
  sparePartsChoiceNeeded,
  type CartContext,
  type PricedCart,
} from '../cart/price-cart.ts'
import { bankTransferDetails } from '../orders/bank-transfer.ts'
import { completedShippingPayment, type ShippingPaymentData } from './checkout-steps.ts'

export type OrderRow = typeof orders.$inferSelect

/** What placeOrder answers: the order, and whether this request placed it or repeated a key. */
export interface PlaceOrderOutcome {
  readonly order: PlacedOrder
  readonly replayed: boolean
}

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{8,200}$/
/** Serialization failures and deadlocks are retried this many times before a 409. */
const ATTEMPTS = 3

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/** The PostgreSQL error code of a failure (drivers and Drizzle wrap it in `cause`). */
function pgCode(error: unknown): string | undefined {
  for (
    let e: unknown = error;
    typeof e === 'object' && e !== null;
    e = (e as { cause?: unknown }).cause
  ) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
  }
  return undefined
}

/**
 * A guest's link to the finished order carries a secret derived from the cart's token hash (a
 * server-side secret only that browser's cookie leads to) and the idempotency key, so a repeated
 * request answers the same link while only its hash is stored.
 */
function guestAccessToken(cart: CartRow, idempotencyKey: string): string | null {
  if (cart.customerId !== null || !cart.tokenHash) return null
  return createHmac('sha256', cart.tokenHash).update(`order:${idempotencyKey}`).digest('base64url')
}

/** The order as the finished page and the place-order call show it. */
export async function placedOrderOf(order: OrderRow, token: string | null): Promise<PlacedOrder> {
  const locale = isLocale(order.locale) ? order.locale : 'cs'
  const paymentKind = order.paymentKind as PaymentKind
  const dueDate =
    paymentKind === 'invoice' && order.maturityDays !== null
      ? new Date(order.createdAt.getTime() + order.maturityDays * 86_400_000)
          .toISOString()
          .slice(0, 10)
      : null
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    currency: order.currency,
    total: { net: order.totalNet, gross: order.totalGross },
    paymentKind,
    bankTransfer:
      paymentKind === 'bankTransfer'
        ? await bankTransferDetails({
            number: order.number,
            currency: order.currency as Currency,
            totalGross: order.totalGross,
          })
        : null,
    dueDate,
    finishedUrl: generateUrl('cartFinished', {
      locale,
      number: order.number,
      ...(token ? { token } : {}),
    }),
  }
}

/**
 * Why the final check cannot be reached: the seed's words where it has them (a chosen method the
 * shop no longer offers, e.g. deactivated meanwhile, or none chosen), else 'complete the step'.
 */
function incompleteCheckout(priced: PricedCart): AppError {
  const { stored } = priced
  const saved = stored.contact !== undefined
  let key = 'cartApi.checkoutIncomplete'
  if (saved && !priced.shipping) {
    key =
      stored.shippingMethodId != null || stored.shippingMethodChanged
        ? 'cart.shippingMethodChanged'
        : 'validation.shippingRequired'
  } else if (saved && !priced.payment) key = 'validation.paymentRequired'
  return new AppError(422, 'CHECKOUT_INCOMPLETE', key, { step: 'shippingPayment' })
}

/**
 * Refusals that depend on the cart as it is now (inside the transaction); answers the completed
 * step's data with the chosen methods.
 */
function checkCartCanBeOrdered(
  priced: PricedCart,
  expectedTotal: number,
): { step: ShippingPaymentData; shipping: ShippingQuote; payment: PaymentQuote } {
  if (priced.lines.length === 0) throw new AppError(400, 'CART_EMPTY', 'cart.empty')
  const step = completedShippingPayment(priced)
  if (!step || !priced.shipping || !priced.payment) {
    throw incompleteCheckout(priced)
  }
  for (const line of priced.lines) {
    if (!line.unit) {
      throw new AppError(409, 'NO_PRICE', 'cartApi.noPrice', {
        name: line.item.name,
        currency: priced.terms.currency,
      })
    }
    const { item } = line
    if (
      item.sparePart ? item.orderability === 'cannotBeOrdered' : item.orderability !== 'available'
    ) {
      throw new AppError(409, 'OUT_OF_STOCK', 'cart.productOutOfStock')
    }
    const problem = quantityProblem(item.rules, line.row.quantity)
    if (problem) throw new AppError(409, 'QUANTITY_RULE', problem.key, problem.params)
  }
  if (expectedTotal !== priced.totals.totalGross) {
    throw new AppError(409, 'PRICE_CHANGED', 'cartApi.priceChanged', {}, { cart: priced.cart })
  }
  return { step, shipping: priced.shipping, payment: priced.payment }
}

/**
 * Takes the ordered pieces from stock, rows locked in product-id order (no deadlocks between
 * orders): a regular item needs all its pieces (else 409 and the whole order rolls back), a
 * spare part takes what is there. Answers the pieces reserved per product.
 */
async function reserveStock(
  tx: Db,
  priced: PricedCart,
  anomalies: AppLogEntry[],
): Promise<Map<number, number>> {
  const reserved = new Map<number, number>()
  const lines = [...priced.lines].sort((a, b) => a.item.id - b.item.id)
  for (const { item, row } of lines) {
    const element = { type: 'object' as const, id: item.id }
    if (!item.sparePart) {
      const taken = await tx.execute<{ quantity: number }>(sql`
        UPDATE stock_levels SET quantity = quantity - ${row.quantity}, updated_at = now()
        WHERE object_id = ${item.id} AND quantity >= ${row.quantity}
        RETURNING quantity`)
      if (taken.rows.length === 0) {
        // Orderable by the cart's reading, yet the stock cannot cover it: worth a look.
        anomalies.push({
          priority: 'warning',
          component: 'checkout.stock',
          message: `Stock reservation failed for ${item.name}: ${String(row.quantity)} pieces wanted`,
          context: { productId: item.id, requested: row.quantity },
          element,
          source: 'place-order',
        })
        throw new AppError(409, 'QUANTITY_NOT_AVAILABLE', 'cart.quantityNotAvailable')
      }
      if (Number(taken.rows[0]?.quantity) === 0) {
        anomalies.push({
          priority: 'notice',
          component: 'checkout.stock',
          message: `${item.name} is sold out after this order`,
          context: { productId: item.id, ordered: row.quantity },
          element,
          source: 'place-order',
        })
      }
      reserved.set(item.id, row.quantity)
      continue
    }
    const onHand = await tx.execute<{ quantity: number }>(sql`
      SELECT quantity FROM stock_levels WHERE object_id = ${item.id} FOR UPDATE`)
    const take = Math.min(row.quantity, Math.max(0, Number(onHand.rows[0]?.quantity ?? 0)))
    if (take > 0) {
      await tx.execute(sql`
        UPDATE stock_levels SET quantity = quantity - ${take}, updated_at = now()
        WHERE object_id = ${item.id}`)
    }
    if (take < row.quantity) {
      anomalies.push({
        priority: 'notice',
        component: 'checkout.stock',
        message: `Spare part ${item.name}: ${String(take)} of ${String(row.quantity)} pieces reserved`,
        context: { productId: item.id, requested: row.quantity, reserved: take },
        element,
        source: 'place-order',
      })
    }
    reserved.set(item.id, take)
  }
  return reserved
}

/** A refusal of the final check that points at the shop's data rather than the buyer's cart. */
function checkoutAnomaly(error: unknown, expectedTotal: number): AppLogEntry | null {
  if (!(error instanceof AppError)) return null
  if (error.code === 'CHECKOUT_INCOMPLETE' && error.key === 'validation.paymentRequired') {
    return {
      priority: 'warning',
      component: 'checkout.payment',
      message: 'Order refused: the chosen payment method is no longer offered',
      context: { code: error.code },
      source: 'place-order',
    }
  }
  if (error.code === 'PRICE_CHANGED') {
    return {
      priority: 'notice',
      component: 'checkout.payment',
      message: 'Order refused: the total changed between the final check and the order',
      context: { expectedTotal },
      source: 'place-order',
    }
  }
  return null
}

/** Percent of the ordered spare-part pieces the order reserved; null without spare parts. */
function reservedSparePartsPercent(
  priced: PricedCart,
  reserved: ReadonlyMap<number, number>,
): number | null {
  const spare = priced.lines.filter((l) => l.item.sparePart)
  return coveragePercent(
    spare.reduce((sum, l) => sum + (reserved.get(l.item.id) ?? 0), 0),
    spare.reduce((sum, l) => sum + l.row.quantity, 0),
  )
}

/** Puts what an attempt found odd in the application log, with the order it belongs to. */
async function writeAnomalies(
  db: Db,
  anomalies: readonly AppLogEntry[],
  orderId: number | null,
): Promise<void> {
  for (const anomaly of anomalies) {
    await writeAppLog(db, { ...anomaly, context: { ...anomaly.context, orderId } })
  }
}

export interface PlaceOrderRequest {
  readonly context: CartContext
  readonly owner: CartOwner
  readonly clientNumber: string | null
  /** Runs in the order's transaction once it is written (the confirmation mails' job is queued here). */
  readonly onPlaced?: (tx: Db, orderId: number) => Promise<void>
}

/**
 * Places an order: re-prices the cart, reserves stock, redeems the coupon, writes the order with
 * its items and first status, and empties the cart — in one transaction, so stock is reserved or
 * nothing is written; once per Idempotency-Key (a repeat answers the same order).
 */
export async function placeOrder(
  request: PlaceOrderRequest,
  rawInput: unknown,
  idempotencyKey: string | undefined,
): Promise<PlaceOrderOutcome> {
  const { context, owner } = request
  if (!idempotencyKey || !IDEMPOTENCY_KEY.test(idempotencyKey)) {
    throw new AppError(400, 'IDEMPOTENCY_KEY_REQUIRED', 'cartApi.idempotencyKeyRequired')
  }
  const input = PlaceOrderSchema.parse(rawInput)
  refuseNulCharacters(input, 'body')
  if (context.viewer.impersonatedBy !== null) {
    throw new AppError(403, 'IMPERSONATION', 'cartApi.impersonationRefused')
  }
  const found = await context.knownCart.find(owner)
  const canonical = JSON.stringify([
    input.agreeTerms,
    input.agreeDataProcessing,
    input.comment,
    input.sparePartsChoice ?? null,
    input.expectedTotal,
  ])
  const requestHash = sha256(`${canonical}:${found?.id ?? 'none'}`)

  const replay = async (): Promise<PlaceOrderOutcome | null> => {
    const [existing] = await context.db
      .select()
      .from(orders)
      .where(eq(orders.idempotencyKey, idempotencyKey))
    if (!existing) return null
    if (existing.requestHash !== requestHash) {
      throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', 'cartApi.idempotencyKeyReused')
    }
    const token = found ? guestAccessToken(found, idempotencyKey) : null
    return { order: await placedOrderOf(existing, token), replayed: true }
  }

  // With a cart, the transaction below looks for the key's order (under the cart's lock) and
  // replays it; without one, only a repeat can be answered.
  if (!found) {
    const earlier = await replay()
    if (earlier) return earlier
    throw new AppError(400, 'CART_EMPTY', 'cart.empty')
  }

  const settings = await context.shopSettings()
  for (let attempt = 1; ; attempt += 1) {
    // What this attempt found odd: written after its transaction (a refusal rolls it back).
    const anomalies: AppLogEntry[] = []
    try {
      const placed = await context.db.transaction(async (tx) => {
        // One order at a time per cart: a second click waits here, then sees the first's order.
        const cart = await lockCart(tx, found.id)
        // A repeated key is answered with its order, whatever became of the cart since.
        const [existing] = await tx
          .select({ id: orders.id })
          .from(orders)
          .where(eq(orders.idempotencyKey, idempotencyKey))
        if (existing) return null
        if (!cart) throw new AppError(400, 'CART_EMPTY', 'cart.empty')
        const rows = await loadCartLines(tx, cart.id)
        if (rows.length === 0) throw new AppError(400, 'CART_EMPTY', 'cart.empty')
        const priced = await priceCart(inTransaction(context, tx, settings), cart, rows)
        let checked: ReturnType<typeof checkCartCanBeOrdered>
        try {
          checked = checkCartCanBeOrdered(priced, input.expectedTotal)
        } catch (error) {
          const anomaly = checkoutAnomaly(error, input.expectedTotal)
          if (anomaly) anomalies.push(anomaly)
          throw error
        }
        const { step, shipping, payment } = checked
        const reserved = await reserveStock(tx, priced, anomalies)
        // Decided on what was reserved under the stock locks, not on the cart's earlier reading.
        const sparePartsChoice = sparePartsChoiceNeeded(reservedSparePartsPercent(priced, reserved))
          ? input.sparePartsChoice
          : null
        if (sparePartsChoice === undefined) {
          throw new AppError(400, 'SPARE_PARTS_CHOICE_REQUIRED', 'cartApi.sparePartsChoiceRequired')
        }
        if (priced.coupon && !(await redeemCoupon(tx, priced.coupon.voucherCodeId))) {
          throw new AppError(422, 'COUPON_INVALID', 'cart.couponInvalid')
        }

        const { terms, totals } = priced
        const token = guestAccessToken(cart, idempotencyKey)
        const invoice = payment.kind === 'invoice'
        const delivery = step.deliveryDiffers && step.delivery ? step.delivery : step.billing
        const [order] = await tx
          .insert(orders)
          .values({
            // A placeholder until the id is known: the number is derived from it below.
            number: `pending-${randomUUID()}`,
            customerId: context.viewer.customerId,
            clientNumber: request.clientNumber,
            email: step.contact.email,
            name: step.contact.name,
            phone: step.contact.phone,
            locale: context.locale,
            buyerKind: terms.buyerKind,
            country: terms.country,
            currency: terms.currency,
            vatPercent: terms.vatPercent,
            billingAddress: step.billing,
            deliveryAddress: delivery,
            shippingMethodId: shipping.id,
            shippingName: shipping.name,
            shippingNet: totals.shippingNet,
            shippingGross: totals.shippingGross,
            paymentMethodId: payment.id,
            paymentKind: payment.kind,
            paymentName: payment.name,
            paymentFeeNet: totals.paymentFeeNet,
            paymentFeeGross: totals.paymentFeeGross,
            itemsNet: totals.itemsNet - totals.discountNet,
            itemsGross: totals.itemsGross - totals.discountGross,
            discountNet: totals.discountNet,
            discountGross: totals.discountGross,
            catalogSumNet: totals.catalogSumNet,
            couponCode: priced.coupon?.code ?? null,
            voucherCodeId: priced.coupon?.voucherCodeId ?? null,
            totalNet: totals.totalNet,
            totalGross: totals.totalGross,
            comment: input.comment,
            maturityDays: invoice ? (terms.maturityDays ?? 0) : null,
            sparePartsChoice,
            accessTokenHash: token ? sha256(token) : null,
            idempotencyKey,
            requestHash,
          })
          .returning()
        if (!order) throw new Error('order not inserted')
        const number = `${order.createdAt.getUTCFullYear()}${String(order.id).padStart(6, '0')}`
        const [numbered] = await tx
          .update(orders)
          .set({ number })
          .where(eq(orders.id, order.id))
          .returning()
        await tx.insert(orderItems).values(
          priced.lines.map((line) => ({
            orderId: order.id,
            productId: line.item.id,
            code: line.item.code,
            name: line.item.variantName
              ? `${line.item.name} (${line.item.variantName})`
              : line.item.name,
            quantity: line.row.quantity,
            unitPriceNet: line.unit?.net ?? 0,
            unitPriceGross: line.unit?.gross ?? 0,
            catalogPriceNet: line.catalogUnit?.net ?? 0,
            sparePart: line.item.sparePart,
            reservedQuantity: reserved.get(line.item.id) ?? 0,
          })),
        )
        await tx
          .insert(orderStatusHistory)
          .values({ orderId: order.id, fromStatus: null, toStatus: 'new' })
        // The cart is emptied; the addresses stay to prefill the next order.
        await tx.delete(cartItems).where(eq(cartItems.cartId, cart.id))
        const {
          sparePartsChoice: _choice,
          seenPrices: _seen,
          shippingMethodChanged: _changed,
          ...keep
        } = priced.stored
        const [emptied] = await tx
          .update(carts)
          .set({ couponCodeId: null, checkout: keep, updatedAt: new Date() })
          .where(eq(carts.id, cart.id))
          .returning()
        await request.onPlaced?.(tx, order.id)
        return { order: numbered ?? order, token, cart: emptied ?? null }
      })
      if (!placed) {
        const repeated = await replay()
        if (repeated) return repeated
        throw new AppError(409, 'CONFLICT', 'cartApi.tryAgain')
      }
      context.knownCart.remember(owner, placed.cart)
      await writeAnomalies(context.db, anomalies, placed.order.id)
      return { order: await placedOrderOf(placed.order, placed.token), replayed: false }
    } catch (error) {
      if (pgCode(error) === '23514') {
        anomalies.push({
          priority: 'error',
          component: 'checkout.stock',
          message: 'Stock would have gone negative: the order was refused',
          context: { cartId: found.id },
          source: 'place-order',
        })
      }
      await writeAnomalies(context.db, anomalies, null)
      if (error instanceof AppError) throw error
      const code = pgCode(error)
      if (code === '23505') {
        // Another request with the same key won (on another cart or connection): answer its order.
        const repeated = await replay()
        if (repeated) return repeated
        throw new AppError(409, 'CONFLICT', 'cartApi.tryAgain')
      }
      if (code === '23514') {
        throw new AppError(409, 'QUANTITY_NOT_AVAILABLE', 'cart.quantityNotAvailable')
      }
      if ((code === '40001' || code === '40P01') && attempt < ATTEMPTS) continue
      if (code === '40001' || code === '40P01') {
        throw new AppError(409, 'CONFLICT', 'cartApi.tryAgain')
      }
      throw error
    }
  }
}
