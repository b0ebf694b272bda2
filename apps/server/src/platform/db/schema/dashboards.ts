import { sql } from 'drizzle-orm'
import { check, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { adminUsers } from './users.ts'

/**
 * A back-office user's dashboards (issue 20, decision 063): the name is the user's own (unique
 * per user, case-insensitively) and `positions` holds Pimcore's columns of widgets as one value,
 * so a move rewrites one row.
 */
export const adminDashboards = pgTable(
  'admin_dashboards',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    /** The order of the user's dashboards (their tabs). */
    position: integer().notNull().default(0),
    /** `Widget[][]` (`packages/domain/src/operations/dashboards.ts`), one list per column. */
    positions: jsonb().notNull().default([]),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('admin_dashboards_user_key_unique').on(t.userId, sql`lower(${t.key})`),
    check('admin_dashboards_key_not_blank', sql`length(${t.key}) > 0`),
  ],
)
