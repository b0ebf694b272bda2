import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { PHONE_PLANS, postcodeExample } from '@optika/domain/accounts/contact-formats'
import type { Cart } from '@optika/domain/commerce/cart-api'
import type {
  CheckoutState,
  PlacedOrder,
  PlaceOrderInput,
  ShippingPaymentInput,
} from '@optika/domain/commerce/checkout-api'
import { SPARE_PARTS_CHOICES } from '@optika/domain/commerce/checkout-vocabulary'
import type { Country } from '@optika/domain/commerce/countries'
import { DEFAULT_LOCALE, isLocale, type Locale } from '@optika/i18n/locales'

/**
 * Whole guest orders over real HTTP against a running shop: each buyer is a fresh guest with
 * its own cookie jar who adds one piece to the cart, opens the checkout, saves the shipping and
 * payment step (the first shipping and payment method offered, billing details valid for the
 * country) and places the order — the JSON calls the storefront's pages stand for:
 *
 * 1. POST /api/pridat-do-kosiku            { productId, quantity: 1 } → 200 Cart (sets the
 *                                          `__Host-optika-cart` cookie of the guest's cart)
 * 2. GET  /api/checkout                    → 200 CheckoutState (countries, offered methods)
 * 3. PUT  /api/checkout/shipping-payment   contact, billing, methods → 200 CheckoutState at
 *                                          'finalCheck' with the total to confirm
 * 4. POST /api/checkout/place-order        { agreeTerms, agreeDataProcessing, expectedTotal } +
 *                                          Idempotency-Key → 201 PlacedOrder
 *
 * Every call carries what a page's fetch carries: the page's Origin (the same-origin guard
 * refuses another), `Sec-Fetch-Site: same-origin`, the cookies the server set, and the `locale`
 * cookie a storefront page sets. Global fetch (undici) keeps the connections alive.
 */

export interface OrderFlowResult {
  /** Whole orders placed (HTTP 2xx on place-order). */
  readonly orders: number
  /** Wall time of the measured run (the last flow started before the end is let finish). */
  readonly seconds: number
  readonly ordersPerSecond: number
  /** Milliseconds of each whole order flow (first cart request → order placed). */
  readonly latencies: number[]
  /** Flows that failed (any status not expected), with the first few reasons in `reasons`. */
  readonly failures: number
  readonly reasons: string[]
  /**
   * Flows refused because the stock ran out (409 OUT_OF_STOCK / QUANTITY_NOT_AVAILABLE) at
   * place-order — or already at the add, when another buyer took the last piece first. Expected,
   * not failures; an id refused so is not picked again.
   */
  readonly refusedOutOfStock: number
}

export interface OrderFlowOptions {
  /** A running shop, e.g. http://127.0.0.1:3160 (NODE_ENV=production, demo data). */
  readonly baseUrl: string
  /** Concurrent buyers. */
  readonly buyers: number
  /** How long to keep starting order flows. */
  readonly seconds: number
  /** Variant (or variant-less product) ids to buy, one picked at random per order. */
  readonly sellableIds: readonly number[]
  /** The storefront language the guests shop in ('cs' by default). */
  readonly locale?: string
}

/** Reasons kept for the report. */
const MAX_REASONS = 10
/** A buyer gives up after this many failed flows in a row (a stopped or misconfigured shop). */
const MAX_FAILURES_IN_A_ROW = 20
/** The codes a call is refused with when the item's stock ran out (request-cart, place-order). */
const STOCK_CODES: ReadonlySet<string> = new Set(['OUT_OF_STOCK', 'QUANTITY_NOT_AVAILABLE'])

/** A street and city of each country, for a plausible billing address. */
const ADDRESSES: Record<Country, { readonly street: string; readonly city: string }> = {
  CZ: { street: 'Vodičkova 12', city: 'Praha' },
  SK: { street: 'Obchodná 5', city: 'Bratislava' },
  HU: { street: 'Váci utca 10', city: 'Budapest' },
  PL: { street: 'ul. Marszałkowska 10', city: 'Warszawa' },
  RO: { street: 'Strada Lipscani 10', city: 'București' },
}

