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
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'

/**
 * What a user or a role is allowed: permission keys (packages/domain/src/admin/permissions.ts) and
 * the classes, document types and content languages it may work with (empty = all).
 */
export function restrictionColumns() {
  const emptyTextArray = () =>
    text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`)
  return {
    permissions: emptyTextArray(),
    allowedClasses: emptyTextArray(),
    allowedDocumentTypes: emptyTextArray(),
    contentLanguages: emptyTextArray(),
  }
}

/**
 * Back-office users and user folders, one tree (Pimcore-style). A user's rights are its own
 * permission keys and workspaces plus those of its roles (see admin_roles, admin_workspaces).
 */
export const adminUsers = pgTable(
  'admin_users',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    parentId: integer().references((): AnyPgColumn => adminUsers.id),
    type: text({ enum: ['user', 'userfolder'] })
      .notNull()
      .default('user'),
    username: text().notNull(),
    email: text().notNull(),
    name: text().notNull().default(''),
    passwordHash: text().notNull(),
    language: text().notNull().default('cs'),
    active: boolean().notNull().default(true),
    isAdmin: boolean().notNull().default(false),
    ...restrictionColumns(),
    /** TOTP secret (base32); never logged or returned after set-up. */
    twoFactorSecret: text(),
    twoFactorEnabled: boolean().notNull().default(false),
    /** An admin requires 2FA: the user is sent through set-up at the next login. */
    twoFactorRequired: boolean().notNull().default(false),
    /** argon2id hashes of unused recovery codes. */
    twoFactorRecoveryCodes: jsonb().$type<string[]>().notNull().default([]),
    /** The last TOTP time step accepted, so a code works once. */
    twoFactorLastStep: integer(),
    imageStorageKey: text(),
    passwordChangedAt: timestamp({ withTimezone: true }),
    lastLoginAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('admin_users_username_unique').on(sql`lower(${t.username})`),
    index('admin_users_parent_idx').on(t.parentId),
  ],
)

/** Storefront accounts: retail customers and partners (resellers, approved by the shop). */
export const customers = pgTable(
  'customers',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    kind: text({ enum: ['customer', 'partner'] }).notNull(),
    email: text().notNull(),
    passwordHash: text().notNull(),
    firstName: text().notNull().default(''),
    lastName: text().notNull().default(''),
    company: text(),
    clientNumber: text().notNull(),
    partnerStatus: text({ enum: ['pending', 'approved', 'rejected'] }),
    language: text().notNull().default('cs'),
    country: text().notNull().default('CZ'),
    /** Optional sign-in name besides the e-mail. */
    username: text(),
    /** International format, e.g. +420 601 234 567. */
    phone: text().notNull().default(''),
    tin: text(),
    vatId: text(),
    /** Owner / managing director of a partner company. */
    owner: text(),
    contactPerson: text(),
    website: text(),
    gps: text(),
    /** Deliveries go to a delivery address instead of the billing address. */
    deliveryDiffers: boolean().notNull().default(false),
    newsletter: boolean().notNull().default(false),
    newsletterConsentAt: timestamp({ withTimezone: true }),
    termsAcceptedAt: timestamp({ withTimezone: true }),
    privacyAcceptedAt: timestamp({ withTimezone: true }),
    /** Moderates ratings and forum labels on the storefront. */
    isModerator: boolean().notNull().default(false),
    /** Partner terms, set when the shop approves the partner: a PriceList object. */
    priceListId: bigint({ mode: 'number' }),
    invoiceMaturityDays: integer(),
    /** Credit limit in minor units of `creditCurrency`. */
    creditLimit: bigint({ mode: 'number' }),
    creditCurrency: text(),
    rejectionReason: text(),
    partnerDecidedAt: timestamp({ withTimezone: true }),
    partnerDecidedBy: integer(),
    passwordChangedAt: timestamp({ withTimezone: true }),
    lastLoginAt: timestamp({ withTimezone: true }),
    /** Set when the customer deleted the account: personal data is then anonymized. */
    deletedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('customers_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('customers_client_number_unique').on(t.clientNumber),
    uniqueIndex('customers_username_unique')
      .on(sql`lower(${t.username})`)
      .where(sql`${t.username} is not null`),
    index('customers_partner_status_idx').on(t.partnerStatus, t.createdAt),
  ],
)
