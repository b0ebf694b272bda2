import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

const now = () => timestamp({ withTimezone: true }).notNull().defaultNow()

/** robots.txt per site: `siteId` 0 is the main shop, others are `sites.id` (issue 19). */
export const robotsTxts = pgTable('robots_txts', {
  siteId: integer().primaryKey(),
  content: text().notNull(),
  updatedAt: now(),
})

/**
 * The storefront's 404s and 5xx, one row per URL and status, counted (bounded: the oldest rows
 * are pruned past a cap, `operations/seo-site/http-error-log.ts`).
 */
export const httpErrors = pgTable(
  'http_errors',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    uri: text().notNull(),
    code: integer().notNull(),
    referrer: text().notNull().default(''),
    userAgent: text().notNull().default(''),
    count: integer().notNull().default(1),
    firstSeen: now(),
    lastSeen: now(),
  },
  (t) => [
    uniqueIndex('http_errors_uri_code_unique').on(t.uri, t.code),
    index('http_errors_last_seen_idx').on(t.lastSeen),
  ],
)

/** The sitemap's last generation: which files under DATA_DIR/sitemaps/<generation>/ are served. */
export const sitemapState = pgTable('sitemap_state', {
  id: integer().primaryKey().default(1),
  generation: text().notNull(),
  /** What the content looked like when generated; a change triggers the next generation. */
  fingerprint: text().notNull().default(''),
  files: jsonb().$type<{ name: string; urls: number }[]>().notNull().default([]),
  urlCounts: jsonb().$type<Record<string, number>>().notNull().default({}),
  durationMs: integer().notNull().default(0),
  generatedAt: now(),
})