/** The cookies of one guest: every Set-Cookie the server sends, sent back as Cookie. */
function cookieJar(initial: Record<string, string>) {
  const cookies = new Map(Object.entries(initial))
  return {
    header(): string {
      return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    },
    keep(response: Response): void {
      for (const line of response.headers.getSetCookie()) {
        const [pair = '', ...attributes] = line.split(';')
        const separator = pair.indexOf('=')
        if (separator <= 0) continue
        const name = pair.slice(0, separator).trim()
        const value = pair.slice(separator + 1).trim()
        const expired =
          value === '' ||
          attributes.some((attribute) => {
            const [key = '', setting = ''] = attribute.split('=').map((part) => part.trim())
            if (key.toLowerCase() === 'max-age') return Number(setting) <= 0
            if (key.toLowerCase() === 'expires') return Date.parse(setting) <= Date.now()
            return false
          })
        if (expired) cookies.delete(name)
        else cookies.set(name, value)
      }
    },
  }
}

type CookieJar = ReturnType<typeof cookieJar>

/** A call answered with a status the flow does not expect. */
class FlowError extends Error {
  readonly stockRefusal: boolean

  constructor(message: string, stockRefusal = false) {
    super(message)
    this.stockRefusal = stockRefusal
  }
}

interface ErrorBody {
  readonly code?: unknown
  readonly message?: unknown
}

function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : null
  } catch {
    return null
  }
}

