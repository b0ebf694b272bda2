import type { CheckoutStep } from '@optika/domain/commerce/checkout-api'
import type { RouteName } from '@optika/domain/routing/routes'

/**
 * The checkout's steps in order, as the domain's CHECKOUT_STEPS: repeated here so the pages'
 * browser code does not load the checkout contract's zod schemas only for this list.
 */
export const STEPS = [
  'cart',
  'shippingPayment',
  'finalCheck',
  'finished',
] as const satisfies readonly CheckoutStep[]

// A step the domain adds and this list lacks fails the type check here.
const everyStep: Exclude<CheckoutStep, (typeof STEPS)[number]> extends never ? true : never = true
void everyStep

/** The page of each step the buyer may be sent back to (the finished page needs an order number). */
export const STEP_ROUTE: Record<Exclude<CheckoutStep, 'finished'>, RouteName> = {
  cart: 'cart',
  shippingPayment: 'cartShippingPayment',
  finalCheck: 'cartConfirm',
}
