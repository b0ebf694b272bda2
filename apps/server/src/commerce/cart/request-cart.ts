import { and, eq } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
// `request.viewer` is declared there; this brings it wherever this file is type-checked.
import type {} from '../../accounts/customer-auth/viewer.ts'
import {
  ApplyCouponSchema,
  type ApplyCoupon,
  type AddToCart,
  type Cart,
  type UpdateCartQuantity,
} from '@optika/domain/commerce/cart-api'
import {
  nearestAllowedQuantity,
  quantityProblem,
  type QuantityRules,
} from '@optika/domain/catalogue/quantity-rules'
import type { Db } from '../../platform/db/client.ts'
import { orderItems, orders } from '../../platform/db/schema/accounts.ts'
import { cartItems, carts } from '../../platform/db/schema/commerce.ts'
import type { ShopSettingsSource } from '../../platform/settings/shop-settings.ts'
import type { Translator } from '../../platform/i18n/translator.ts'
import { AppError } from '../../platform/http/app-error.ts'
import { readCookie } from '../../platform/http/cookie-policy.ts'
import { evaluateCoupon } from '../shop-settings/coupons.ts'
import {
  cartOwnerOf,
  clearCartCookie,
  createCart,
  findCart,
  findCartLine,
  findOrCreateCart,
  loadCartLines,
  lockCart,
  saveCart,
  upsertCartLine,
  type CartPatch,
  type CartRow,
} from './cart-store.ts'
import { readStoredCheckout } from './checkout-data.ts'
import { hashToken } from '../../identity/admin-auth/admin-sessions.ts'
import {
  cartContextOf,
  cartCountryOf,
  grossOf,
  inTransaction,
  priceCart,
  priceOwnersCart,
  pricingTermsFor,
  seenPriceKey,
  unitPriceOf,
  type CartContext,
} from './price-cart.ts'
import { loadSellableItems, type SellableItem, type SellableLookup } from './sellable-items.ts'

/**
 * One visitor's cart, bound to the request: a guest's by the `__Host-optika-cart` cookie, a
 * signed-in customer's by the customer (the same cart on every device). Every call answers the
 * whole cart; bad input throws a translated AppError and changes nothing.
 */
export interface RequestCart {
  get(): Promise<Cart>
  add(input: AddToCart): Promise<Cart>
  updateQuantity(itemId: number, input: UpdateCartQuantity): Promise<Cart>
  remove(itemId: number): Promise<Cart>
  applyCoupon(input: ApplyCoupon): Promise<Cart>
  removeCoupon(): Promise<Cart>
  /** Puts a past order's items (still sold) into the cart; the customer's own orders only. */
  reorder(orderId: number): Promise<Cart>
}

export interface CartDeps {
  readonly db: Db
  readonly translator: Translator
  readonly shopSettings: ShopSettingsSource
}

export interface CartService {
  forRequest(request: FastifyRequest, reply: FastifyReply): RequestCart
  /** Called right after a sign-in: moves the guest cart's items into the customer's cart. */
  mergeGuestCart(request: FastifyRequest, reply: FastifyReply, customerId: number): Promise<void>
}

const productNotFound = () => new AppError(404, 'PRODUCT_NOT_FOUND', 'cart.productNotFound')
const itemNotFound = () => new AppError(404, 'CART_ITEM_NOT_FOUND', 'cartApi.itemNotFound')

/** The item behind a product id, or 404 (unknown, unpublished, or a product with colour variants). */
async function sellableOrNotFound(context: CartContext, productId: number): Promise<SellableItem> {
  const found = (await loadSellableItems(context.db, context.locale, [productId])).get(productId)
  if (found?.kind !== 'sellable') throw productNotFound()
  return found.item
}

/**
 * The cart rules for putting `quantity` pieces of `item` in a line: the quantity rules (400 with
 * quantityProblem's message), orderability (409 'Product out of stock') and the pieces in stock
 * (409 'The required number of pieces is not available!') — spare parts may exceed the stock,
 * the 90 % rule decides at checkout.
 */
function checkLineQuantity(item: SellableItem, quantity: number): void {
  const problem = quantityProblem(item.rules, quantity)
  if (problem) throw new AppError(400, 'QUANTITY_RULE', problem.key, problem.params)
  if (item.sparePart) {
    if (item.orderability === 'cannotBeOrdered') {
      throw new AppError(409, 'OUT_OF_STOCK', 'cart.productOutOfStock')
    }
    return
  }
  if (item.orderability !== 'available') {
    throw new AppError(409, 'OUT_OF_STOCK', 'cart.productOutOfStock')
  }
  if (quantity > item.stock) {
    throw new AppError(409, 'QUANTITY_NOT_AVAILABLE', 'cart.quantityNotAvailable')
  }
}

/**
 * The largest quantity near `wanted` the rules and the stock allow (merge and reorder bring
 * lines within the rules instead of refusing them); null when none can be ordered.
 */
