import { z } from 'zod'
import { IdSchema } from '../ids.ts'
import { AddressSchema } from '../accounts/account-api.ts'
import { CartSchema, PricePairSchema } from './cart-api.ts'
import { COUNTRIES } from './countries.ts'
import { CHECKOUT_STEPS, PAYMENT_KINDS, SPARE_PARTS_CHOICES } from './checkout-vocabulary.ts'

/**
 * The checkout (issue 8). Steps: cart → shipping and payment → final check → finished order.
 * Pages call the same services as these JSON calls:
 * - GET  /api/checkout                      → CheckoutState
 * - PUT  /api/checkout/country              { country } → CheckoutState (re-prices; an invalid
 *                                           shipping method is dropped with 'cart.shippingMethodChanged')
 * - PUT  /api/checkout/shipping-payment     ShippingPaymentInput → CheckoutState
 * - POST /api/checkout/place-order          PlaceOrderInput + header Idempotency-Key → 201 PlacedOrder
 *                                           (409 PRICE_CHANGED with the new cart; 409 the seed's
 *                                           stock messages; 422 CHECKOUT_INCOMPLETE naming the step)
 * - GET  /api/checkout/orders/{number}?token=…  → PlacedOrder (the finished page of a guest)
 */

const methodChoice = (required: string, onlyOne: string) =>
  z
    .preprocess(
      (value) => (value === '' || value === null ? undefined : value),
      z.union([IdSchema, z.array(IdSchema)], {
        error: required,
      }),
    )
    .transform((value, ctx) => {
      if (!Array.isArray(value)) return value
      if (value.length === 1 && value[0] !== undefined) return value[0]
      ctx.addIssue({ code: 'custom', message: value.length === 0 ? required : onlyOne })
      return z.NEVER
    })

/** PUT /api/checkout/country */
export const CheckoutCountrySchema = z.object({ country: z.enum(COUNTRIES, 'validation.required') })
export type CheckoutCountryInput = z.infer<typeof CheckoutCountrySchema>

/** GET /api/checkout/orders/{number}?token=… */
export const FinishedOrderParamsSchema = z.object({ number: z.string().min(1).max(40) })
export const FinishedOrderQuerySchema = z.object({ token: z.string().max(200).optional() })

export const ContactSchema = z.object({
  // Required first: an empty e-mail is missing, not in a wrong format.
  email: z
    .string()
    .trim()
    .min(1, { error: 'validation.required', abort: true })
    .pipe(z.email('validation.emailFormat').max(254, 'validation.emailFormat')),
  phone: z.string().trim().min(1, 'validation.required').max(40),
  name: z.string().trim().min(1, 'validation.required').max(200),
})

/** PUT /api/checkout/shipping-payment; the form of /cart/shipping-payment posts the same. */
export const ShippingPaymentSchema = z.object({
  country: z.enum(COUNTRIES, 'validation.required'),
  shippingMethodId: methodChoice('validation.shippingRequired', 'validation.oneShippingOnly'),
  paymentMethodId: methodChoice('validation.paymentRequired', 'validation.onePaymentOnly'),
  contact: ContactSchema,
  billing: AddressSchema,
  deliveryDiffers: z.boolean().default(false),
  delivery: AddressSchema.optional(),
})
export type ShippingPaymentInput = z.input<typeof ShippingPaymentSchema>

/** POST /api/checkout/place-order; the form of /cart/confirm posts the same. */
export const PlaceOrderSchema = z.object({
  agreeTerms: z.literal(true, 'validation.termsRequired'),
  agreeDataProcessing: z.literal(true, 'validation.dataProcessingRequired'),
  comment: z.string().trim().max(2000).default(''),
  sparePartsChoice: z.enum(SPARE_PARTS_CHOICES).optional(),
  /** The final price (gross) the buyer saw; a different current price answers 409 PRICE_CHANGED. */
  expectedTotal: z.number().int().nonnegative(),
})
export type PlaceOrderInput = z.input<typeof PlaceOrderSchema>

export const ShippingOptionSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  zipBased: z.boolean(),
  /** Price for this cart (after free shipping and the postcode); null when prices are hidden. */
  price: PricePairSchema.nullable(),
  deliveryDays: z.object({ min: z.number().int(), max: z.number().int() }),
})

export const PaymentOptionSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PAYMENT_KINDS),
  name: z.string(),
  description: z.string(),
  fee: PricePairSchema.nullable(),
})

export const CheckoutStateSchema = z.object({
  cart: CartSchema,
  /** The furthest step the buyer may open now (no skipping). */
  reachableStep: z.enum(CHECKOUT_STEPS),
  countries: z.array(
    z.object({
      code: z.enum(COUNTRIES),
      name: z.string(),
      regions: z.array(z.object({ code: z.string(), name: z.string() })),
    }),
  ),
  shippingOptions: z.array(ShippingOptionSchema),
  paymentOptions: z.array(PaymentOptionSchema),
  /** What the steps collected so far (prefilled from the customer's profile). */
  data: z.object({
    country: z.enum(COUNTRIES),
    shippingMethodId: z.number().int().nullable(),
    paymentMethodId: z.number().int().nullable(),
    contact: ContactSchema.partial(),
    billing: AddressSchema.partial(),
    deliveryDiffers: z.boolean(),
    delivery: AddressSchema.partial().nullable(),
  }),
  /** The buyer must choose (spare parts below 90 % in stock). */
  sparePartsChoiceNeeded: z.boolean(),
})
export type CheckoutState = z.infer<typeof CheckoutStateSchema>

export const PaymentQrSchema = z.object({
  /** 'spayd' (CZK, Czech banks) or 'epc' (EUR, SEPA). */
  format: z.enum(['spayd', 'epc']),
  payload: z.string(),
  /** The QR code as an SVG document. */
  svg: z.string(),
})

export const PlacedOrderSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.string(),
  currency: z.string(),
  total: PricePairSchema,
  paymentKind: z.enum(PAYMENT_KINDS),
  /** Bank details and QR code for bank transfer; null otherwise. */
  bankTransfer: z
    .object({
      accountName: z.string(),
      iban: z.string(),
      bic: z.string(),
      variableSymbol: z.string(),
      amount: z.number().int(),
      qr: PaymentQrSchema.nullable(),
    })
    .nullable(),
  /** Invoice payment: the due date (ISO date). */
  dueDate: z.string().nullable(),
  /** The finished-order page (for a guest it carries the access token). */
  finishedUrl: z.string(),
})
export type PlacedOrder = z.infer<typeof PlacedOrderSchema>
