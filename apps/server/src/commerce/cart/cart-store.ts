import { and, asc, eq, sql } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
// `request.viewer` is declared there; this brings it wherever this file is type-checked.
import type {} from '../../accounts/customer-auth/viewer.ts'
import type { Db } from '../../platform/db/client.ts'
import { cartItems, carts } from '../../platform/db/schema/commerce.ts'
import { clearCookie, readCookie, setCookie } from '../../platform/http/cookie-policy.ts'
import { createToken, hashToken } from '../../identity/admin-auth/admin-sessions.ts'

/**
 * The guest cart's `cart` cookie holds a random token; only its SHA-256 is stored
 * (`carts.token_hash`). `__Host-` pins it to this host with Path=/ and Secure, like the customer
 * session cookie (platform/http/cookie-policy.ts). It outlives the browser window for a month.
 */
const CART_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60

export type CartRow = typeof carts.$inferSelect
export type CartLineRow = typeof cartItems.$inferSelect

/** Whose cart a request means: a signed-in customer's, else the guest cookie's (if any). */
export type CartOwner =
  | { readonly kind: 'customer'; readonly customerId: number }
  | { readonly kind: 'guest'; readonly tokenHash: string | null }

export function cartOwnerOf(request: FastifyRequest): CartOwner {
  const customerId = request.viewer.customerId
  if (customerId !== null) return { kind: 'customer', customerId }
  const token = readCookie(request, 'cart')
  return {
    kind: 'guest',
    tokenHash: token && token.length <= 200 ? hashToken(token) : null,
  }
}

/** The owner's cart, or null when it has none yet (nothing is created by reading). */
export async function findCart(db: Db, owner: CartOwner): Promise<CartRow | null> {
  if (owner.kind === 'guest' && owner.tokenHash === null) return null
  const [row] = await db
    .select()
    .from(carts)
    .where(
      owner.kind === 'customer'
        ? eq(carts.customerId, owner.customerId)
        : eq(carts.tokenHash, owner.tokenHash ?? ''),
    )
  return row ?? null
}

/**
 * The owner's cart, created on the first write: a customer's is unique per customer (a
 * concurrent first add finds the other's row); a guest's gets a new token in the cookie.
 */
export async function findOrCreateCart(
  db: Db,
  owner: CartOwner,
  reply: FastifyReply,
): Promise<CartRow> {
  const existing = await findCart(db, owner)
  if (existing) return existing
  if (owner.kind === 'customer') {
    await db.insert(carts).values({ customerId: owner.customerId }).onConflictDoNothing()
    const created = await findCart(db, owner)
    if (!created) throw new Error('customer cart not created')
    return created
  }
  const token = createToken()
  const [created] = await db
    .insert(carts)
    .values({ tokenHash: hashToken(token) })
    .returning()
  if (!created) throw new Error('guest cart not created')
  setCookie(reply, 'cart', token, { maxAgeSeconds: CART_COOKIE_MAX_AGE_S })
  return created
}

export function clearCartCookie(reply: FastifyReply): void {
  clearCookie(reply, 'cart')
}

/** The cart's lines in the order they were added. */
export async function loadCartLines(db: Db, cartId: number): Promise<CartLineRow[]> {
  return db
    .select()
    .from(cartItems)
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id))
}

/** Locks the cart row for the rest of the transaction (one write at a time per cart). */
export async function lockCart(tx: Db, cartId: number): Promise<CartRow | null> {
  const [row] = await tx.select().from(carts).where(eq(carts.id, cartId)).for('update')
  return row ?? null
}

/** Sets a line's quantity (adds the line when the product is not in the cart yet). */
export async function upsertCartLine(
  tx: Db,
  cartId: number,
  productId: number,
  quantity: number,
): Promise<void> {
  await tx
    .insert(cartItems)
    .values({ cartId, productId, quantity })
    .onConflictDoUpdate({
      target: [cartItems.cartId, cartItems.productId],
      set: { quantity: sql`excluded.quantity` },
    })
  await touchCart(tx, cartId)
}

export async function findCartLine(
  db: Db,
  cartId: number,
  itemId: number,
): Promise<CartLineRow | null> {
  const [row] = await db
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.id, itemId), eq(cartItems.cartId, cartId)))
  return row ?? null
}

export async function touchCart(db: Db, cartId: number): Promise<void> {
  await db.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId))
}
