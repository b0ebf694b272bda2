import { z } from 'zod'
import { BigIdSchema } from '../ids.ts'
import { COUNTRIES } from './countries.ts'
import { CURRENCIES } from './currencies.ts'
import { PAYMENT_KINDS } from './checkout-vocabulary.ts'

/**
 * The back office's shop configuration API (issue 8). Amounts are minor units without VAT, in
 * the currency of the country (rates) or of the series (amount vouchers). Countries, shipping and
 * payment need the `shippingPayment` key, vouchers `coupons`, stock `orders`.
 *
 * - GET    /admin/shop/countries                       → CountrySettingList
 * - PUT    /admin/shop/countries/{country}             CountrySettingInput → CountrySetting
 * - GET    /admin/shop/shipping-methods                → ShippingMethodList
 * - POST   /admin/shop/shipping-methods                ShippingMethodInput → ShippingMethod
 * - PUT    /admin/shop/shipping-methods/{id}           ShippingMethodInput → ShippingMethod
 * - DELETE /admin/shop/shipping-methods/{id}           → { deleted: true }
 * - GET    /admin/shop/payment-methods                 → PaymentMethodList
 * - POST   /admin/shop/payment-methods                 PaymentMethodInput → PaymentMethod
 * - PUT    /admin/shop/payment-methods/{id}            PaymentMethodInput → PaymentMethod
 * - DELETE /admin/shop/payment-methods/{id}            → { deleted: true }
 * - GET    /admin/shop/voucher-categories              → CategoryOption[] (for the series editor)
 * - GET    /admin/shop/voucher-series                  → VoucherSeriesList
 * - POST   /admin/shop/voucher-series                  VoucherSeriesInput → VoucherSeries
 * - PUT    /admin/shop/voucher-series/{id}             VoucherSeriesInput → VoucherSeries
 * - DELETE /admin/shop/voucher-series/{id}             → { deleted: true }
 * - GET    /admin/shop/voucher-series/{id}/codes       VoucherCodeQuery → VoucherCodeList
 * - POST   /admin/shop/voucher-series/{id}/codes       { code } → VoucherCode
 * - POST   /admin/shop/voucher-series/{id}/generate    { count, prefix } → { created }
 * - GET    /admin/shop/voucher-series/{id}/codes.csv   → CSV (code, used, limit)
 * - GET    /admin/shop/stock                           StockQuery → StockList
 * - PUT    /admin/shop/stock/{objectId}                { quantity } → StockItem
 */

/** Most codes one generate request may create. */
export const MAX_GENERATED_CODES = 10_000
/** Letters and digits a person cannot confuse (no 0/O, 1/I/L): generated code bodies use these. */
export const VOUCHER_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'
export const GENERATED_CODE_LENGTH = 8
export const VOUCHER_KINDS = ['percent', 'amount'] as const
export type VoucherKind = (typeof VOUCHER_KINDS)[number]

/** PUT /admin/shop/stock/{objectId} — a product or variant (an object). */
export const ObjectIdParamsSchema = z.object({ objectId: BigIdSchema })
export const CountryParamsSchema = z.object({ country: z.enum(COUNTRIES) })

const minor = z.number().int().min(0, 'admin.shop.validation.nonNegative').max(1e12)
const required = (max: number) =>
  z.string().trim().min(1, 'validation.required').max(max, 'admin.shop.validation.tooLong')

/** A name in each of the six languages (every one required). */
export const FullLocalizedTextSchema = z.object({
  cs: required(200),
  en: required(200),
  hu: required(200),
  pl: required(200),
  ro: required(200),
  sk: required(200),
})
const optionalText = z.string().trim().max(500, 'admin.shop.validation.tooLong').default('')
/** A description; languages may be left empty. */
export const LocalizedDescriptionSchema = z.object({
  cs: optionalText,
  en: optionalText,
  hu: optionalText,
  pl: optionalText,
  ro: optionalText,
  sk: optionalText,
})

const uniqueCountries = <T extends { country: string }>(rows: T[]) =>
  new Set(rows.map((r) => r.country)).size === rows.length
const methodCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_-]{0,49}$/, 'admin.shop.validation.codeFormat')

// ── Countries ───────────────────────────────────────────────────────────────────────────────

