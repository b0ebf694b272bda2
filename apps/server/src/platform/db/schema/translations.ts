import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

/** The translation dictionary: one row per key and language, editable in the back office. */
export const translations = pgTable(
  'translations',
  {
    key: text().notNull(),
    locale: text().notNull(),
    text: text().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.key, t.locale] })],
)
