import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { customers } from './users.ts'

const created = () => timestamp({ withTimezone: true }).notNull().defaultNow()

/** A customer's billing address (one) and delivery addresses (any number, one default). */
export const customerAddresses = pgTable(
  'customer_addresses',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['billing', 'delivery'] }).notNull(),
    name: text().notNull().default(''),
    company: text(),
    street: text().notNull(),
    city: text().notNull(),
    postcode: text().notNull(),
    region: text(),
    country: text().notNull(),
    phone: text(),
    isDefault: boolean().notNull().default(false),
    createdAt: created(),
    updatedAt: created(),
  },
  (t) => [index('customer_addresses_customer_idx').on(t.customerId, t.kind)],
)

/**
 * Storefront sessions of signed-in customers. The cookie holds a random token; only its SHA-256
 * is stored. `impersonatedBy` marks a back-office user viewing the shop as this customer.
 */
export const customerSessions = pgTable(
  'customer_sessions',
  {
    tokenHash: text().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    impersonatedBy: integer(),
    createdAt: created(),
    lastSeenAt: created(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    ip: text(),
    userAgent: text(),
  },
  (t) => [index('customer_sessions_customer_idx').on(t.customerId)],
)

/** Single-use customer links (password reset); only the token's hash is stored. */
export const customerTokens = pgTable(
  'customer_tokens',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    tokenHash: text().notNull(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['passwordReset'] }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    /** A back-office user who sent the link, if any. */
    createdBy: integer(),
    createdAt: created(),
  },
  (t) => [uniqueIndex('customer_tokens_hash_unique').on(t.tokenHash)],
)

/** Failed storefront sign-ins, per login and per IP over the last hour, for rate limiting. */
export const customerLoginFailures = pgTable(
  'customer_login_failures',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    login: text().notNull(),
    ip: text().notNull(),
    at: created(),
  },
  (t) => [
    index('customer_login_failures_login_idx').on(sql`lower(${t.login})`, t.at),
    index('customer_login_failures_ip_idx').on(t.ip, t.at),
  ],
)

/** Self-hosted captcha challenges: the answer's hash, single use, short-lived. */
export const captchaChallenges = pgTable('captcha_challenges', {
  id: uuid().primaryKey().defaultRandom(),
  answerHash: text().notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  createdAt: created(),
})

/**
 * Orders, placed by `placeOrder` (features/checkout). Kept when a customer deletes the account:
 * the customer link is cleared and the personal fields anonymized. Amounts are minor units of
 * `currency`; `*Net` without VAT, `*Gross` with `vatPercent` added.
 */
export const orders = pgTable(
  'orders',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    number: text().notNull(),
    customerId: integer().references(() => customers.id, { onDelete: 'set null' }),
    clientNumber: text(),
    /** ORDER_STATUSES; changed only through the state machine (order-status.ts). */
    status: text().notNull().default('new'),
    email: text().notNull(),
    name: text().notNull().default(''),
    phone: text().notNull().default(''),
    /** The buyer's language: mails about the order are written in it. */
    locale: text().notNull().default('cs'),
    /** 'guest' | 'customer' | 'partner': the terms the order was priced with. */
    buyerKind: text().notNull().default('guest'),
    country: text().notNull().default('CZ'),
    currency: text().notNull(),
    vatPercent: integer().notNull().default(0),
    /** `{ name, company, street, city, postcode, region, country, tin, vatId }` */
    billingAddress: jsonb().notNull().default({}),
    deliveryAddress: jsonb().notNull().default({}),
    shippingMethodId: integer(),
    shippingName: text().notNull().default(''),
    shippingNet: bigint({ mode: 'number' }).notNull().default(0),
    shippingGross: bigint({ mode: 'number' }).notNull().default(0),
    paymentMethodId: integer(),
    /** PAYMENT_KINDS */
    paymentKind: text().notNull().default('bankTransfer'),
    paymentName: text().notNull().default(''),
    paymentFeeNet: bigint({ mode: 'number' }).notNull().default(0),
    paymentFeeGross: bigint({ mode: 'number' }).notNull().default(0),
    /** Items after discounts. */
    itemsNet: bigint({ mode: 'number' }).notNull().default(0),
    itemsGross: bigint({ mode: 'number' }).notNull().default(0),
    discountNet: bigint({ mode: 'number' }).notNull().default(0),
    discountGross: bigint({ mode: 'number' }).notNull().default(0),
    /** Sum of catalogue prices of the items (seed: catalog-price sum), without VAT. */
    catalogSumNet: bigint({ mode: 'number' }).notNull().default(0),
    couponCode: text(),
    voucherCodeId: integer(),
    /** Final price: items + shipping + payment fee. */
    totalNet: bigint({ mode: 'number' }).notNull().default(0),
    totalGross: bigint({ mode: 'number' }).notNull().default(0),
    /** The buyer's comment. */
    comment: text().notNull().default(''),
    /** The shop's internal note (back office). */
    note: text().notNull().default(''),
    /** Invoice payment: days until due (the partner's maturity at the time of the order). */
    maturityDays: integer(),
    /** Spare parts below 90 % in stock: 'shipAvailable' | 'waitForAll'; null when not asked. */
    sparePartsChoice: text(),
    /** sha256 of the secret in the buyer's finished-order link (guests have no account to look). */
    accessTokenHash: text(),
    idempotencyKey: text(),
    /** sha256 of the request the key was first used with: another body with the key is refused. */
    requestHash: text(),
    /**
     * When the confirmation mails were queued: the queue's job sets it in the transaction that
     * queues them, so a retried job never mails twice.
     */
    confirmationMailedAt: timestamp({ withTimezone: true }),
    createdAt: created(),
    updatedAt: created(),
  },
  (t) => [
    uniqueIndex('orders_number_unique').on(t.number),
    uniqueIndex('orders_idempotency_key_unique').on(t.idempotencyKey),
    index('orders_customer_idx').on(t.customerId, t.createdAt),
    index('orders_status_idx').on(t.status, t.createdAt),
    index('orders_created_idx').on(t.createdAt),
  ],
)

