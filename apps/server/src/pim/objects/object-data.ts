import { eq, sql } from 'drizzle-orm'
import type { ObjectDetail } from '@optika/domain/pim/object-api'
import type { Db } from '../../platform/db/client.ts'
import { objects } from '../../platform/db/schema/elements.ts'
import { iso, type ObjectRow } from './object-rows.ts'
import { resolveObjectData } from './resolve-object-data.ts'

/** The data an object inherits from its parent (same class, class allows it), per field. */
export async function parentResolvedData(
  db: Db,
  row: Pick<ObjectRow, 'parentId' | 'classId'>,
  allowInherit: boolean,
): Promise<Record<string, unknown> | undefined> {
  if (!allowInherit || row.parentId === null) return undefined
  const [parent] = await db
    .select({ classId: objects.classId, type: objects.type })
    .from(objects)
    .where(eq(objects.id, row.parentId))
  if (!parent || parent.type === 'folder' || parent.classId !== row.classId) return undefined
  return (await resolveObjectData(db, [row.parentId])).get(row.parentId)
}

/**
 * The draft: the newest version when its data differs from the row's (a save of a published
 * object writes only a version). The row keeps the newest version count either way, so the data
 * decides; jsonb equality ignores key order.
 */
export async function latestDraft(
  db: Db,
  row: Pick<ObjectRow, 'id'>,
): Promise<ObjectDetail['draft']> {
  const { rows } = await db.execute<{
    id: number | string
    version_count: number
    data: Record<string, unknown> | null
    created_at: string | Date
    user_id: number | null
  }>(sql`
    select v.id, v.version_count, v.snapshot->'data' as data, v.created_at, v.user_id
    from element_versions v
    join objects o on o.id = v.element_id
    where v.element_type = 'object' and v.element_id = ${row.id}
      and (v.snapshot->'data') is distinct from o.data
      and v.version_count = (
        select max(version_count) from element_versions
        where element_type = 'object' and element_id = ${row.id})`)
  const version = rows[0]
  if (!version) return null
  return {
    versionId: Number(version.id),
    versionCount: version.version_count,
    data: version.data ?? {},
    createdAt: iso(version.created_at),
    userId: version.user_id,
  }
}
