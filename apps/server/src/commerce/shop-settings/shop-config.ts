import type { LocalizedText } from '@optika/domain/catalogue/product-data'
import { COUNTRY_CURRENCY, type Country } from '@optika/domain/commerce/countries'
import type { Currency } from '@optika/domain/commerce/currencies'
import type { PaymentKind } from '@optika/domain/commerce/checkout-vocabulary'
import { localize } from '@optika/domain/i18n/localized-text'
import type { Locale } from '@optika/i18n/locales'
import { shippingRatesIn, type ShopSettings } from '../../platform/settings/shop-settings.ts'

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

export function countryConfigOf(settings: ShopSettings, country: Country): CountryConfig {
  const row = settings.countries.get(country)
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
export function quoteShipping(
  settings: ShopSettings,
  input: {
    readonly country: Country
    readonly postcode: string | null
    /** Items after discounts, without VAT: decides free shipping. */
    readonly itemsNet: number
    readonly locale: Locale
  },
): ShippingQuote[] {
  const config = countryConfigOf(settings, input.country)
  const free = input.itemsNet >= config.freeShippingThresholdNet
  return shippingRatesIn(settings, input.country).map(({ method, rate }) => ({
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
export function quotePayments(
  settings: ShopSettings,
  input: { readonly country: Country; readonly locale: Locale; readonly invoiceAllowed: boolean },
): PaymentQuote[] {
  return settings.payment
    .filter(({ rate }) => rate.country === input.country)
    .filter(({ method }) => method.kind !== 'invoice' || input.invoiceAllowed)
    .map(({ method, rate }) => ({
      id: method.id,
      kind: method.kind as PaymentKind,
      name: localize(method.name as LocalizedText, input.locale),
      description: localize(method.description as LocalizedText, input.locale),
      feeNet: rate.feeNet,
    }))
}
