import { sql, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import type { SearchFindSchema, SearchHit, SearchPage } from '@optika/domain/pim/element-api'
import type { AdminContext } from '../identity/admin-users/admin-context.ts'
import { pageOf } from './element-lookup.ts'
import { loadElementRights } from './element-rights.ts'

type SearchQuery = z.output<typeof SearchFindSchema>

/** Rights are decided per path in memory; this bounds the candidates one search reads. */
const MAX_CANDIDATES = 10_000

function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
}

function sqlList<T>(values: readonly T[]): SQL {
  return sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )
}

function conditionsOf(query: SearchQuery): SQL[] {
  const conditions: SQL[] = [sql`o.parent_id is not null`]
  if (query.text) {
    const pattern = containsPattern(query.text)
    // Values only (strings and numbers anywhere in the data), not the field names of the JSON.
    conditions.push(sql`(o.key ilike ${pattern} or (o.path || o.key) ilike ${pattern}
      or exists (select 1 from jsonb_path_query(o.data, 'strict $.**') v
                  where jsonb_typeof(v) in ('string', 'number') and v #>> '{}' ilike ${pattern}))`)
  }
  if (query.types?.length) conditions.push(sql`o.type in (${sqlList(query.types)})`)
  if (query.classIds?.length) conditions.push(sql`o.class_id in (${sqlList(query.classIds)})`)
  if (query.tagIds?.length) {
    const tagIds = sqlList(query.tagIds)
    const subtags = query.includeSubtags
      ? sql` or ${sql.join(
          query.tagIds.map((id) => sql`t.id_path like ${`%/${id}/%`}`),
          sql` or `,
        )}`
      : sql``
    conditions.push(sql`exists (select 1 from tag_assignments ta join tags t on t.id = ta.tag_id
      where ta.element_type = 'object' and ta.element_id = o.id and (t.id in (${tagIds})${subtags}))`)
  }
  return conditions
}

function orderOf(query: SearchQuery): SQL {
  const direction = sql.raw(query.order === 'desc' ? 'desc' : 'asc')
  switch (query.sort) {
    case 'key':
      return sql`o.key ${direction}, o.id ${direction}`
    case 'id':
      return sql`o.id ${direction}`
    case 'modified':
      return sql`o.updated_at ${direction}, o.id ${direction}`
    case 'path':
      return sql`o.path || o.key ${direction}, o.id ${direction}`
  }
}

interface HitRow extends Record<string, unknown> {
  id: number | string
  type: string
  key: string
  full: string
  class_id: string | null
  published: boolean
  updated_at: string | Date
}

async function searchObjects(
  ctx: AdminContext,
  query: SearchQuery,
  order: SQL,
): Promise<SearchHit[]> {
  if (!ctx.admin.permissions.has('objects')) return []
  const { rows } = await ctx.db.execute<HitRow>(sql`
    select o.id, o.type, o.key, o.path || o.key as full, o.class_id, o.published, o.updated_at
      from objects o
     where ${sql.join(conditionsOf(query), sql` and `)}
     order by ${order}
     limit ${MAX_CANDIDATES}`)
  const rights = await loadElementRights(ctx.db, ctx.admin)
  return rows
    .filter((row) => rights.may('object', row.full, 'list'))
    .map((row) => ({
      elementType: 'object' as const,
      id: Number(row.id),
      type: row.type,
      key: row.key,
      path: row.full,
      classId: row.class_id,
      published: row.published,
      modifiedAt: new Date(row.updated_at).toISOString(),
    }))
}

/** Objects by text (key, path, data values), type, class and tags, that the caller may list. */
export async function findElements(ctx: AdminContext, query: SearchQuery): Promise<SearchPage> {
  const hits = await searchObjects(ctx, query, orderOf(query))
  return { items: pageOf(hits, query.page, query.pageSize), total: hits.length }
}

/** The best 10 for a text: exact keys first, then keys starting with it, then short paths. */
export async function quickSearch(
  ctx: AdminContext,
  text: string,
): Promise<{ items: SearchHit[] }> {
  const prefix = `${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
  const order = sql`(lower(o.key) = lower(${text})) desc, (o.key ilike ${prefix}) desc,
    char_length(o.path || o.key), o.id`
  const hits = await searchObjects(
    ctx,
    { text, page: 1, pageSize: 10, sort: 'path', order: 'asc' },
    order,
  )
  return { items: hits.slice(0, 10) }
}