export const CountrySettingSchema = z.object({
  country: z.enum(COUNTRIES),
  currency: z.enum(CURRENCIES),
  vatPercent: z.number().int(),
  freeShippingThresholdNet: z.number().int(),
})
export type CountrySetting = z.infer<typeof CountrySettingSchema>
export const CountrySettingListSchema = z.object({ items: z.array(CountrySettingSchema) })
export type CountrySettingList = z.infer<typeof CountrySettingListSchema>

export const CountrySettingInputSchema = z.object({
  vatPercent: z
    .number()
    .int()
    .min(0, 'admin.shop.validation.vatRange')
    .max(100, 'admin.shop.validation.vatRange'),
  freeShippingThresholdNet: minor,
})
export type CountrySettingInput = z.infer<typeof CountrySettingInputSchema>

// ── Shipping ────────────────────────────────────────────────────────────────────────────────

export const PostcodeRuleSchema = z.object({
  prefix: z
    .string()
    .trim()
    .regex(/^\d{1,5}$/, 'admin.shop.validation.prefixDigits'),
  priceNet: minor,
})
export type PostcodeRuleInput = z.infer<typeof PostcodeRuleSchema>

export const ShippingRateSchema = z
  .object({
    country: z.enum(COUNTRIES),
    priceNet: minor,
    postcodeRules: z
      .array(PostcodeRuleSchema)
      .max(200)
      .default([])
      .refine(
        (rules) => new Set(rules.map((r) => r.prefix)).size === rules.length,
        'admin.shop.validation.prefixUnique',
      ),
    deliveryDaysMin: z.number().int().min(0, 'admin.shop.validation.nonNegative').max(60),
    deliveryDaysMax: z.number().int().min(0, 'admin.shop.validation.nonNegative').max(60),
  })
  .refine((r) => r.deliveryDaysMax >= r.deliveryDaysMin, {
    message: 'admin.shop.validation.daysOrder',
    path: ['deliveryDaysMax'],
  })
export type ShippingRate = z.infer<typeof ShippingRateSchema>

export const ShippingMethodInputSchema = z.object({
  code: methodCode,
  name: FullLocalizedTextSchema,
  description: LocalizedDescriptionSchema,
  zipBased: z.boolean(),
  position: z.number().int().min(0).max(10_000).default(0),
  active: z.boolean(),
  rates: z
    .array(ShippingRateSchema)
    .max(COUNTRIES.length)
    .refine(uniqueCountries, 'admin.shop.validation.countryUnique'),
})
export type ShippingMethodInput = z.input<typeof ShippingMethodInputSchema>

export const ShippingMethodSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: FullLocalizedTextSchema,
  description: LocalizedDescriptionSchema,
  zipBased: z.boolean(),
  position: z.number().int(),
  active: z.boolean(),
  rates: z.array(
    z.object({
      country: z.enum(COUNTRIES),
      priceNet: z.number().int(),
      postcodeRules: z.array(z.object({ prefix: z.string(), priceNet: z.number().int() })),
      deliveryDaysMin: z.number().int(),
      deliveryDaysMax: z.number().int(),
    }),
  ),
})
export type ShippingMethod = z.infer<typeof ShippingMethodSchema>
export const ShippingMethodListSchema = z.object({ items: z.array(ShippingMethodSchema) })
export type ShippingMethodList = z.infer<typeof ShippingMethodListSchema>

// ── Payment ─────────────────────────────────────────────────────────────────────────────────

export const PaymentMethodInputSchema = z.object({
  code: methodCode,
  kind: z.enum(PAYMENT_KINDS),
  name: FullLocalizedTextSchema,
  description: LocalizedDescriptionSchema,
  position: z.number().int().min(0).max(10_000).default(0),
  active: z.boolean(),
  rates: z
    .array(z.object({ country: z.enum(COUNTRIES), feeNet: minor }))
    .max(COUNTRIES.length)
    .refine(uniqueCountries, 'admin.shop.validation.countryUnique'),
})
export type PaymentMethodInput = z.input<typeof PaymentMethodInputSchema>

export const PaymentMethodSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(PAYMENT_KINDS),
  name: FullLocalizedTextSchema,
  description: LocalizedDescriptionSchema,
  position: z.number().int(),
  active: z.boolean(),
  rates: z.array(z.object({ country: z.enum(COUNTRIES), feeNet: z.number().int() })),
})
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>
export const PaymentMethodListSchema = z.object({ items: z.array(PaymentMethodSchema) })
export type PaymentMethodList = z.infer<typeof PaymentMethodListSchema>

