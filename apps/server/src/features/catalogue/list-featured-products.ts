import { desc, sql } from 'drizzle-orm'
import type { ProductData } from '@optika/domain/catalogue/product-data'
import type { ProductListItem } from '@optika/domain/catalogue/product-list-item'
import type { Locale } from '@optika/i18n/locales'
import type { Db } from '../../db/client.ts'
import { objects } from '../../db/schema/elements.ts'
import { ANONYMOUS, buildProductTiles, isPublishedProduct, type Audience } from './product-tiles.ts'

/**
 * Products for the home page: those marked featured, newest first, topped up with the newest
 * other products so the shop window is never half empty.
 */
export async function listFeaturedProducts(
  db: Db,
  locale: Locale,
  limit: number,
  audience: Audience = ANONYMOUS,
): Promise<ProductListItem[]> {
  const rows = await db
    .select({ id: objects.id, data: objects.data })
    .from(objects)
    .where(isPublishedProduct())
    .orderBy(
      desc(sql`coalesce((${objects.data}->>'featured')::boolean, false)`),
      desc(sql`${objects.data}->>'releasedAt'`),
      desc(objects.id),
    )
    .limit(limit)
  return buildProductTiles(
    db,
    locale,
    rows.map((row) => ({ id: row.id, data: row.data as ProductData })),
    audience,
  )
}
