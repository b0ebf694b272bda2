import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Derivatives of assets cached in the asset store (thumbnails, video frames and previews,
 * document pages), by storage key: the store cannot list a prefix on every backend, so this is
 * how a replaced or edited asset finds and forgets all of them.
 */
export const assetThumbnails = pgTable(
  'asset_thumbnails',
  {
    storageKey: text().primaryKey(),
    assetId: bigint({ mode: 'number' }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('asset_thumbnails_asset_idx').on(t.assetId)],
)