function fittingQuantity(item: SellableItem, wanted: number): number | null {
  if (item.orderability === 'cannotBeOrdered') return null
  if (!item.sparePart && item.orderability !== 'available') return null
  let quantity = nearestAllowedQuantity(item.rules, wanted)
  if (quantity > wanted && quantity - item.rules.step >= item.rules.min) quantity -= item.rules.step
  if (!item.sparePart && quantity > item.stock) quantity = largestWithin(item.rules, item.stock)
  return quantity >= item.rules.min && quantityProblem(item.rules, quantity) === null
    ? quantity
    : null
}

function largestWithin(rules: QuantityRules, limit: number): number {
  return limit - (limit % rules.step)
}

/**
 * The cart's checkout data with the unit price a product was put in the cart at ('price changed'
 * notices later); undefined when the product has no price.
 */
async function checkoutWithPrice(
  context: CartContext,
  cart: CartRow,
  item: SellableItem,
): Promise<CartPatch['checkout']> {
  const stored = readStoredCheckout(cart.checkout)
  const terms = await pricingTermsFor(
    context.db,
    await context.shopSettings(),
    context.viewer,
    cartCountryOf(context.viewer, context.locale, stored),
  )
  const price = unitPriceOf(item.prices, terms)
  if (!price) return undefined
  const seenPrices = {
    ...stored.seenPrices,
    [seenPriceKey(item.id, terms.currency)]: grossOf(price.selling, terms.vatPercent),
  }
  return { ...(cart.checkout as object), seenPrices }
}

/** A line merge or reorder left out or cut down, as a message key with its parameters. */
interface LineNotice {
  readonly key: 'cartApi.reorderSkipped' | 'cartApi.quantityAdjusted'
  readonly params: Record<string, string | number>
}

/**
 * Adds lines to a locked cart, each summed with what the cart holds and brought within the
 * quantity rules and the stock (merge and reorder never refuse a whole batch for one line);
 * answers the lines left out (no longer sold or orderable) and those cut down.
 */
async function addWithinRules(
  tx: Db,
  cartId: number,
  lines: readonly { productId: number; quantity: number; name?: string }[],
  sellable: ReadonlyMap<number, SellableLookup>,
): Promise<LineNotice[]> {
  const notices: LineNotice[] = []
  const held = new Map((await loadCartLines(tx, cartId)).map((l) => [l.productId, l.quantity]))
  for (const line of lines) {
    const found = sellable.get(line.productId)
    const wanted = (held.get(line.productId) ?? 0) + line.quantity
    const quantity = found?.kind === 'sellable' ? fittingQuantity(found.item, wanted) : null
    if (found?.kind !== 'sellable' || quantity === null) {
      notices.push({ key: 'cartApi.reorderSkipped', params: { name: line.name ?? '' } })
      continue
    }
    if (quantity !== wanted) {
      notices.push({ key: 'cartApi.quantityAdjusted', params: { name: found.item.name, quantity } })
    }
    held.set(line.productId, quantity)
    await upsertCartLine(tx, cartId, found.item.id, quantity)
  }
  return notices
}

