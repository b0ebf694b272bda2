import { sql } from 'drizzle-orm'
import { boolean, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { sites } from './documents.ts'

/** Static routes and the glossary (issue 19, decision 059); migration 0026. */

const stamp = () => timestamp({ withTimezone: true }).notNull().defaultNow()

/** A storefront address pattern and the page type it draws (Pimcore's static routes). */
export const staticRoutes = pgTable('static_routes', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  name: text().notNull().unique('static_routes_name_unique'),
  /** 'simple' (`/{locale}/brand/{slug}`) or 'regex' (named groups). */
  syntax: text().notNull().default('simple'),
  pattern: text().notNull(),
  reverse: text().notNull().default(''),
  targetType: text().notNull(),
  target: text().notNull().default(''),
  defaults: jsonb().$type<Record<string, string>>().notNull().default({}),
  /** Higher first; equal priorities by id. */
  priority: integer().notNull().default(0),
  /** null = every site. */
  siteId: integer().references(() => sites.id, { onDelete: 'cascade' }),
  /** Empty = any method. */
  methods: jsonb().$type<string[]>().notNull().default([]),
  createdAt: stamp(),
  updatedAt: stamp(),
})

/**
 * A glossary term drawn as a link, abbreviation or acronym in document and article text. A change
 * moves `document_generation` (trigger), so kept document pages are drawn again.
 */
export const glossaryTerms = pgTable(
  'glossary_terms',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    text: text().notNull(),
    /** '' = every language. */
    language: text().notNull().default(''),
    /** null = every site. */
    siteId: integer().references(() => sites.id, { onDelete: 'cascade' }),
    link: text().notNull().default(''),
    abbr: text().notNull().default(''),
    acronym: text().notNull().default(''),
    caseSensitive: boolean().notNull().default(false),
    exactMatch: boolean().notNull().default(true),
    createdAt: stamp(),
    updatedAt: stamp(),
  },
  (t) => [
    uniqueIndex('glossary_terms_text_language_site').on(
      t.text,
      t.language,
      sql`coalesce(${t.siteId}, 0)`,
    ),
  ],
)
