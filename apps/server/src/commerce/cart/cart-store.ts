import { and, asc, eq, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
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

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's cart as the request last read or wrote it (see `knownCartOf`). */
    knownCart: { readonly owner: CartOwner; readonly row: CartRow | null } | null
  }
}

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

function sameOwner(a: CartOwner, b: CartOwner): boolean {
  return a.kind === 'customer'
    ? b.kind === 'customer' && a.customerId === b.customerId
    : b.kind === 'guest' && a.tokenHash === b.tokenHash
}

/** The request's cart, read once per request (`knownCartOf`). */
export interface KnownCart {
  /** The owner's cart as this request last read or wrote it; read now when it has not. */
  find(owner: CartOwner): Promise<CartRow | null>
  /** The owner's cart as this request has just written it (null: there is none now). */
  remember(owner: CartOwner, row: CartRow | null): void
}

/** Gives every request a place for its cart row (`request.knownCart`), empty at first. */
export function declareKnownCart(app: FastifyInstance): void {
  app.decorateRequest('knownCart', null)
}

/**
 * The cart of one request: the first hook that needs it (visitor-country.ts) reads it, and the
 * cart and checkout services of the same request take it from there instead of looking it up by
 * its token again. Whatever writes the cart in the request remembers the row it wrote, so a read
 * after a write (an action, then the page's loaders) never answers the older row.
 */
export function knownCartOf(request: FastifyRequest, db: Db): KnownCart {
  return {
    async find(owner) {
      const known = request.knownCart as FastifyRequest['knownCart'] | undefined
      if (known && sameOwner(known.owner, owner)) return known.row
      const row = await findCart(db, owner)
      request.knownCart = { owner, row }
      return row
    },
    remember(owner, row) {
      request.knownCart = { owner, row }
    },
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
 * A cart for an owner who has none, created on the first write: a customer's is unique per
 * customer (a concurrent first add finds the other's row); a guest's gets a new token in the cookie.
 */
export async function createCart(db: Db, owner: CartOwner, reply: FastifyReply): Promise<CartRow> {
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

/** The owner's cart, created on the first write (`createCart`). */
export async function findOrCreateCart(
  db: Db,
  owner: CartOwner,
  reply: FastifyReply,
): Promise<CartRow> {
  return (await findCart(db, owner)) ?? createCart(db, owner, reply)
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

/**
 * Sets a line's quantity (adds the line when the product is not in the cart yet); the change's
 * `saveCart` stamps the cart.
 */
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

/** What a change of the cart may set besides its time of change. */
export type CartPatch = Partial<Pick<typeof carts.$inferInsert, 'checkout' | 'couponCodeId'>>

/**
 * Stamps a change of the cart (with what `patch` sets) and answers the row as written, so the
 * change's answer needs no second read; null when the cart is gone.
 */
export async function saveCart(
  db: Db,
  cartId: number,
  patch: CartPatch = {},
): Promise<CartRow | null> {
  const [row] = await db
    .update(carts)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(carts.id, cartId))
    .returning()
  return row ?? null
}

/**
 * Writes checkout step fields over the stored ones in one statement and answers the row as
 * written: the merge happens under the row's lock, so a price an add records meanwhile is kept
 * (a stored value that is not an object, never written by this code, is replaced). Fields left
 * undefined are not written.
 */
export async function mergeCheckout(
  db: Db,
  cartId: number,
  fields: Record<string, unknown>,
): Promise<CartRow | null> {
  const stored = sql`case when jsonb_typeof(${carts.checkout}) = 'object' then ${carts.checkout} else '{}'::jsonb end`
  const [row] = await db
    .update(carts)
    .set({ checkout: sql`${stored} || ${JSON.stringify(fields)}::jsonb`, updatedAt: new Date() })
    .where(eq(carts.id, cartId))
    .returning()
  return row ?? null
}