export function createCartService(deps: CartDeps): CartService {
  const { translator, shopSettings } = deps

  function forRequest(request: FastifyRequest, reply: FastifyReply): RequestCart {
    const context = cartContextOf(request, translator, shopSettings)
    let owner = cartOwnerOf(request)
    const current = async () => (await priceOwnersCart(context, owner)).cart

    /**
     * Runs a change on the (locked) cart in one transaction — the work's own statements, then one
     * that stamps the cart with what the work answers to set — and answers the whole cart from
     * the rows the transaction ends with.
     */
    async function change(
      work: (inside: CartContext, cart: CartRow) => Promise<CartPatch | undefined>,
      create = false,
    ): Promise<Cart> {
      const known = await context.knownCart.find(owner)
      const found = known ?? (create ? await createCart(context.db, owner, reply) : null)
      if (!found) throw itemNotFound()
      // A guest's cart just created: this request's later reads find it by its new token.
      if (owner.kind === 'guest') owner = { kind: 'guest', tokenHash: found.tokenHash }
      const settings = await context.shopSettings()
      const changed = await context.db.transaction(async (tx) => {
        const locked = await lockCart(tx, found.id)
        if (!locked) throw itemNotFound()
        const patch = await work(inTransaction(context, tx, settings), locked)
        const cart = await saveCart(tx, locked.id, patch)
        if (!cart) throw itemNotFound()
        return { cart, rows: await loadCartLines(tx, locked.id) }
      })
      context.knownCart.remember(owner, changed.cart)
      return (await priceCart(context, changed.cart, changed.rows)).cart
    }

    return {
      get: current,

      async add(input) {
        const item = await sellableOrNotFound(context, input.productId)
        // Checked before a guest's cart is created: a refused add leaves no trace.
        checkLineQuantity(item, input.quantity)
        return change(async (inside, cart) => {
          const tx = inside.db
          const [line] = await tx
            .select({ quantity: cartItems.quantity })
            .from(cartItems)
            .where(and(eq(cartItems.cartId, cart.id), eq(cartItems.productId, item.id)))
          const quantity = (line?.quantity ?? 0) + input.quantity
          checkLineQuantity(item, quantity)
          await upsertCartLine(tx, cart.id, item.id, quantity)
          return { checkout: await checkoutWithPrice(inside, cart, item) }
        }, true)
      },

      async updateQuantity(itemId, input) {
        return change(async (inside, cart) => {
          const tx = inside.db
          const line = await findCartLine(tx, cart.id, itemId)
          if (!line) throw itemNotFound()
          const item = await sellableOrNotFound(inside, line.productId)
          checkLineQuantity(item, input.quantity)
          await upsertCartLine(tx, cart.id, item.id, input.quantity)
          return { checkout: await checkoutWithPrice(inside, cart, item) }
        })
      },

      async remove(itemId) {
        return change(async ({ db: tx }, cart) => {
          const deleted = await tx
            .delete(cartItems)
            .where(and(eq(cartItems.id, itemId), eq(cartItems.cartId, cart.id)))
            .returning({ id: cartItems.id })
          if (deleted.length === 0) throw itemNotFound()
          return undefined
        })
      },

      async applyCoupon(input) {
        const { code } = ApplyCouponSchema.parse(input)
        const priced = await priceOwnersCart(context, owner)
        const result = await evaluateCoupon(context.db, {
          code,
          currency: priced.terms.currency,
          lines: priced.lines.map((l) => ({
            productId: l.item.parentProductId,
            categoryIds: l.item.categoryIds,
            net: l.line?.net ?? 0,
          })),
          now: new Date(),
        })
        return change(async () => ({ couponCodeId: result.voucherCodeId }), true)
      },

      async removeCoupon() {
        const cart = await context.knownCart.find(owner)
        if (cart) {
          context.knownCart.remember(
            owner,
            await saveCart(context.db, cart.id, { couponCodeId: null }),
          )
        }
        return current()
      },

      async reorder(orderId) {
        const customerId = context.viewer.customerId
        if (customerId === null) throw new AppError(401, 'UNAUTHORIZED', 'auth.notLoggedIn')
        const [order] = await context.db
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)))
        if (!order) throw new AppError(404, 'ORDER_NOT_FOUND', 'cartApi.orderNotFound')
        const ordered = await context.db
          .select({
            productId: orderItems.productId,
            name: orderItems.name,
            quantity: orderItems.quantity,
          })
          .from(orderItems)
          .where(eq(orderItems.orderId, order.id))
        const sellable = await loadSellableItems(
          context.db,
          context.locale,
          ordered.map((o) => o.productId),
        )
        let left: LineNotice[] = []
        const cart = await change(async ({ db: tx }, locked) => {
          left = await addWithinRules(tx, locked.id, ordered, sellable)
          return undefined
        }, true)
        const notices = left.map(({ key, params }) => ({
          key,
          text: translator.t(context.locale, key, params),
          itemId: null,
        }))
        return { ...cart, messages: [...notices, ...cart.messages] }
      },
    }
  }

  /**
   * Moves a guest cart's lines into the customer's cart after sign-in: quantities are summed and
   * brought within the rules and the stock (a line that cannot be ordered stays out), the coupon
   * and the checkout data carry over when the customer's cart has none; the guest cart is
   * deleted and its cookie cleared. One transaction.
   */
  async function mergeGuestCart(
    request: FastifyRequest,
    reply: FastifyReply,
    customerId: number,
  ): Promise<void> {
    const token = readCookie(request, 'cart')
    if (!token || token.length > 200) return
    clearCartCookie(reply)
    const db = request.ctx.db
    const guest = await findCart(db, { kind: 'guest', tokenHash: hashToken(token) })
    if (!guest) return
    const guestLines = await loadCartLines(db, guest.id)
    const sellable = await loadSellableItems(
      db,
      request.ctx.locale,
      guestLines.map((l) => l.productId),
    )
    const target = await findOrCreateCart(db, { kind: 'customer', customerId }, reply)
    await db.transaction(async (tx) => {
      const cart = await lockCart(tx, target.id)
      if (!cart) return
      await addWithinRules(tx, cart.id, guestLines, sellable)
      const emptyCheckout = Object.keys(cart.checkout ?? {}).length === 0
      await tx
        .update(carts)
        .set({
          couponCodeId: cart.couponCodeId ?? guest.couponCodeId,
          ...(emptyCheckout ? { checkout: guest.checkout } : {}),
          updatedAt: new Date(),
        })
        .where(eq(carts.id, cart.id))
      await tx.delete(carts).where(eq(carts.id, guest.id))
    })
    // The request's cart is another one now: read anew if the request asks for it.
    request.knownCart = null
  }

  return { forRequest, mergeGuestCart }
}
