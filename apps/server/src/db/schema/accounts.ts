import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  index,
  integer,
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
 * Orders (the checkout issue fills and extends them). Kept when a customer deletes the account:
 * the customer link is cleared and the personal fields anonymized.
 */
export const orders = pgTable(
  'orders',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    number: text().notNull(),
    customerId: integer().references(() => customers.id, { onDelete: 'set null' }),
    clientNumber: text(),
    status: text().notNull().default('new'),
    email: text().notNull(),
    name: text().notNull().default(''),
    currency: text().notNull(),
    totalNet: bigint({ mode: 'number' }).notNull().default(0),
    totalGross: bigint({ mode: 'number' }).notNull().default(0),
    createdAt: created(),
    updatedAt: created(),
  },
  (t) => [
    uniqueIndex('orders_number_unique').on(t.number),
    index('orders_customer_idx').on(t.customerId, t.createdAt),
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
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
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