// ── Vouchers ────────────────────────────────────────────────────────────────────────────────

export const CategoryOptionSchema = z.object({ id: z.number().int(), label: z.string() })
export type CategoryOption = z.infer<typeof CategoryOptionSchema>

export const VoucherSeriesInputSchema = z
  .object({
    name: required(200),
    kind: z.enum(VOUCHER_KINDS),
    /** Percent 1–100, or minor units of `currency`. */
    value: z.number().int().min(1, 'admin.shop.validation.positive').max(1e9),
    currency: z.enum(CURRENCIES).nullable(),
    validFrom: z.iso.datetime({ offset: true }).nullable(),
    validTo: z.iso.datetime({ offset: true }).nullable(),
    usageLimit: z.number().int().min(1, 'admin.shop.validation.positive').max(1e9).nullable(),
    minOrderNet: minor.nullable(),
    categoryIds: z.array(BigIdSchema).max(200),
    active: z.boolean(),
  })
  .superRefine((s, ctx) => {
    if (s.kind === 'percent' && s.value > 100) {
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: 'admin.shop.validation.percentRange',
      })
    }
    if (s.kind === 'amount' && s.currency === null) {
      ctx.addIssue({ code: 'custom', path: ['currency'], message: 'validation.required' })
    }
    if (s.validFrom && s.validTo && Date.parse(s.validTo) < Date.parse(s.validFrom)) {
      ctx.addIssue({
        code: 'custom',
        path: ['validTo'],
        message: 'admin.shop.validation.dateOrder',
      })
    }
  })
export type VoucherSeriesInput = z.infer<typeof VoucherSeriesInputSchema>

export const VoucherSeriesSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(VOUCHER_KINDS),
  value: z.number().int(),
  currency: z.enum(CURRENCIES).nullable(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  usageLimit: z.number().int().nullable(),
  minOrderNet: z.number().int().nullable(),
  categoryIds: z.array(z.number().int()),
  active: z.boolean(),
  codeCount: z.number().int(),
  usedCount: z.number().int(),
  createdAt: z.string(),
})
export type VoucherSeries = z.infer<typeof VoucherSeriesSchema>
export const VoucherSeriesListSchema = z.object({ items: z.array(VoucherSeriesSchema) })
export type VoucherSeriesList = z.infer<typeof VoucherSeriesListSchema>

export const VoucherCodeInputSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{3,40}$/, 'admin.shop.validation.voucherCodeFormat'),
})
export const GenerateCodesInputSchema = z.object({
  count: z
    .number()
    .int()
    .min(1, 'admin.shop.validation.positive')
    .max(MAX_GENERATED_CODES, 'admin.shop.validation.tooMany'),
  prefix: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{0,12}$/, 'admin.shop.validation.prefixFormat')
    .default(''),
})
export type GenerateCodesInput = z.input<typeof GenerateCodesInputSchema>

export const VoucherCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  usedCount: z.number().int(),
  createdAt: z.string(),
})
export type VoucherCode = z.infer<typeof VoucherCodeSchema>
export const VoucherCodeQuerySchema = z.object({
  q: z.string().trim().max(60).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
})
export type VoucherCodeQuery = z.input<typeof VoucherCodeQuerySchema>
export const VoucherCodeListSchema = z.object({
  items: z.array(VoucherCodeSchema),
  total: z.number().int(),
})
export type VoucherCodeList = z.infer<typeof VoucherCodeListSchema>

// ── Stock ───────────────────────────────────────────────────────────────────────────────────

export const StockQuerySchema = z.object({
  /** Code or product name. */
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
})
export type StockQuery = z.input<typeof StockQuerySchema>
export const StockItemSchema = z.object({
  objectId: z.number().int(),
  code: z.string(),
  productName: z.string(),
  colour: z.string().nullable(),
  quantity: z.number().int(),
})
export type StockItem = z.infer<typeof StockItemSchema>
export const StockListSchema = z.object({
  items: z.array(StockItemSchema),
  total: z.number().int(),
})
export type StockList = z.infer<typeof StockListSchema>
export const StockInputSchema = z.object({
  quantity: z
    .number()
    .int()
    .min(0, 'admin.shop.validation.nonNegative')
    .max(1_000_000_000, 'admin.shop.validation.tooMany'),
})
