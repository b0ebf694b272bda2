import { desc, sql } from 'drizzle-orm'
import type { ProductData } from '@optika/domain/catalogue/product-data'
import type { ProductListItem } from '@optika/domain/catalogue/product-list-item'
import type { Locale } from '@optika/i18n/locales'
import type { Db } from '../../db/client.ts'
import { objects } from '../../db/schema/elements.ts'
import { loadPublishedCategories } from './published-categories.ts'
import { ANONYMOUS, buildProductTiles, isPublishedProduct, type Audience } from './product-tiles.ts'

/**
 * Published products filed in the category or any category below it, newest release first.
 * An unknown or hidden category has no products.
 */
export async function listCategoryProducts(
  db: Db,
  locale: Locale,
  categoryId: number,
  options: { limit: number; audience?: Audience },
): Promise<ProductListItem[]> {
  const categories = await loadPublishedCategories(db, locale)
  const ids = categories.subtreeIds(categoryId)
  if (ids.length === 0) return []
  const inCategories = sql`exists (
    select 1 from jsonb_array_elements_text(${objects.data}->'categoryIds') as filed(id)
    where filed.id in (${sql.join(
      ids.map((id) => sql`${String(id)}`),
      sql`, `,
    )})
  )`
  const rows = await db
    .select({ id: objects.id, data: objects.data })
    .from(objects)
    .where(sql`${isPublishedProduct()} and ${inCategories}`)
    .orderBy(desc(sql`${objects.data}->>'releasedAt'`), desc(objects.id))
    .limit(options.limit)
  return buildProductTiles(
    db,
    locale,
    rows.map((row) => ({ id: row.id, data: row.data as ProductData })),
    options.audience ?? ANONYMOUS,
  )
}
