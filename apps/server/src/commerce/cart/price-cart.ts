import { and, eq } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
// `request.viewer` is declared there; this brings it wherever this file is type-checked.
import type {} from '../../accounts/customer-auth/viewer.ts'
import { hasPartnerTerms, type Viewer } from '@optika/domain/accounts/viewer'
import { PriceListDataSchema } from '@optika/domain/catalogue/product-data'
import { quantityProblem } from '@optika/domain/catalogue/quantity-rules'
import type { Cart, CartItem, CartMessage, PricePair } from '@optika/domain/commerce/cart-api'
import { SPARE_PARTS_SHIP_THRESHOLD_PERCENT } from '@optika/domain/commerce/checkout-vocabulary'
import { COUNTRY_CURRENCY, LOCALE_COUNTRY, type Country } from '@optika/domain/commerce/countries'
import type { Currency } from '@optika/domain/commerce/currencies'
import { formatMoney } from '@optika/domain/commerce/money'
import type { Locale } from '@optika/i18n/locales'
import type { Db } from '../../platform/db/client.ts'
import { voucherCodes } from '../../platform/db/schema/commerce.ts'
import { objects } from '../../platform/db/schema/elements.ts'
import { customers } from '../../platform/db/schema/users.ts'
import { AppError } from '../../platform/http/app-error.ts'
import { evaluateCoupon, type CouponResult } from '../shop-settings/coupons.ts'
import {
  countryConfigOf,
  quotePayments,
  quoteShipping,
  type PaymentQuote,
  type ShippingQuote,
} from '../shop-settings/shop-config.ts'
import type { ShopSettings, ShopSettingsSource } from '../../platform/settings/shop-settings.ts'
import type { Translator } from '../../platform/i18n/translator.ts'
import { BASE_PRICE_LIST } from '../../catalogue/product-index/build-index-rows.ts'
import {
  knownCartOf,
  loadCartLines,
  type CartLineRow,
  type CartOwner,
  type CartRow,
  type KnownCart,
} from './cart-store.ts'
import { readStoredCheckout, type StoredCheckout } from './checkout-data.ts'
import { loadSellableItems, type SellableItem } from './sellable-items.ts'

/**
 * The shop's own country: partners elsewhere with a VAT ID buy under the EU reverse charge
 * (no VAT on the order); partners here pay the Czech VAT (decision 018).
 */
const SHOP_HOME_COUNTRY: Country = 'CZ'

/** The terms a cart is priced with: country, currency, VAT, price list, who buys. */
export interface PricingTerms {
  readonly country: Country
  readonly currency: Currency
  readonly vatPercent: number
  readonly pricesWithVat: boolean
  readonly priceList: string
  readonly buyerKind: 'guest' | 'customer' | 'partner'
  readonly invoiceAllowed: boolean
  /** Approved partners' invoice maturity (days), else null. */
  readonly maturityDays: number | null
  readonly freeShippingThresholdNet: number
}

export interface CartContext {
  readonly db: Db
  readonly locale: Locale
  readonly viewer: Viewer
  readonly translator: Translator
  readonly shopSettings: ShopSettingsSource
  /** The request's cart row, read once per request. */
  readonly knownCart: KnownCart
}

/**
 * The request's database, language, viewer and cart; the shop settings are read once for the
 * request (each read asks for the settings' version first), so its steps price with one view.
 */
export function cartContextOf(
  request: FastifyRequest,
  translator: Translator,
  shopSettings: ShopSettingsSource,
): CartContext {
  const { db, locale } = request.ctx
  let settings: Promise<ShopSettings> | undefined
  return {
    db,
    locale,
    viewer: request.viewer,
    translator,
    shopSettings: () => (settings ??= shopSettings()),
    knownCart: knownCartOf(request, db),
  }
}

/**
 * The context inside a transaction: its connection, and settings read before it began. On the
 * embedded database (one connection) a read of the kept settings' version from inside the
 * transaction would wait for the transaction itself.
 */
export function inTransaction(context: CartContext, tx: Db, settings: ShopSettings): CartContext {
  return { ...context, db: tx, shopSettings: () => Promise.resolve(settings) }
}

