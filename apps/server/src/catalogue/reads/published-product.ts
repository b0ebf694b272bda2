import { and, eq, type SQL } from 'drizzle-orm'
import { objects } from '../../platform/db/schema/elements.ts'

/** The condition "a published Product object" — what the shop may show (not a variant or folder). */
export function isPublishedProduct(): SQL {
  return and(
    eq(objects.classId, 'Product'),
    eq(objects.type, 'object'),
    eq(objects.published, true),
  )!
}
