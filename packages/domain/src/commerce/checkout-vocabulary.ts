/**
 * The checkout's vocabulary, without zod: the pages' browser code imports it, and the checkout
 * contract (checkout-api.ts) builds its schemas on it.
 */
export const PAYMENT_KINDS = ['bankTransfer', 'cashOnDelivery', 'invoice'] as const
export type PaymentKind = (typeof PAYMENT_KINDS)[number]

export const CHECKOUT_STEPS = ['cart', 'shippingPayment', 'finalCheck', 'finished'] as const
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number]

/** What the buyer decides when fewer than 90 % of the ordered spare-part pieces are in stock. */
export const SPARE_PARTS_CHOICES = ['shipAvailable', 'waitForAll'] as const
export type SparePartsChoice = (typeof SPARE_PARTS_CHOICES)[number]

/** Seed section 9: at 90 % or more of the spare-part pieces in stock the order ships as is. */
export const SPARE_PARTS_SHIP_THRESHOLD_PERCENT = 90