/** One cart line with its product and prices (null where the product has no price). */
export interface PricedLine {
  readonly row: CartLineRow
  readonly item: SellableItem
  readonly unit: PricePair | null
  readonly catalogUnit: PricePair | null
  readonly line: PricePair | null
}

/** Everything the cart, the checkout and placeOrder know about a cart at one moment. */
export interface PricedCart {
  readonly cart: Cart
  readonly terms: PricingTerms
  readonly stored: StoredCheckout
  readonly lines: readonly PricedLine[]
  readonly coupon: CouponResult | null
  readonly shippingOptions: readonly ShippingQuote[]
  readonly paymentOptions: readonly PaymentQuote[]
  /** The chosen methods when still offered. */
  readonly shipping: ShippingQuote | null
  readonly payment: PaymentQuote | null
  readonly totals: {
    readonly itemsNet: number
    readonly itemsGross: number
    readonly discountNet: number
    readonly discountGross: number
    readonly shippingNet: number
    readonly shippingGross: number
    readonly paymentFeeNet: number
    readonly paymentFeeGross: number
    readonly totalNet: number
    readonly totalGross: number
    readonly catalogSumNet: number
  }
  /** Percent of ordered spare-part pieces in stock; null without spare parts. */
  readonly sparePartsCoveragePercent: number | null
}

/** VAT added to a net amount, rounded to a whole minor unit. */
export function grossOf(net: number, vatPercent: number): number {
  return Math.round((net * (100 + vatPercent)) / 100)
}

const pair = (net: number, vatPercent: number): PricePair => ({
  net,
  gross: grossOf(net, vatPercent),
})

/** The country a cart is priced for: the checkout's choice, the customer's, the language's. */
export function cartCountryOf(viewer: Viewer, locale: Locale, stored: StoredCheckout): Country {
  return stored.country ?? viewer.country ?? LOCALE_COUNTRY[locale]
}

/**
 * Prices for everyone, guests too (decision 018). Customers and guests pay the country's VAT.
 * Approved partners see their price list without VAT when it is in the country's currency (one
 * currency per order: shipping and fees are priced in the country's), else the shop's prices;
 * their orders carry VAT unless the reverse charge applies (a VAT ID outside the home country).
 */
export async function pricingTermsFor(
  db: Db,
  settings: ShopSettings,
  viewer: Viewer,
  country: Country,
): Promise<PricingTerms> {
  const config = countryConfigOf(settings, country)
  const currency = COUNTRY_CURRENCY[country]
  const base = {
    country,
    currency,
    priceList: BASE_PRICE_LIST,
    freeShippingThresholdNet: config.freeShippingThresholdNet,
  }
  if (viewer.customerId === null) {
    return {
      ...base,
      vatPercent: config.vatPercent,
      pricesWithVat: true,
      buyerKind: 'guest',
      invoiceAllowed: false,
      maturityDays: null,
    }
  }
  if (!hasPartnerTerms(viewer)) {
    return {
      ...base,
      vatPercent: config.vatPercent,
      pricesWithVat: true,
      buyerKind: 'customer',
      invoiceAllowed: false,
      maturityDays: null,
    }
  }
  const [partner] = await db
    .select({ vatId: customers.vatId, maturity: customers.invoiceMaturityDays })
    .from(customers)
    .where(eq(customers.id, viewer.customerId))
  let priceList = BASE_PRICE_LIST
  if (viewer.priceListId !== null) {
    const [row] = await db
      .select({ data: objects.data })
      .from(objects)
      .where(
        and(
          eq(objects.id, viewer.priceListId),
          eq(objects.classId, 'PriceList'),
          eq(objects.published, true),
        ),
      )
    const parsed = PriceListDataSchema.safeParse(row?.data)
    if (parsed.success && parsed.data.currency === currency) priceList = String(viewer.priceListId)
  }
  const reverseCharge = Boolean(partner?.vatId?.trim()) && country !== SHOP_HOME_COUNTRY
  return {
    ...base,
    priceList,
    vatPercent: reverseCharge ? 0 : config.vatPercent,
    pricesWithVat: false,
    buyerKind: 'partner',
    invoiceAllowed: true,
    maturityDays: partner?.maturity ?? null,
  }
}

