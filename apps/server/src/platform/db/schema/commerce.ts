import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { objects } from './elements.ts'
import { customers } from './users.ts'

/** Pieces on hand per sellable object (a variant, or a product without variants). Never negative. */
export const stockLevels = pgTable(
  'stock_levels',
  {
    objectId: bigint({ mode: 'number' })
      .primaryKey()
      .references(() => objects.id, { onDelete: 'cascade' }),
    quantity: integer().notNull().default(0),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('stock_levels_quantity_non_negative', sql`${t.quantity} >= 0`)],
)

const created = () => timestamp({ withTimezone: true }).notNull().defaultNow()

// ── Country settings, shipping and payment (back office: /admin/shop-settings) ───────────────

/**
 * Per delivery country: the VAT rate in force and the free-shipping threshold (minor units of the
 * country's currency, without VAT). The currency itself is fixed by the country (COUNTRY_CURRENCY).
 */
export const countrySettings = pgTable('country_settings', {
  country: text().primaryKey(),
  vatPercent: integer().notNull(),
  freeShippingThresholdNet: bigint({ mode: 'number' }).notNull(),
  updatedAt: created(),
})

/** A shipping method (forwarder); its prices per country live in `shipping_rates`. */
export const shippingMethods = pgTable('shipping_methods', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  code: text().notNull().unique(),
  /** Localized name and description: `{ cs, en, … }`. */
  name: jsonb().notNull(),
  description: jsonb().notNull().default({}),
  /** The price depends on the postcode (seed: 'related to zip code'). */
  zipBased: boolean().notNull().default(false),
  position: integer().notNull().default(0),
  active: boolean().notNull().default(true),
})

/**
 * A shipping method's price in one country (minor units of its currency, without VAT), with
 * postcode rules `[{ prefix: '1', priceNet }]` — the longest matching prefix wins.
 */
export const shippingRates = pgTable(
  'shipping_rates',
  {
    methodId: integer()
      .notNull()
      .references(() => shippingMethods.id, { onDelete: 'cascade' }),
    country: text().notNull(),
    priceNet: bigint({ mode: 'number' }).notNull(),
    postcodeRules: jsonb().notNull().default([]),
    deliveryDaysMin: integer().notNull().default(2),
    deliveryDaysMax: integer().notNull().default(4),
  },
  (t) => [
    primaryKey({ columns: [t.methodId, t.country] }),
    check('shipping_rates_price_non_negative', sql`${t.priceNet} >= 0`),
  ],
)

/** A payment method; `kind` decides its rules (invoice: approved partners only). */
export const paymentMethods = pgTable('payment_methods', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  code: text().notNull().unique(),
  /** 'bankTransfer' | 'cashOnDelivery' | 'invoice' (PAYMENT_KINDS). */
  kind: text().notNull(),
  name: jsonb().notNull(),
  description: jsonb().notNull().default({}),
  position: integer().notNull().default(0),
  active: boolean().notNull().default(true),
})

/** A payment method's fee in one country (minor units without VAT); no row = not offered there. */
export const paymentRates = pgTable(
  'payment_rates',
  {
    methodId: integer()
      .notNull()
      .references(() => paymentMethods.id, { onDelete: 'cascade' }),
    country: text().notNull(),
    feeNet: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.methodId, t.country] }),
    check('payment_rates_fee_non_negative', sql`${t.feeNet} >= 0`),
  ],
)

// ── Vouchers ────────────────────────────────────────────────────────────────────────────────

/** A voucher series: one shared code or many generated codes with the same terms. */
export const voucherSeries = pgTable('voucher_series', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  name: text().notNull(),
  /** 'percent' (value = percent) | 'amount' (value = minor units of `currency`, without VAT). */
  kind: text().notNull(),
  value: integer().notNull(),
  currency: text(),
  validFrom: timestamp({ withTimezone: true }),
  validTo: timestamp({ withTimezone: true }),
  /** How many orders one code may be used in; null = unlimited. */
  usageLimit: integer(),
  /** Minimum order (items without VAT, minor units of the order's currency); null = none. */
  minOrderNet: bigint({ mode: 'number' }),
  /** Category object ids the discount applies to (with subcategories); empty = all. */
  categoryIds: jsonb().notNull().default([]),
  active: boolean().notNull().default(true),
  createdAt: created(),
})

export const voucherCodes = pgTable(
  'voucher_codes',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    seriesId: integer()
      .notNull()
      .references(() => voucherSeries.id, { onDelete: 'cascade' }),
    /** Stored upper-case; customers type it in any case. */
    code: text().notNull(),
    usedCount: integer().notNull().default(0),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('voucher_codes_code_unique').on(t.code),
    check('voucher_codes_used_non_negative', sql`${t.usedCount} >= 0`),
  ],
)

// ── Carts ───────────────────────────────────────────────────────────────────────────────────

/**
 * A cart: a guest's (found by the hash of its cookie token) or a customer's (one per customer,
 * the same on every device). `checkout` keeps what the checkout steps collected so far.
 */
export const carts = pgTable(
  'carts',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    tokenHash: text(),
    customerId: integer().references(() => customers.id, { onDelete: 'cascade' }),
    couponCodeId: integer().references(() => voucherCodes.id, { onDelete: 'set null' }),
    /** Steps' data: country, contact, addresses, shipping/payment method ids, choices (CheckoutData). */
    checkout: jsonb().notNull().default({}),
    createdAt: created(),
    updatedAt: created(),
  },
  (t) => [
    uniqueIndex('carts_token_hash_unique').on(t.tokenHash),
    uniqueIndex('carts_customer_unique').on(t.customerId),
    index('carts_updated_idx').on(t.updatedAt),
  ],
)

export const cartItems = pgTable(
  'cart_items',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    cartId: bigint({ mode: 'number' })
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    /** The sellable object: a colour variant, or a product without variants. */
    productId: bigint({ mode: 'number' }).notNull(),
    quantity: integer().notNull(),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('cart_items_cart_product_unique').on(t.cartId, t.productId),
    check('cart_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
)

// ── Ratings ─────────────────────────────────────────────────────────────────────────────────

/** One rating per customer and product (changeable); a moderator or the back office hides it. */
export const productRatings = pgTable(
  'product_ratings',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    productId: bigint({ mode: 'number' })
      .notNull()
      .references(() => objects.id, { onDelete: 'cascade' }),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** 1–5 stars. */
    overall: integer().notNull(),
    verbal: text().notNull().default(''),
    pros: text().notNull().default(''),
    cons: text().notNull().default(''),
    locale: text().notNull(),
    hiddenAt: timestamp({ withTimezone: true }),
    /** Who hid it: 'customer:{id}' (a moderator) or 'admin:{id}'. */
    hiddenBy: text(),
    createdAt: created(),
    updatedAt: created(),
  },
  (t) => [
    uniqueIndex('product_ratings_product_customer_unique').on(t.productId, t.customerId),
    index('product_ratings_product_idx').on(t.productId, t.updatedAt),
    check('product_ratings_overall_range', sql`${t.overall} between 1 and 5`),
  ],
)
