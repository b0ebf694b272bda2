import { hasPartnerTerms, isSignedIn, type Viewer } from '@optika/domain/accounts/viewer'
import {
  COUNTRY_CURRENCY,
  COUNTRY_VAT_PERCENT,
  LOCALE_COUNTRY,
  type Country,
} from '@optika/domain/commerce/countries'
import type { Currency } from '@optika/domain/commerce/currencies'
import type { PriceListData } from '@optika/domain/catalogue/product-data'
import type { ProductListPrice } from '@optika/domain/catalogue/product-list-api'
import type { Locale } from '@optika/i18n/locales'
import { BASE_PRICE_LIST } from '../product-index/build-index-rows.ts'

/** Which prices a viewer sees: a price list (index key), a currency, and VAT or not. */
export interface Pricing {
  readonly priceList: string
  readonly currency: Currency
  /** Percent added for customers; 0 for partners, who see prices without VAT. */
  readonly vatPercent: number
}

/**
 * The country a visitor shops in: the delivery country chosen in the cart (put on the viewer by
 * `commerce/cart/visitor-country.ts`), else the customer's own, else the page language's. Every
 * price — lists, home, search, product page, cart — takes its currency from it (decision 024).
 */
export function visitorCountryOf(viewer: Viewer, locale: Locale): Country {
  return viewer.country ?? LOCALE_COUNTRY[locale]
}

/**
 * The retail price a guest pays in a one-time purchase without registration: the shop's prices
 * in the visitor's country's currency with its VAT, as the cart charges them. Shown only where a
 * guest can commit to buying (the product page, the cart), never on list tiles (decision 024).
 */
export function guestRetailPricing(country: Country, vatPercent: number): Pricing {
  return { priceList: BASE_PRICE_LIST, currency: COUNTRY_CURRENCY[country], vatPercent }
}

/**
 * Seed section 6: anonymous visitors see no prices (null). Customers see the shop's prices with
 * their country's VAT in its currency; approved partners their price list without VAT (the
 * shop's own prices without VAT where the list has none).
 */
export function pricingFor(
  viewer: Viewer,
  locale: Locale,
  priceList: { id: number; data: PriceListData } | null,
): Pricing | null {
  if (!isSignedIn(viewer)) return null
  const country = visitorCountryOf(viewer, locale)
  if (hasPartnerTerms(viewer)) {
    return priceList
      ? { priceList: String(priceList.id), currency: priceList.data.currency, vatPercent: 0 }
      : { priceList: BASE_PRICE_LIST, currency: COUNTRY_CURRENCY[country], vatPercent: 0 }
  }
  return {
    priceList: BASE_PRICE_LIST,
    currency: COUNTRY_CURRENCY[country],
    vatPercent: COUNTRY_VAT_PERCENT[country],
  }
}

interface IndexPrice {
  readonly catalog?: unknown
  readonly action?: unknown
  readonly final?: unknown
}
type IndexPrices = Record<string, Record<string, IndexPrice> | undefined>

const amount = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined

/** A tile's price from `product_index.prices`; undefined when the product has none to show. */
export function priceOf(prices: unknown, pricing: Pricing): ProductListPrice | undefined {
  const byList = (prices && typeof prices === 'object' ? prices : {}) as IndexPrices
  const entry =
    byList[pricing.priceList]?.[pricing.currency] ?? byList[BASE_PRICE_LIST]?.[pricing.currency]
  const catalog = amount(entry?.catalog)
  if (!entry || catalog === undefined) return undefined
  const action = amount(entry.action)
  // Amounts are integers in minor units; VAT is added and rounded to a whole minor unit.
  const gross = (net: number) => Math.round((net * (100 + pricing.vatPercent)) / 100)
  const discounted = action !== undefined && action < catalog
  return {
    currency: pricing.currency,
    final: gross(action ?? catalog),
    catalog: gross(catalog),
    ...(action === undefined ? {} : { action: gross(action) }),
    ...(discounted ? { discountPercent: Math.round(((catalog - action) / catalog) * 100) } : {}),
    withVat: pricing.vatPercent > 0,
  }
}