/** Whether the viewer may pay by invoice: `pricingTermsFor`'s partner terms, approved partners'. */
function invoiceAllowedFor(viewer: Viewer): boolean {
  return viewer.customerId !== null && hasPartnerTerms(viewer)
}

/**
 * Which shipping and payment methods `country` offers the viewer — the ones a cart priced for
 * that country lists (their prices there depend on the cart).
 */
export function methodsOfferedIn(
  settings: ShopSettings,
  viewer: Viewer,
  locale: Locale,
  country: Country,
): { readonly shippingIds: ReadonlySet<number>; readonly paymentIds: ReadonlySet<number> } {
  const shipping = quoteShipping(settings, { country, postcode: null, itemsNet: 0, locale })
  const payment = quotePayments(settings, {
    country,
    locale,
    invoiceAllowed: invoiceAllowedFor(viewer),
  })
  return {
    shippingIds: new Set(shipping.map((o) => o.id)),
    paymentIds: new Set(payment.map((o) => o.id)),
  }
}

interface IndexPrice {
  readonly catalog?: unknown
  readonly action?: unknown
}

const amount = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined

/** Catalogue and selling unit price (net) of an item under the terms; null when it has none. */
export function unitPriceOf(
  prices: unknown,
  terms: PricingTerms,
): { catalog: number; selling: number } | null {
  const byList = (prices && typeof prices === 'object' ? prices : {}) as Record<
    string,
    Record<string, IndexPrice> | undefined
  >
  const entry =
    byList[terms.priceList]?.[terms.currency] ?? byList[BASE_PRICE_LIST]?.[terms.currency]
  const catalog = amount(entry?.catalog)
  if (catalog === undefined) return null
  const action = amount(entry?.action)
  return { catalog, selling: action !== undefined && action < catalog ? action : catalog }
}

/** The key of a product's seen price: the same product in another currency is another price. */
export const seenPriceKey = (productId: number, currency: Currency) => `${productId}:${currency}`

/**
 * Prices a cart: lines (a line whose product is no longer sold is left out, with a message; an
 * order goes ahead without it), coupon,
 * shipping and payment of the chosen methods, totals, free shipping, spare-part coverage, and
 * the messages the cart shows. Reads only.
 */
