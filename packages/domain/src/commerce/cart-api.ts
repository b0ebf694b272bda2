import { z } from 'zod'
import { BigIdParamsSchema, BigIdSchema } from '../ids.ts'
import { AVAILABILITY_STATES, ORDERABILITY } from '../catalogue/availability.ts'
import { QUANTITY_CEILING } from '../catalogue/quantity-rules.ts'
import { COUNTRIES } from './countries.ts'
import { CURRENCIES } from './currencies.ts'

export const QuantityRulesSchema = z.object({
  min: z.number().int().positive(),
  step: z.number().int().positive(),
  max: z.number().int().positive().nullable(),
})

/** The quantity field of a cart call: a whole number 1…9999; the product's own rules come after. */
export const QuantitySchema = z
  .number({ error: 'validation.required' })
  .int('validation.quantityWhole')
  .min(1, 'quantity.belowMinimum')
  .max(QUANTITY_CEILING, 'quantity.aboveMaximum')

/** POST /api/pridat-do-kosiku — `productId`: a colour variant, or a product without variants. */
export const AddToCartSchema = z.object({
  productId: BigIdSchema,
  quantity: QuantitySchema,
})
export type AddToCart = z.infer<typeof AddToCartSchema>

/** PUT /api/update-quantity/{id} — {id} is the cart item's id. */
export const UpdateCartQuantitySchema = z.object({ quantity: QuantitySchema })
export type UpdateCartQuantity = z.infer<typeof UpdateCartQuantitySchema>

/** The {id} path parameter of /api/update-quantity/{id} and /api/remove/{id}. */
export const CartItemIdParamsSchema = BigIdParamsSchema

/** The {orderId} path parameter of POST /api/kosik/reorder/{orderId} (signed-in customers only). */
export const ReorderParamsSchema = z.object({ orderId: BigIdSchema })

/** POST /api/kosik/coupon — a voucher code, any case. DELETE /api/kosik/coupon removes it. */
export const ApplyCouponSchema = z.object({
  code: z.string().trim().min(1, 'validation.required').max(64),
})
export type ApplyCoupon = z.infer<typeof ApplyCouponSchema>

/** An amount with and without VAT, in minor units of the cart's currency. */
export const PricePairSchema = z.object({ net: z.number().int(), gross: z.number().int() })
export type PricePair = z.infer<typeof PricePairSchema>

export const CartItemSchema = z.object({
  /** The cart item's id (for update-quantity and remove). */
  id: z.number().int(),
  /** The variant or product put in the cart. */
  productId: z.number().int(),
  /** The product the variant belongs to (its page). */
  parentProductId: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** Colour name of a variant; null for a product without variants. */
  variantName: z.string().nullable(),
  url: z.string(),
  thumbnail: z.string().nullable(),
  quantity: z.number().int(),
  rules: QuantityRulesSchema,
  availability: z.enum(AVAILABILITY_STATES),
  orderability: z.enum(ORDERABILITY),
  /** A spare part: the 90 % rule decides how a shortage ships (seed section 9). */
  sparePart: z.boolean(),
  /** Unit price after the action price, before coupons. */
  unitPrice: PricePairSchema.nullable(),
  /** Catalogue unit price (shown struck through when higher than unitPrice). */
  catalogUnitPrice: PricePairSchema.nullable(),
  linePrice: PricePairSchema.nullable(),
})
export type CartItem = z.infer<typeof CartItemSchema>

/** A message the cart shows (translated text + its key, for tests and icons). */
export const CartMessageSchema = z.object({
  key: z.string(),
  text: z.string(),
  /** The cart item it is about, when it is about one. */
  itemId: z.number().int().nullable(),
})
export type CartMessage = z.infer<typeof CartMessageSchema>

export const CartTotalsSchema = z.object({
  /** Items at their unit prices. */
  items: PricePairSchema.nullable(),
  /** Coupon discount (positive amount subtracted). */
  discount: PricePairSchema.nullable(),
  shipping: PricePairSchema.nullable(),
  paymentFee: PricePairSchema.nullable(),
  /** Final price: items − discount + shipping + payment fee. */
  total: PricePairSchema.nullable(),
  /** Sum of catalogue prices (seed: catalog-price sum). */
  catalogSum: PricePairSchema.nullable(),
})

/**
 * The whole cart, as every cart call answers it. The cart shows prices to everybody, guests too:
 * the catalogue hides them from anonymous visitors (seed section 6), but a guest purchase must
 * show what the buyer pays before the order (decision 018). A price is null only where the
 * product has none in the cart's currency.
 */
export const CartSchema = z.object({
  items: z.array(CartItemSchema),
  itemCount: z.number().int(),
  currency: z.enum(CURRENCIES),
  country: z.enum(COUNTRIES),
  /**
   * VAT percent applied to gross amounts. Approved partners: 0 under the B2B reverse charge (a
   * VAT ID and a delivery country other than the shop's, CZ), else the country's rate.
   */
  vatPercent: z.number(),
  /** False for approved partners: their pages show net prices first (decision 018). */
  pricesWithVat: z.boolean(),
  totals: CartTotalsSchema,
  coupon: z
    .object({
      code: z.string(),
      /** What it gives, e.g. '10 %' or '200 Kč', already formatted. */
      label: z.string(),
      discount: PricePairSchema.nullable(),
    })
    .nullable(),
  shippingMethodId: z.number().int().nullable(),
  paymentMethodId: z.number().int().nullable(),
  /** Remaining (without VAT) to free shipping; 0 when reached. */
  freeShippingRemaining: z.number().int().nullable(),
  freeShippingThreshold: z.number().int(),
  /** Spare parts: share of ordered pieces in stock (0–100); null without spare parts. */
  sparePartsCoveragePercent: z.number().nullable(),
  messages: z.array(CartMessageSchema),
})
export type Cart = z.infer<typeof CartSchema>
