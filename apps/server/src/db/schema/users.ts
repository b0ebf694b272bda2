import { sql } from 'drizzle-orm'
import { boolean, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

/** Back-office users. Roles, permissions, workspaces and 2FA come with the identity feature. */
export const adminUsers = pgTable(
  'admin_users',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    username: text().notNull(),
    email: text().notNull(),
    name: text().notNull().default(''),
    passwordHash: text().notNull(),
    language: text().notNull().default('cs'),
    active: boolean().notNull().default(true),
    isAdmin: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('admin_users_username_unique').on(sql`lower(${t.username})`)],
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
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('customers_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('customers_client_number_unique').on(t.clientNumber),
  ],
)