export async function priceCart(
  context: CartContext,
  cart: CartRow | null,
  rows: readonly CartLineRow[],
): Promise<PricedCart> {
  const { db, locale, viewer, translator } = context
  const stored = readStoredCheckout(cart?.checkout)
  const country = cartCountryOf(viewer, locale, stored)
  const settings = await context.shopSettings()
  const terms = await pricingTermsFor(db, settings, viewer, country)
  const vat = terms.vatPercent
  const messages: CartMessage[] = []
  const say = (
    key: string,
    params: Record<string, string | number> = {},
    itemId: number | null = null,
  ) => messages.push({ key, text: translator.t(locale, key, params), itemId })
  const money = (value: number) => formatMoney({ amount: value, currency: terms.currency }, locale)

  const sellable = await loadSellableItems(
    db,
    locale,
    rows.map((r) => r.productId),
  )
  const lines: PricedLine[] = []
  let gone = 0
  for (const row of rows) {
    const found = sellable.get(row.productId)
    if (found?.kind !== 'sellable') {
      gone += 1
      continue
    }
    const { item } = found
    const price = unitPriceOf(item.prices, terms)
    const unit = price ? pair(price.selling, vat) : null
    lines.push({
      row,
      item,
      unit,
      catalogUnit: price ? pair(price.catalog, vat) : null,
      line: unit ? { net: unit.net * row.quantity, gross: unit.gross * row.quantity } : null,
    })
    if (!unit) say('cartApi.noPrice', { name: item.name, currency: terms.currency }, row.id)
    // The back office may have changed the rules since the line was added.
    const problem = quantityProblem(item.rules, row.quantity)
    if (problem) say(problem.key, problem.params, row.id)
    if (
      item.orderability !== 'available' &&
      !(item.sparePart && item.orderability === 'outOfStock')
    ) {
      say('cart.productOutOfStock', {}, row.id)
    } else if (!item.sparePart && row.quantity > item.stock) {
      say('cart.quantityNotAvailable', {}, row.id)
    }
    const seen = stored.seenPrices?.[seenPriceKey(item.id, terms.currency)]
    if (unit && seen !== undefined && seen !== unit.gross) {
      say('cartApi.unitPriceChanged', { name: item.name }, row.id)
    }
  }

  // Said once, about no listed item: such lines are not shown, priced nor ordered any more.
  if (gone > 0) say('cart.productNotFound')

  const itemsNet = lines.reduce((sum, l) => sum + (l.line?.net ?? 0), 0)
  const itemsGross = lines.reduce((sum, l) => sum + (l.line?.gross ?? 0), 0)
  const catalogSum = lines.reduce(
    (sum, l) => ({
      net: sum.net + (l.catalogUnit?.net ?? 0) * l.row.quantity,
      gross: sum.gross + (l.catalogUnit?.gross ?? 0) * l.row.quantity,
    }),
    { net: 0, gross: 0 },
  )
  const catalogSumNet = catalogSum.net

  let coupon: CouponResult | null = null
  let couponView: Cart['coupon'] = null
  if (cart?.couponCodeId != null) {
    const [code] = await db
      .select({ code: voucherCodes.code })
      .from(voucherCodes)
      .where(eq(voucherCodes.id, cart.couponCodeId))
    if (code) {
      try {
        coupon = await evaluateCoupon(db, {
          code: code.code,
          currency: terms.currency,
          lines: lines.map((l) => ({
            productId: l.item.parentProductId,
            categoryIds: l.item.categoryIds,
            net: l.line?.net ?? 0,
          })),
          now: new Date(),
        })
      } catch (error) {
        if (!(error instanceof AppError)) throw error
        if (lines.length > 0) say(error.key)
      }
      couponView = {
        code: code.code,
        label: coupon
          ? coupon.kind === 'percent'
            ? `${coupon.value} %`
            : money(coupon.value)
          : code.code,
        discount: coupon ? pair(coupon.discountNet, vat) : null,
      }
    }
  }
  const discountNet = coupon?.discountNet ?? 0
  // Line grosses are rounded per unit, so VAT on the discount alone may differ from theirs by a
  // few minor units: a discount of every item takes exactly their gross, and none goes below 0.
  const discountGross =
    discountNet >= itemsNet ? itemsGross : Math.min(itemsGross, grossOf(discountNet, vat))

  const delivery = stored.deliveryDiffers ? stored.delivery : stored.billing
  const postcode = typeof delivery?.postcode === 'string' ? delivery.postcode : null
  const shippingOptions = quoteShipping(settings, {
    country,
    postcode,
    itemsNet: itemsNet - discountNet,
    locale,
  })
  const paymentOptions = quotePayments(settings, {
    country,
    locale,
    invoiceAllowed: terms.invoiceAllowed,
  })
  const shipping = shippingOptions.find((o) => o.id === stored.shippingMethodId) ?? null
  const payment = paymentOptions.find((o) => o.id === stored.paymentMethodId) ?? null
  const shippingNet = lines.length > 0 ? (shipping?.priceNet ?? 0) : 0
  const paymentFeeNet = lines.length > 0 ? (payment?.feeNet ?? 0) : 0
  const shippingGross = grossOf(shippingNet, vat)
  const paymentFeeGross = grossOf(paymentFeeNet, vat)
  const totalNet = itemsNet - discountNet + shippingNet + paymentFeeNet
  const totalGross = itemsGross - discountGross + shippingGross + paymentFeeGross

  const freeShippingRemaining = Math.max(
    0,
    terms.freeShippingThresholdNet - (itemsNet - discountNet),
  )
  if (lines.length === 0) say('cart.empty')
  else if (freeShippingRemaining > 0) {
    say('cart.freeShippingRemaining', { amount: money(freeShippingRemaining) })
  }
  if (shipping?.zipBased) say('cart.shippingZipDependent')
  // Also when the back office stopped offering the chosen method since it was chosen.
  const shippingGone = stored.shippingMethodId != null && !shipping && lines.length > 0
  if (stored.shippingMethodChanged || shippingGone) say('cart.shippingMethodChanged')

  const spareLines = lines.filter((l) => l.item.sparePart)
  const ordered = spareLines.reduce((sum, l) => sum + l.row.quantity, 0)
  const covered = spareLines.reduce(
    (sum, l) => sum + Math.min(l.row.quantity, Math.max(0, l.item.stock)),
    0,
  )
  const sparePartsCoveragePercent = coveragePercent(covered, ordered)
  if (sparePartsCoveragePercent !== null && sparePartsCoveragePercent < 100) {
    say('cartApi.sparePartsPartial', { percent: sparePartsCoveragePercent })
  }

  const items: CartItem[] = lines.map((l) => ({
    id: l.row.id,
    productId: l.item.id,
    parentProductId: l.item.parentProductId,
    code: l.item.code,
    name: l.item.name,
    variantName: l.item.variantName,
    url: l.item.url,
    thumbnail: l.item.thumbnail,
    quantity: l.row.quantity,
    rules: l.item.rules,
    availability: l.item.availability,
    orderability: l.item.orderability,
    sparePart: l.item.sparePart,
    unitPrice: l.unit,
    catalogUnitPrice: l.catalogUnit,
    linePrice: l.line,
  }))
  const hasItems = lines.length > 0
  return {
    cart: {
      items,
      itemCount: lines.reduce((sum, l) => sum + l.row.quantity, 0),
      currency: terms.currency,
      country,
      vatPercent: vat,
      pricesWithVat: terms.pricesWithVat,
      totals: {
        items: { net: itemsNet, gross: itemsGross },
        discount: coupon ? { net: discountNet, gross: discountGross } : null,
        shipping: hasItems && shipping ? { net: shippingNet, gross: shippingGross } : null,
        paymentFee: hasItems && payment ? { net: paymentFeeNet, gross: paymentFeeGross } : null,
        total: { net: totalNet, gross: totalGross },
        catalogSum,
      },
      coupon: couponView,
      shippingMethodId: shipping?.id ?? null,
      paymentMethodId: payment?.id ?? null,
      freeShippingRemaining,
      freeShippingThreshold: terms.freeShippingThresholdNet,
      sparePartsCoveragePercent,
      messages,
    },
    terms,
    stored,
    lines,
    coupon,
    shippingOptions,
    paymentOptions,
    shipping,
    payment,
    totals: {
      itemsNet,
      itemsGross,
      discountNet,
      discountGross,
      shippingNet,
      shippingGross,
      paymentFeeNet,
      paymentFeeGross,
      totalNet,
      totalGross,
      catalogSumNet,
    },
    sparePartsCoveragePercent,
  }
}

/** Percent of ordered spare-part pieces covered, rounded down to 0.1; null when none ordered. */
export function coveragePercent(covered: number, ordered: number): number | null {
  return ordered === 0 ? null : Math.floor((covered / ordered) * 1000) / 10
}

/**
 * The owner's cart priced now (an empty one when it has none yet); with `checkout`, a stored cart
 * is priced as if those step fields were stored — to see what a country offers before choosing
 * it, or a step as it will be once saved.
 */
export async function priceOwnersCart(
  context: CartContext,
  owner: CartOwner,
  checkout?: Partial<StoredCheckout>,
): Promise<PricedCart> {
  const cart = await context.knownCart.find(owner)
  const rows = cart ? await loadCartLines(context.db, cart.id) : []
  const priced =
    cart && checkout
      ? { ...cart, checkout: { ...readStoredCheckout(cart.checkout), ...checkout } }
      : cart
  return priceCart(context, priced, rows)
}

/** Whether a coverage asks the buyer to choose (seed section 9: below 90 %). */
export function sparePartsChoiceNeeded(coverage: number | null): boolean {
  return coverage !== null && coverage < SPARE_PARTS_SHIP_THRESHOLD_PERCENT
}
