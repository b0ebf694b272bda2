import { isValidPostcode } from '@optika/domain/accounts/contact-formats'
import { ShippingPaymentSchema } from '@optika/domain/commerce/checkout-api'
import { type CheckoutStep } from '@optika/domain/commerce/checkout-vocabulary'
import type { z } from 'zod'
import type { PricedCart } from '../cart/price-cart.ts'
import type { StoredCheckout } from '../cart/checkout-data.ts'
import { nulCharacterPaths } from '../cart/nul-characters.ts'

export type ShippingPaymentData = z.output<typeof ShippingPaymentSchema>

/** A problem of the shipping-and-payment step: a field path and a translation key. */
export interface StepProblem {
  readonly path: string
  readonly key: string
}

/** The stored step data as the step's form would send it. */
function storedAsInput(stored: StoredCheckout): unknown {
  return {
    country: stored.country,
    shippingMethodId: stored.shippingMethodId ?? undefined,
    paymentMethodId: stored.paymentMethodId ?? undefined,
    contact: stored.contact ?? {},
    billing: stored.billing ?? {},
    deliveryDiffers: stored.deliveryDiffers ?? false,
    ...(stored.deliveryDiffers && stored.delivery ? { delivery: stored.delivery } : {}),
  }
}

/**
 * What the schema cannot see: text the database cannot store, postcodes in their country's
 * format, a delivery address when it differs and in the chosen country (VAT, shipping and
 * currency are that country's), and methods offered for the country (options already priced
 * for that country).
 */
export function shippingPaymentProblems(
  data: ShippingPaymentData,
  offers: Pick<PricedCart, 'shippingOptions' | 'paymentOptions'>,
): StepProblem[] {
  const problems: StepProblem[] = nulCharacterPaths(data).map((path) => ({
    path,
    key: 'server.badRequest',
  }))
  if (!isValidPostcode(data.billing.postcode, data.billing.country)) {
    problems.push({ path: 'billing.postcode', key: 'validation.zipFormat' })
  }
  if (data.deliveryDiffers) {
    if (!data.delivery) problems.push({ path: 'delivery', key: 'validation.required' })
    else if (!isValidPostcode(data.delivery.postcode, data.delivery.country)) {
      problems.push({ path: 'delivery.postcode', key: 'validation.zipFormat' })
    }
  }
  const deliveredTo = data.deliveryDiffers ? 'delivery' : 'billing'
  const deliveryCountry = data.deliveryDiffers ? data.delivery?.country : data.billing.country
  if (deliveryCountry !== undefined && deliveryCountry !== data.country) {
    problems.push({ path: `${deliveredTo}.country`, key: 'cartApi.deliveryOutsideCountry' })
  }
  if (!offers.shippingOptions.some((o) => o.id === data.shippingMethodId)) {
    problems.push({ path: 'shippingMethodId', key: 'cart.shippingMethodChanged' })
  }
  if (!offers.paymentOptions.some((o) => o.id === data.paymentMethodId)) {
    problems.push({ path: 'paymentMethodId', key: 'validation.paymentRequired' })
  }
  return problems
}

/** The stored step data when it is complete and valid for the cart's country, else null. */
export function completedShippingPayment(priced: PricedCart): ShippingPaymentData | null {
  const parsed = ShippingPaymentSchema.safeParse(storedAsInput(priced.stored))
  if (!parsed.success || parsed.data.country !== priced.cart.country) return null
  return shippingPaymentProblems(parsed.data, priced).length === 0 ? parsed.data : null
}

/** The furthest step the buyer may open now: no skipping ahead. */
export function reachableStepOf(priced: PricedCart): CheckoutStep {
  if (priced.lines.length === 0) return 'cart'
  return completedShippingPayment(priced) ? 'finalCheck' : 'shippingPayment'
}
