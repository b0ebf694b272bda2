import { z } from 'zod'
import { COUNTRIES } from '../commerce/countries.ts'
import { CURRENCIES } from '../commerce/currencies.ts'
import { OrderItemCoreSchema } from '../commerce/order-item.ts'
import { AddressSchema, ChangePasswordSchema, emailProblem } from './account-api.ts'

/**
 * The signed-in customer's own data (issue 7): profile, addresses, newsletter, GDPR export and
 * delete, order history. Paths are listed in `account-api.ts`; every route answers 401
 * (`auth.notLoggedIn`) without a customer session, and an id that is not the viewer's answers 404.
 * zod messages are translation keys (`validation.*`); rules that depend on the country (phone,
 * postcode) are checked by the server with `contact-formats.ts` and come back as 400
 * VALIDATION_ERROR with `errors: [{ path, message }]` like any other field error.
 */

const optional = (max = 200) => z.string().trim().max(max, 'validation.required').optional()
const required = (max = 200) =>
  z.string().trim().min(1, 'validation.required').max(max, 'validation.required')

// ── Profile ─────────────────────────────────────────────────────────────────────────────────

export const PartnerStatusSchema = z.enum(['pending', 'approved', 'rejected'])

export const MoneySchema = z.object({
  /** Minor units. */
  amount: z.number().int(),
  currency: z.enum(CURRENCIES),
})

/** GET/PUT /api/account/profile, PUT /api/account/newsletter → Profile. */
export const ProfileSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['customer', 'partner']),
  /** Format 74 XXXX YYY. */
  clientNumber: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  /** International format, e.g. +420 601 234 567. */
  phone: z.string(),
  /** The billing address's country: phone and postcode formats follow it. */
  country: z.enum(COUNTRIES),
  company: z.string().nullable(),
  tin: z.string().nullable(),
  vatId: z.string().nullable(),
  owner: z.string().nullable(),
  contactPerson: z.string().nullable(),
  website: z.string().nullable(),
  gps: z.string().nullable(),
  deliveryDiffers: z.boolean(),
  newsletter: z.object({
    subscribed: z.boolean(),
    /** ISO time the consent was given; null when not subscribed. */
    consentAt: z.string().nullable(),
    /** 'We send the newsletter at most twice a month.' in the request's language. */
    frequencyText: z.string(),
  }),
  /** Partners only. */
  partner: z
    .object({
      status: PartnerStatusSchema,
      /** Approved partners: their PriceList object's name. */
      priceListId: z.number().int().nullable(),
      priceListName: z.string().nullable(),
      invoiceMaturityDays: z.number().int().nullable(),
      creditLimit: MoneySchema.nullable(),
      /** Rejected partners: the shop's reason, if given. */
      rejectionReason: z.string().nullable(),
    })
    .nullable(),
})
export type Profile = z.infer<typeof ProfileSchema>

/** PUT /api/account/profile: personal and company data. The e-mail must stay unique. */
export const ProfileInputBaseSchema = z.object({
  email: z.string().trim().min(1, 'validation.contactEmail').max(200, 'validation.emailInvalid'),
  username: optional(100),
  firstName: required(),
  lastName: required(),
  phone: required(40),
  company: optional(),
  tin: optional(40),
  vatId: optional(40),
  owner: optional(),
  contactPerson: optional(),
  website: optional(300),
  gps: optional(60),
  deliveryDiffers: z.boolean().optional(),
})
/** Registration's e-mail rules (format, then invalid); the phone is checked by the server. */
export const ProfileInputSchema = ProfileInputBaseSchema.superRefine((value, ctx) => {
  const problem = emailProblem(value.email)
  if (problem) ctx.addIssue({ code: 'custom', path: ['email'], message: problem })
})
export type ProfileInput = z.input<typeof ProfileInputSchema>

/** PUT /api/account/password → 204; the current password re-authenticates, other sessions end. */
export { ChangePasswordSchema }
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>

/** PUT /api/account/newsletter → Profile (consent time recorded). */
export const NewsletterInputSchema = z.object({ newsletter: z.boolean() })
export type NewsletterInput = z.infer<typeof NewsletterInputSchema>

// ── Addresses ───────────────────────────────────────────────────────────────────────────────

export const AddressKindSchema = z.enum(['billing', 'delivery'])

/**
 * POST /api/account/addresses and PUT /api/account/addresses/{id}. `kind` is fixed once created:
 * POST makes delivery addresses (a billing address only when the account has none: else 409
 * `profile.billingExists`); the billing address is edited with PUT and cannot be deleted.
 * `isDefault` makes a delivery address the default one (the first delivery address always is).
 */
export const AddressUpsertSchema = AddressSchema.extend({
  kind: AddressKindSchema.default('delivery'),
  isDefault: z.boolean().optional(),
})
export type AddressUpsertInput = z.input<typeof AddressUpsertSchema>

