import { sql } from 'drizzle-orm'
import { bigint, check, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

/**
 * Addresses that must never receive mail (Pimcore's e-mail blocklist, issue 19). Stored in lower
 * case; the mailer reads it before queueing and the delivery worker again before sending.
 */
export const emailBlocklist = pgTable(
  'email_blocklist',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    address: text().notNull(),
    reason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_blocklist_address_unique').on(t.address),
    check('email_blocklist_address_lower', sql`${t.address} = lower(${t.address})`),
  ],
)
