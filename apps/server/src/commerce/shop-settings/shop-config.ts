import { and, asc, eq } from 'drizzle-orm'
import type { LocalizedText } from '@optika/domain/catalogue/product-data'
import { COUNTRY_CURRENCY, type Country } from '@optika/domain/commerce/countries'
import type { Currency } from '@optika/domain/commerce/currencies'
import type { PaymentKind } from '@optika/domain/commerce/checkout-vocabulary'
import { localize } from '@optika/domain/i18n/localized-text'
import type { Locale } from '@optika/i18n/locales'
import type { Db } from '../../platform/db/client.ts'
import {
  countrySettings,
  paymentMethods,
  paymentRates,
  shippingMethods,
  shippingRates,
} from '../../platform/db/schema/commerce.ts'

/**
 * The shop's configuration as the cart and checkout read it (the back office edits it under
 * /admin/shop): VAT and free shipping per country, shipping and payment methods with their
 * prices. Amounts are minor units of the country's currency, without VAT.
 */
export interface CountryConfig {
  readonly country: Country
  readonly currency: Currency
  readonly vatPercent: number
  readonly freeShippingThresholdNet: number
}

export async function loadCountryConfig(db: Db, country: Country): Promise<CountryConfig> {
  const [row] = await db.select().from(countrySettings).where(eq(countrySettings.country, country))
  return {
    country,
    currency: COUNTRY_CURRENCY[country],
    vatPercent: row?.vatPercent ?? 0,
    freeShippingThresholdNet: row?.freeShippingThresholdNet ?? Number.MAX_SAFE_INTEGER,
  }
}

export interface PostcodeRule {
  readonly prefix: string
  readonly priceNet: number
}

export interface ShippingQuote {
  readonly id: number
  readonly code: string
  readonly name: string
  readonly description: string
  readonly zipBased: boolean
  /** After free shipping (0 at or above the threshold) and the postcode rules. */
  readonly priceNet: number
  readonly deliveryDays: { readonly min: number; readonly max: number }
}

/** The price of a zip-based method for `postcode`: the longest matching prefix, else the base price. */
export function priceForPostcode(
  basePriceNet: number,
  rules: readonly PostcodeRule[],
  postcode: string | null,
): number {
  // Prefixes are digits; postcodes are written with a space (CZ, SK) or a dash (PL '31-042').
  const digits = (postcode ?? '').replace(/\D/g, '')
  let best: PostcodeRule | undefined
  for (const rule of rules) {
    if (digits.startsWith(rule.prefix) && (!best || rule.prefix.length > best.prefix.length)) {
      best = rule
    }
  }
  return best ? best.priceNet : basePriceNet
}

/** The active shipping methods offered in `country`, priced for this order. */
export async function quoteShipping(
  db: Db,
  input: {
    readonly country: Country
    readonly postcode: string | null
    /** Items after discounts, without VAT: decides free shipping. */
    readonly itemsNet: number
    readonly locale: Locale
  },
): Promise<ShippingQuote[]> {
  const config = await loadCountryConfig(db, input.country)
  const rows = await db
    .select({ method: shippingMethods, rate: shippingRates })
    .from(shippingMethods)
    .innerJoin(shippingRates, eq(shippingRates.methodId, shippingMethods.id))
    .where(and(eq(shippingMethods.active, true), eq(shippingRates.country, input.country)))
    .orderBy(asc(shippingMethods.position), asc(shippingMethods.id))
  const free = input.itemsNet >= config.freeShippingThresholdNet
  return rows.map(({ method, rate }) => ({
    id: method.id,
    code: method.code,
    name: localize(method.name as LocalizedText, input.locale),
    description: localize(method.description as LocalizedText, input.locale),
    zipBased: method.zipBased,
    priceNet: free
      ? 0
      : method.zipBased
        ? priceForPostcode(rate.priceNet, rate.postcodeRules as PostcodeRule[], input.postcode)
        : rate.priceNet,
    deliveryDays: { min: rate.deliveryDaysMin, max: rate.deliveryDaysMax },
  }))
}

export interface PaymentQuote {
  readonly id: number
  readonly kind: PaymentKind
  readonly name: string
  readonly description: string
  readonly feeNet: number
}

/** The active payment methods offered in `country`; invoice only when `invoiceAllowed`. */
export async function quotePayments(
  db: Db,
  input: { readonly country: Country; readonly locale: Locale; readonly invoiceAllowed: boolean },
): Promise<PaymentQuote[]> {
  const rows = await db
    .select({ method: paymentMethods, rate: paymentRates })
    .from(paymentMethods)
    .innerJoin(paymentRates, eq(paymentRates.methodId, paymentMethods.id))
    .where(and(eq(paymentMethods.active, true), eq(paymentRates.country, input.country)))
    .orderBy(asc(paymentMethods.position), asc(paymentMethods.id))
  return rows
    .filter(({ method }) => method.kind !== 'invoice' || input.invoiceAllowed)
    .map(({ method, rate }) => ({
      id: method.id,
      kind: method.kind as PaymentKind,
      name: localize(method.name as LocalizedText, input.locale),
      description: localize(method.description as LocalizedText, input.locale),
      feeNet: rate.feeNet,
    }))
}