export const CustomerAddressSchema = z.object({
  id: z.number().int(),
  kind: AddressKindSchema,
  name: z.string(),
  company: z.string().nullable(),
  street: z.string(),
  city: z.string(),
  postcode: z.string(),
  region: z.string().nullable(),
  country: z.enum(COUNTRIES),
  phone: z.string().nullable(),
  isDefault: z.boolean(),
})
export type CustomerAddress = z.infer<typeof CustomerAddressSchema>

/** GET /api/account/addresses. */
export const AddressesSchema = z.object({
  billing: CustomerAddressSchema.nullable(),
  /** The default first, then by creation. */
  delivery: z.array(CustomerAddressSchema),
})
export type Addresses = z.infer<typeof AddressesSchema>

// ── GDPR ────────────────────────────────────────────────────────────────────────────────────

/** POST /api/account/delete → 204; wrong password → 401 `auth.wrongPassword`. */
export const DeleteAccountSchema = z.object({
  password: z.string().min(1, 'validation.passwordRequired').max(1000),
})
export type DeleteAccountInput = z.infer<typeof DeleteAccountSchema>

// ── Orders ──────────────────────────────────────────────────────────────────────────────────

export const OrderSummarySchema = z.object({
  id: z.number().int(),
  number: z.string(),
  /** ISO time the order was placed. */
  date: z.string(),
  /** A status code (ORDER_STATUSES, or an old value this code does not know). */
  status: z.string(),
  /** The translation key to show it with: `orderStatus.{code}` or the seed's `order.unknownStatus`. */
  statusKey: z.string(),
  /** Minor units of `currency`. */
  totalNet: z.number().int(),
  totalGross: z.number().int(),
  /** The order's (original) currency. */
  currency: z.string(),
  /** PAYMENT_KINDS: 'bankTransfer' | 'cashOnDelivery' | 'invoice'. */
  paymentKind: z.string(),
  /** GET /api/account/orders/{id}/invoice.pdf for a partner's invoice order; null otherwise. */
  invoiceUrl: z.string().nullable(),
})
export type OrderSummary = z.infer<typeof OrderSummarySchema>

/** GET /api/account/orders, newest first; empty → { orders: [] } and the page shows `order.noOrders`. */
export const OrderListSchema = z.object({ orders: z.array(OrderSummarySchema) })
export type OrderList = z.infer<typeof OrderListSchema>

export const OrderItemSchema = OrderItemCoreSchema.extend({
  totalNet: z.number().int(),
  totalGross: z.number().int(),
  /** Pieces already in complaints (partners): a new complaint may claim at most the rest. */
  complainedQuantity: z.number().int(),
  /** The item's picture as the cart showed it; null when the product has none or is gone. */
  thumbnail: z.string().nullable(),
})
export type OrderItem = z.infer<typeof OrderItemSchema>

/** The address snapshot stored with an order (every field may be missing on old orders). */
export const OrderAddressSchema = z.object({
  name: z.string().optional(),
  company: z.string().optional(),
  street: z.string().optional(),
  city: z.string().optional(),
  postcode: z.string().optional(),
  region: z.string().optional(),
  country: z.string().optional(),
  phone: z.string().optional(),
  tin: z.string().optional(),
  vatId: z.string().optional(),
})
export type OrderAddress = z.infer<typeof OrderAddressSchema>

export const OrderPricePairSchema = z.object({ net: z.number().int(), gross: z.number().int() })

/** GET /api/account/orders/{id}: everything the order detail page shows (seed: Order labels). */
export const OrderDetailSchema = OrderSummarySchema.extend({
  clientNumber: z.string().nullable(),
  email: z.string(),
  name: z.string(),
  phone: z.string(),
  /** VAT percent the order was priced with (0 for partners priced without VAT). */
  vatPercent: z.number().int(),
  items: z.array(OrderItemSchema),
  /** Items after the discount. */
  itemsPrice: OrderPricePairSchema,
  /** Sum of the items' catalogue prices, without VAT. */
  catalogSumNet: z.number().int(),
  discount: OrderPricePairSchema,
  couponCode: z.string().nullable(),
  shipping: z.object({ name: z.string(), price: OrderPricePairSchema }),
  payment: z.object({ name: z.string(), fee: OrderPricePairSchema }),
  billingAddress: OrderAddressSchema,
  deliveryAddress: OrderAddressSchema,
  /** The buyer's comment. */
  comment: z.string(),
  /** Invoice payment: the due date (ISO date); null otherwise. */
  dueDate: z.string().nullable(),
  /** Every status the order went through, oldest first. */
  history: z.array(z.object({ status: z.string(), statusKey: z.string(), date: z.string() })),
})
export type OrderDetail = z.infer<typeof OrderDetailSchema>