/** One guest's calls, as the storefront's fetch makes them. */
function guest(baseUrl: string, locale: Locale) {
  const origin = new URL(baseUrl).origin
  const jar: CookieJar = cookieJar({ locale })

  async function call<T>(
    step: string,
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    expected: (status: number) => boolean,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    const response = await fetch(`${origin}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        'accept-language': locale,
        origin,
        'sec-fetch-site': 'same-origin',
        'sec-fetch-mode': 'cors',
        cookie: jar.header(),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    jar.keep(response)
    const text = await response.text()
    const json = parseJson(text)
    if (expected(response.status)) return json as T
    const error = (json ?? {}) as ErrorBody
    const code = typeof error.code === 'string' ? error.code : 'HTTP_ERROR'
    const message = typeof error.message === 'string' ? error.message : text.slice(0, 200)
    throw new FlowError(
      `${step}: ${String(response.status)} ${code} ${message}`,
      response.status === 409 && STOCK_CODES.has(code),
    )
  }

  return { call }
}

/**
 * One whole order by a fresh guest; resolves when the order is placed, throws a FlowError
 * (stockRefusal when the stock ran out) otherwise.
 */
async function orderOnce(
  baseUrl: string,
  locale: Locale,
  productId: number,
  buyerName: string,
): Promise<PlacedOrder> {
  const { call } = guest(baseUrl, locale)
  const ok = (status: number) => status === 200

  await call<Cart>('add to cart', 'POST', '/api/pridat-do-kosiku', ok, { productId, quantity: 1 })

  const opened = await call<CheckoutState>('open the checkout', 'GET', '/api/checkout', ok)
  // The country the step's form preselects (the language's, or the one the cart has).
  const country = opened.data.country
  const shipping = opened.shippingOptions[0]
  const payment = opened.paymentOptions[0]
  if (!shipping || !payment) {
    throw new FlowError(
      `open the checkout: no ${shipping ? 'payment' : 'shipping'} method offered for ${country}`,
    )
  }

  const slug = buyerName.toLowerCase().replace(/[^a-z0-9]+/g, '.')
  const step: ShippingPaymentInput = {
    country,
    shippingMethodId: shipping.id,
    paymentMethodId: payment.id,
    contact: {
      email: `${slug}@example.com`,
      phone: PHONE_PLANS[country].example,
      name: buyerName,
    },
    billing: {
      street: ADDRESSES[country].street,
      city: ADDRESSES[country].city,
      postcode: postcodeExample(country),
      country,
    },
    deliveryDiffers: false,
  }
  const saved = await call<CheckoutState>(
    'save shipping and payment',
    'PUT',
    '/api/checkout/shipping-payment',
    ok,
    step,
  )
  const total = saved.cart.totals.total
  if (saved.reachableStep !== 'finalCheck' || !total) {
    throw new FlowError(
      `save shipping and payment: step ${saved.reachableStep}, total ${total ? 'shown' : 'missing'}`,
    )
  }

  const confirm: PlaceOrderInput = {
    agreeTerms: true,
    agreeDataProcessing: true,
    comment: '',
    ...(saved.sparePartsChoiceNeeded ? { sparePartsChoice: SPARE_PARTS_CHOICES[0] } : {}),
    expectedTotal: total.gross,
  }
  // The final check page renders a fresh key each time (routes/cart/confirm.tsx).
  return call<PlacedOrder>(
    'place the order',
    'POST',
    '/api/checkout/place-order',
    (status) => status >= 200 && status < 300,
    confirm,
    { 'idempotency-key': randomUUID() },
  )
}

/** A failure in words; a network error (fetch's 'fetch failed') with its cause. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined
  const detail = typeof cause?.code === 'string' ? cause.code : cause?.message
  return typeof detail === 'string' ? `${error.message}: ${detail}` : error.message
}

function localeOf(value: string): Locale {
  if (!isLocale(value)) throw new Error(`unknown locale ${value}`)
  return value
}

/**
 * `buyers` guests placing whole orders for `seconds` (see the file's comment for the calls).
 * A flow started before the time is up is let finish; `seconds` is the wall time until the last
 * one did.
 */
export async function runOrderFlow(options: OrderFlowOptions): Promise<OrderFlowResult> {
  const locale: Locale = options.locale === undefined ? DEFAULT_LOCALE : localeOf(options.locale)
  // Ids whose stock ran out leave the pool; the run ends early when none is left.
  const pool = [...options.sellableIds]
  if (pool.length === 0) throw new Error('no sellable ids to buy')
  const latencies: number[] = []
  const reasons: string[] = []
  // A reason is reported once, however many flows it failed.
  const seen = new Set<string>()
  let failures = 0
  let refusedOutOfStock = 0
  let flowNumber = 0

  const started = performance.now()
  const deadline = started + options.seconds * 1000
  await Promise.all(
    Array.from({ length: options.buyers }, async (_, buyer) => {
      let failedInARow = 0
      while (performance.now() < deadline && pool.length > 0) {
        const productId = pool[Math.floor(Math.random() * pool.length)]!
        flowNumber += 1
        const name = `Bench Buyer ${String(buyer + 1)} ${String(flowNumber)}`
        const flowStarted = performance.now()
        try {
          await orderOnce(options.baseUrl, locale, productId, name)
          latencies.push(performance.now() - flowStarted)
          failedInARow = 0
        } catch (error) {
          if (error instanceof FlowError && error.stockRefusal) {
            refusedOutOfStock += 1
            const at = pool.indexOf(productId)
            if (at >= 0) pool.splice(at, 1)
            continue
          }
          failures += 1
          failedInARow += 1
          const why = describe(error)
          if (!seen.has(why)) {
            seen.add(why)
            if (reasons.length < MAX_REASONS) reasons.push(`${why} (product ${String(productId)})`)
          }
          if (failedInARow >= MAX_FAILURES_IN_A_ROW) {
            reasons.push(
              `buyer ${String(buyer + 1)} stopped after ${String(failedInARow)} failures in a row`,
            )
            return
          }
        }
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  return {
    orders: latencies.length,
    seconds,
    ordersPerSecond: latencies.length / seconds,
    latencies,
    failures,
    reasons,
    refusedOutOfStock,
  }
}

/**
 * Up to `limit` ids the cart takes one piece of and place-order reserves stock for, the ones
 * with the most pieces first: published colour variants of published products, and published
 * products without variants (commerce/cart/sellable-items.ts); orderable with stock on hand
 * (availability inStock, lowStock or noFurtherDeliveries and quantity > 0:
 * catalogue/availability.ts); no spare parts (they take what is in stock and may need the
 * buyer's choice); a minimum of 1 and a step of 1 (quantity-rules.ts); a catalogue price in every
 * currency of the base price list (a line without a price is refused as NO_PRICE).
 */
export async function sellableIdsInStock(databaseUrl: string, limit: number): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ id: string }>(
      `with candidates as (
         select v.variant_id as id, v.product_id, v.availability
           from product_index_variants v
           join objects vo on vo.id = v.variant_id and vo.type = 'variant' and vo.published
         union all
         select p.product_id, p.product_id, p.availability
           from product_index p
          where not exists (select 1 from product_index_variants v where v.product_id = p.product_id)
       )
       select c.id::text as id
         from candidates c
         join product_index p on p.product_id = c.product_id
         join objects po on po.id = c.product_id and po.published
         join stock_levels s on s.object_id = c.id
        where s.quantity > 0
          and c.availability in ('inStock', 'lowStock', 'noFurtherDeliveries')
          and p.kind <> 'sparePart'
          and po.data->'sparePart' is distinct from 'true'::jsonb
          and (jsonb_typeof(po.data->'minOrderQuantity') is distinct from 'number'
               or (po.data->>'minOrderQuantity')::numeric <= 1)
          and (jsonb_typeof(po.data->'quantityStep') is distinct from 'number'
               or (po.data->>'quantityStep')::numeric <= 1
               or (po.data->>'quantityStep')::numeric % 1 <> 0)
          and not exists (
                select 1 from unnest(array['CZK', 'EUR', 'HUF', 'PLN', 'RON']) as currency
                 where jsonb_typeof(p.prices->'default'->currency->'catalog') is distinct from 'number')
        order by s.quantity desc, c.id
        limit $1`,
      [limit],
    )
    return rows.map((row) => Number(row.id))
  } finally {
    await client.end()
  }
}

/**
 * Signs of an oversell: stock rows below zero (the `stock_levels_quantity_non_negative` check
 * should make them impossible), plus items of orders not cancelled that are no spare parts yet
 * hold fewer reserved pieces than ordered — place-order reserves every piece of such an item
 * with `UPDATE … WHERE quantity >= n` or refuses the order, so a shortfall means an order went
 * through without its stock (a cancelled order has given its pieces back, so it is left out).
 */
export async function oversold(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ count: number }>(
      `select (select count(*) from stock_levels where quantity < 0)::int
            + (select count(*)
                 from order_items i
                 join orders o on o.id = i.order_id
                where not i.spare_part
                  and i.reserved_quantity < i.quantity
                  and o.status <> 'cancelled')::int as count`,
    )
    return rows[0]?.count ?? 0
  } finally {
    await client.end()
  }
}

/**
 * Waits until no order-confirmation job is left to run; the milliseconds that took, or null after
 * two minutes.
 */
export function confirmationMailsDrained(databaseUrl: string): Promise<number | null> {
  return untilDatabaseSays(
    databaseUrl,
    `select count(*) = 0 as done from pgboss.job
      where name = 'commerce.order-confirmation' and state in ('created', 'retry', 'active')`,
    [],
    120_000,
  )
}

/**
 * Asks `query` (one row, a boolean `done`) every 250 ms until it says done: the milliseconds that
 * took, or null after `limitMs`.
 */
export async function untilDatabaseSays(
  databaseUrl: string,
  query: string,
  params: readonly unknown[],
  limitMs: number,
): Promise<number | null> {
  const db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
  const started = performance.now()
  try {
    while (performance.now() - started < limitMs) {
      const { rows } = await db.query<{ done: boolean }>(query, [...params])
      if (rows[0]?.done) return performance.now() - started
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    return null
  } finally {
    await db.end()
  }
}