export const orderItems = pgTable(
  'order_items',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    orderId: bigint({ mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The product or variant object ordered (kept as a number: the object may be deleted later). */
    productId: bigint({ mode: 'number' }).notNull(),
    code: text().notNull(),
    name: text().notNull(),
    quantity: integer().notNull(),
    unitPriceNet: bigint({ mode: 'number' }).notNull(),
    unitPriceGross: bigint({ mode: 'number' }).notNull(),
    /** Catalogue price without VAT (the catalog-price sum and the discount badge). */
    catalogPriceNet: bigint({ mode: 'number' }).notNull().default(0),
    sparePart: boolean().notNull().default(false),
    /** Pieces taken from stock when the order was placed (the rest waits for delivery). */
    reservedQuantity: integer().notNull().default(0),
    /** Pieces shipped so far (partial shipments). */
    shippedQuantity: integer().notNull().default(0),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
)

/** Every status change of an order: who (admin user, or null for the shop itself), when, from, to. */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    orderId: bigint({ mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text(),
    toStatus: text().notNull(),
    adminUserId: integer(),
    note: text().notNull().default(''),
    createdAt: created(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId, t.createdAt)],
)

/** Files attached to an order in the back office (stored in the asset store). */
export const orderAttachments = pgTable(
  'order_attachments',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    orderId: bigint({ mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fileName: text().notNull(),
    storageKey: text().notNull(),
    contentType: text().notNull(),
    size: integer().notNull(),
    adminUserId: integer(),
    createdAt: created(),
  },
  (t) => [index('order_attachments_order_idx').on(t.orderId)],
)

/** A partner's complaint about an ordered item: open → accepted | rejected → resolved. */
export const complaints = pgTable(
  'complaints',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    orderItemId: bigint({ mode: 'number' })
      .notNull()
      .references(() => orderItems.id, { onDelete: 'restrict' }),
    quantity: integer().notNull(),
    reason: text().notNull(),
    state: text({ enum: ['open', 'accepted', 'rejected', 'resolved'] })
      .notNull()
      .default('open'),
    createdAt: created(),
    updatedAt: created(),
  },
  (t) => [
    index('complaints_customer_idx').on(t.customerId, t.createdAt),
    index('complaints_state_idx').on(t.state, t.createdAt),
  ],
)

/** Messages on a complaint, both ways; `adminUserId` is set for the shop's replies. */
export const complaintMessages = pgTable(
  'complaint_messages',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    complaintId: integer()
      .notNull()
      .references(() => complaints.id, { onDelete: 'cascade' }),
    author: text({ enum: ['customer', 'staff'] }).notNull(),
    adminUserId: integer(),
    text: text().notNull(),
    createdAt: created(),
  },
  (t) => [index('complaint_messages_complaint_idx').on(t.complaintId, t.createdAt)],
)

/** Photos attached to a complaint, stored through the asset store under `complaints/`. */
export const complaintPhotos = pgTable(
  'complaint_photos',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    complaintId: integer()
      .notNull()
      .references(() => complaints.id, { onDelete: 'cascade' }),
    storageKey: text().notNull(),
    mimeType: text().notNull(),
    createdAt: created(),
  },
  (t) => [index('complaint_photos_complaint_idx').on(t.complaintId)],
)
