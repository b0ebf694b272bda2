import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { adminUsers } from './users.ts'

/**
 * Custom report definitions (issue 20, decision 066). `sql` is run only through the report
 * runner (read-only transaction, the reader role, a statement timeout and a row limit); the name
 * is unique regardless of case (index on lower(name) in migration 0033).
 */
export const customReports = pgTable('custom_reports', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  name: text().notNull(),
  niceName: text().notNull().default(''),
  groupName: text().notNull().default(''),
  description: text().notNull().default(''),
  sql: text().notNull().default(''),
  columns: jsonb().notNull().default([]),
  defaultSort: jsonb(),
  pageSize: integer().notNull().default(50),
  chart: jsonb().notNull(),
  sharedGlobally: boolean().notNull().default(false),
  sharedUserIds: integer().array().notNull().default([]),
  sharedRoleIds: integer().array().notNull().default([]),
  createdBy: integer().references(() => adminUsers.id, { onDelete: 'set null' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  modifiedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})
