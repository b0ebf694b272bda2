import { and, eq } from 'drizzle-orm'
import { PriceListDataSchema, type PriceListData } from '@optika/domain/catalogue/product-data'
import type { Db } from '../../platform/db/client.ts'
import { objects } from '../../platform/db/schema/elements.ts'

/** A published PriceList object with valid data; null for any other id. */
export async function loadPublishedPriceList(
  db: Db,
  id: number,
): Promise<{ id: number; data: PriceListData } | null> {
  const [row] = await db
    .select({ data: objects.data })
    .from(objects)
    .where(
      and(
        eq(objects.id, id),
        eq(objects.classId, 'PriceList'),
        eq(objects.type, 'object'),
        eq(objects.published, true),
      ),
    )
    .limit(1)
  const parsed = PriceListDataSchema.safeParse(row?.data)
  return row && parsed.success ? { id, data: parsed.data } : null
}
