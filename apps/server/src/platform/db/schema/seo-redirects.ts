import { sql } from 'drizzle-orm'
import { boolean, check, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import type { RedirectOrigin, RedirectSourceType } from '@optika/domain/operations/redirects'
import { sites } from './documents.ts'

const stamp = () => timestamp({ withTimezone: true })

/**
 * SEO redirect rules (issue 19, decision 054; migration 0021). `source` is a path (`/old`) or a
 * regular expression over the path; `target` may use `$1`… from the expression's captures.
 */
export const seoRedirects = pgTable(
  'seo_redirects',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    sourceType: text().$type<RedirectSourceType>().notNull().default('path'),
    source: text().notNull(),
    target: text().notNull(),
    statusCode: integer().notNull().default(301),
    priority: integer().notNull().default(0),
    siteId: integer().references(() => sites.id, { onDelete: 'cascade' }),
    /** Applies only to requests in this language (the path's language prefix); null = any. */
    language: text(),
    active: boolean().notNull().default(true),
    /** Keep the request's query string on the target. */
    passQuery: boolean().notNull().default(false),
    activeFrom: stamp(),
    activeTo: stamp(),
    /** After this the rule no longer applies, and `cleanup` deletes it. */
    expiresAt: stamp(),
    origin: text().$type<RedirectOrigin>().notNull().default('manual'),
    createdAt: stamp().notNull().defaultNow(),
    updatedAt: stamp().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('seo_redirects_source_unique').on(
      t.sourceType,
      t.source,
      sql`coalesce(${t.siteId}, 0)`,
      sql`coalesce(${t.language}, '')`,
    ),
    check('seo_redirects_source_type', sql`${t.sourceType} IN ('path', 'regex')`),
    check('seo_redirects_status_code', sql`${t.statusCode} IN (301, 302, 303, 307, 308)`),
  ],
)
