import { sql } from 'drizzle-orm'
import {
  bigint,
  check,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { sites } from './documents.ts'

/**
 * The shop's system settings (languages, shop name and contact, mail sender, debug mode) as one
 * JSON document in one row, and the back office's custom logo beside it (issue 19).
 */
export const systemSettings = pgTable(
  'system_settings',
  {
    id: integer().primaryKey().default(1),
    settings: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** The logo's bytes as base64: at most 512 KB, read once per change and kept in memory. */
    logoBase64: text(),
    logoType: text(),
    logoUpdatedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('system_settings_one_row', sql`${t.id} = 1`)],
)

/**
 * Website settings: typed key/values for storefront code (Pimcore's WebsiteSetting), one per
 * name, site (null = every site) and language (null = every language).
 */
export const websiteSettings = pgTable(
  'website_settings',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    name: text().notNull(),
    type: text().notNull(),
    value: jsonb().$type<string | number | boolean | null>(),
    siteId: integer().references(() => sites.id, { onDelete: 'cascade' }),
    language: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('website_settings_scope_idx').on(
      t.name,
      sql`coalesce(${t.siteId}, 0)`,
      sql`coalesce(${t.language}, '')`,
    ),
  ],
)
