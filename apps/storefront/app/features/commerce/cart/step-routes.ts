import type { CheckoutStep } from '@optika/domain/commerce/checkout-vocabulary'
import type { RouteName } from '@optika/domain/routing/routes'

/** The page of each step the buyer may be sent back to (the finished page needs an order number). */
export const STEP_ROUTE: Record<Exclude<CheckoutStep, 'finished'>, RouteName> = {
  cart: 'cart',
  shippingPayment: 'cartShippingPayment',
  finalCheck: 'cartConfirm',
}
