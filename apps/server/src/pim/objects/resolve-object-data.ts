import { sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'

/** An empty field value: absent, null, '', [] or {} (a variant then inherits the parent's). */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true
  if (Array.isArray(value)) return value.length === 0
  if (typeof value === 'object') return Object.keys(value).length === 0
  return false
}

/**
 * Each object's data with every empty field taken from the nearest ancestor of the same class
 * that has it (for classes with allowInherit; other objects get their own data). One SQL
 * statement: a recursive walk up the ancestors, then per field the value of the smallest depth.
 */
export async function resolveObjectData(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, Record<string, unknown>>> {
  const result = new Map<number, Record<string, unknown>>()
  if (ids.length === 0) return result
  const idList = sql.join(
    [...new Set(ids)].map((id) => sql`${id}::bigint`),
    sql`, `,
  )
  const { rows } = await db.execute<{ id: number | string; data: Record<string, unknown> }>(sql`
    with recursive chain as (
      select o.id as origin, o.parent_id, o.class_id, o.data, 0 as depth,
        coalesce((c.definition->>'allowInherit')::boolean, false) as inherit
      from objects o
      left join object_classes c on c.id = o.class_id
      where o.id in (${idList})
      union all
      select ch.origin, p.parent_id, p.class_id, p.data, ch.depth + 1, ch.inherit
      from chain ch
      join objects p on p.id = ch.parent_id
      where ch.inherit and p.class_id = ch.class_id and p.type <> 'folder'
    ),
    nearest as (
      select distinct on (ch.origin, f.key) ch.origin, f.key, f.value
      from chain ch
      cross join lateral jsonb_each(ch.data) f
      where f.value not in ('null'::jsonb, '""'::jsonb, '[]'::jsonb, '{}'::jsonb)
      order by ch.origin, f.key, ch.depth
    )
    select o.id, coalesce(
      (select jsonb_object_agg(n.key, n.value) from nearest n where n.origin = o.id),
      '{}'::jsonb
    ) as data
    from objects o
    where o.id in (${idList})
  `)
  for (const row of rows) result.set(Number(row.id), row.data)
  return result
}

/**
 * What an object inherits: per field empty in `own`, the parent's resolved value. `parentResolved`
 * is the parent's resolveObjectData entry (or undefined when nothing is inherited).
 */
export function inheritedValues(
  own: Readonly<Record<string, unknown>>,
  parentResolved: Readonly<Record<string, unknown>> | undefined,
): Record<string, unknown> {
  const inherited: Record<string, unknown> = {}
  if (!parentResolved) return inherited
  for (const [field, value] of Object.entries(parentResolved)) {
    if (isEmptyValue(own[field]) && !isEmptyValue(value)) inherited[field] = value
  }
  return inherited
}
