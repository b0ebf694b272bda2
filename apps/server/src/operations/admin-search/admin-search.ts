import { sql, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import type { ElementType } from '@optika/domain/pim/element-api'
import type {
  AdminSearchHit,
  AdminSearchPage,
  AdminSearchQuerySchema,
  QuickSearchAnswer,
  SearchPreview,
} from '@optika/domain/operations/admin-search'
import type { PermissionKey } from '@optika/domain/admin/permissions'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { AppError } from '../../platform/http/app-error.ts'
import { loadElementRights, type ElementRights } from '../../elements/element-rights.ts'

type SearchQuery = z.output<typeof AdminSearchQuerySchema>

/** Rights are decided per path in memory; this bounds the candidates one type's search reads. */
const MAX_CANDIDATES = 5_000
/** The quick search's hits per element type. */
const QUICK_PER_TYPE = 5

/** The permission key that opens each tree. */
const TREE_KEY: Record<ElementType, PermissionKey> = {
  object: 'objects',
  asset: 'assets',
  document: 'documents',
}

/** Each tree's table and the JSON columns whose values the full text reads. */
const TREES: Record<ElementType, { table: SQL; texts: SQL; published: SQL; classId: SQL }> = {
  object: {
    table: sql.raw('objects'),
    texts: sql.raw('e.data'),
    published: sql.raw('e.published'),
    classId: sql.raw('e.class_id'),
  },
  asset: {
    table: sql.raw('assets'),
    texts: sql.raw('e.metadata'),
    published: sql.raw('true'),
    classId: sql.raw('null::text'),
  },
  document: {
    table: sql.raw('documents'),
    texts: sql.raw('jsonb_build_array(e.settings, e.editables)'),
    published: sql.raw('e.published'),
    classId: sql.raw('null::text'),
  },
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`)
}

function sqlList<T>(values: readonly T[]): SQL {
  return sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )
}

/** The element types a query searches: the asked ones the caller may open. */
export function searchableTypes(ctx: AdminContext, asked?: readonly ElementType[]): ElementType[] {
  const types: readonly ElementType[] = asked?.length ? asked : ['object', 'asset', 'document']
  return types.filter((type) => ctx.admin.permissions.has(TREE_KEY[type]))
}

function textCondition(type: ElementType, text: string): SQL {
  const tree = TREES[type]
  if (text.startsWith('/')) {
    // A path: the element itself and everything below it.
    const path = text.replace(/\/+$/, '')
    return sql`((e.path || e.key) = ${path} or (e.path || e.key) like ${`${escapeLike(path)}/%`})`
  }
  const pattern = `%${escapeLike(text)}%`
  const byId = /^\d{1,15}$/.test(text) ? sql` or e.id = ${Number(text)}` : sql``
  // Values only (strings and numbers anywhere in the data), not the field names of the JSON.
  return sql`(e.key ilike ${pattern} or (e.path || e.key) ilike ${pattern}${byId}
    or exists (select 1 from jsonb_path_query(${tree.texts}, 'strict $.**') v
                where jsonb_typeof(v) in ('string', 'number') and v #>> '{}' ilike ${pattern}))`
}

function conditionsOf(type: ElementType, query: SearchQuery): SQL[] {
  const conditions: SQL[] = [sql`e.parent_id is not null`]
  if (query.query) conditions.push(textCondition(type, query.query))
  if (query.subtype?.length) conditions.push(sql`e.type in (${sqlList(query.subtype)})`)
  if (query.class?.length) {
    conditions.push(type === 'object' ? sql`e.class_id in (${sqlList(query.class)})` : sql`false`)
  }
  if (query.path) {
    const path = query.path.replace(/\/+$/, '')
    conditions.push(
      path === ''
        ? sql`true`
        : sql`((e.path || e.key) = ${path} or (e.path || e.key) like ${`${escapeLike(path)}/%`})`,
    )
  }
  return conditions
}

interface HitRow extends Record<string, unknown> {
  id: number | string
  type: string
  key: string
  full: string
  class_id: string | null
  published: boolean
  updated_at: string | Date
  rank: number | string
}

/** How well a row matches the text: the id or key exactly, then a key's start, then short paths. */
function rankOf(text: string | undefined): SQL {
  if (!text) return sql`0`
  const id = /^\d{1,15}$/.test(text) ? Number(text) : -1
  return sql`(case when e.id = ${id} then 4
                   when lower(e.key) = lower(${text}) then 3
                   when e.key ilike ${`${escapeLike(text)}%`} then 2
                   when e.key ilike ${`%${escapeLike(text)}%`} then 1 else 0 end)`
}

async function searchTree(
  ctx: AdminContext,
  rights: ElementRights,
  type: ElementType,
  query: SearchQuery,
  limit: number,
): Promise<{ hits: (AdminSearchHit & { rank: number })[]; capped: boolean }> {
  const tree = TREES[type]
  const { rows } = await ctx.db.execute<HitRow>(sql`
    select e.id, e.type, e.key, e.path || e.key as full, ${tree.classId} as class_id,
           ${tree.published} as published, e.updated_at, ${rankOf(query.query)} as rank
      from ${tree.table} e
     where ${sql.join(conditionsOf(type, query), sql` and `)}
     order by rank desc, char_length(e.path || e.key), e.id
     limit ${limit}`)
  const hits = rows
    .filter((row) => rights.may(type, row.full, 'list'))
    .map((row) => ({
      elementType: type,
      id: Number(row.id),
      type: row.type,
      key: row.key,
      path: row.full,
      classId: row.class_id,
      published: row.published,
      modifiedAt: new Date(row.updated_at).toISOString(),
      rank: Number(row.rank),
    }))
  return { hits, capped: rows.length >= limit }
}

function compareHits(sort: SearchQuery['sort']) {
  return (a: AdminSearchHit & { rank: number }, b: AdminSearchHit & { rank: number }): number => {
    switch (sort) {
      case 'relevance':
        return b.rank - a.rank || a.path.length - b.path.length || a.path.localeCompare(b.path)
      case 'path':
        return a.path.localeCompare(b.path)
      case 'key':
        return a.key.localeCompare(b.key) || a.path.localeCompare(b.path)
      case 'id':
        return a.id - b.id
      case 'modified':
        return a.modifiedAt.localeCompare(b.modifiedAt) || a.id - b.id
      case 'type':
        return (
          a.elementType.localeCompare(b.elementType) ||
          a.type.localeCompare(b.type) ||
          a.path.localeCompare(b.path)
        )
    }
  }
}

/**
 * Objects, assets and documents by full text (key, path, data values; a number also the id, a
 * path the subtree), subtype, class and path, that the caller may list (its tree's permission
 * key and workspaces), sorted and paged.
 */
export async function findElements(
  ctx: AdminContext,
  query: SearchQuery,
): Promise<AdminSearchPage> {
  const rights = await loadElementRights(ctx.db, ctx.admin)
  const all: (AdminSearchHit & { rank: number })[] = []
  for (const type of searchableTypes(ctx, query.type)) {
    all.push(...(await searchTree(ctx, rights, type, query, MAX_CANDIDATES)).hits)
  }
  const direction = query.dir.toLowerCase() === 'desc' && query.sort !== 'relevance' ? -1 : 1
  const compare = compareHits(query.sort)
  all.sort((a, b) => direction * compare(a, b))
  return {
    success: true,
    data: all.slice(query.start, query.start + query.limit).map(({ rank: _rank, ...hit }) => hit),
    total: all.length,
  }
}

/** The best few of each type for a text, for the header box as one types. */
export async function quickSearch(ctx: AdminContext, text: string): Promise<QuickSearchAnswer> {
  const rights = await loadElementRights(ctx.db, ctx.admin)
  const query: SearchQuery = {
    query: text,
    path: undefined,
    sort: 'relevance',
    dir: 'asc',
    start: 0,
    limit: QUICK_PER_TYPE,
  }
  const data: AdminSearchHit[] = []
  for (const type of searchableTypes(ctx)) {
    // Read a little more than shown: some rows may be outside the caller's workspaces.
    const { hits } = await searchTree(ctx, rights, type, query, QUICK_PER_TYPE * 10)
    data.push(...hits.slice(0, QUICK_PER_TYPE).map(({ rank: _rank, ...hit }) => hit))
  }
  return { success: true, data }
}

interface PreviewRow extends HitRow {
  extra: Record<string, unknown> | null
}

function stringsOf(value: unknown, into: { name: string; value: string }[], name = ''): void {
  if (into.length >= 8) return
  if (typeof value === 'string' && value.trim() !== '') {
    into.push({
      name,
      value: value
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 200),
    })
  } else if (typeof value === 'number') {
    into.push({ name, value: String(value) })
  } else if (Array.isArray(value)) {
    for (const item of value) stringsOf(item, into, name)
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value))
      stringsOf(item, into, name ? `${name}.${key}` : key)
  }
}

/** One hit's preview for the quick search: a few facts, and an image's thumbnail. */
export async function previewElement(
  ctx: AdminContext,
  type: ElementType,
  id: number,
): Promise<SearchPreview> {
  if (!searchableTypes(ctx, [type]).length) throw new AppError(403, 'FORBIDDEN', 'server.forbidden')
  const tree = TREES[type]
  const extra =
    type === 'asset'
      ? sql`jsonb_build_object('mimeType', e.mime_type, 'size', e.size, 'width', e.width, 'height', e.height)`
      : type === 'document'
        ? sql`jsonb_build_object('title', e.settings->'title', 'description', e.settings->'description')`
        : sql`e.data`
  const { rows } = await ctx.db.execute<PreviewRow>(sql`
    select e.id, e.type, e.key, e.path || e.key as full, ${tree.classId} as class_id,
           ${tree.published} as published, e.updated_at, 0 as rank, ${extra} as extra
      from ${tree.table} e where e.id = ${id} and e.parent_id is not null`)
  const row = rows[0]
  if (!row) throw new AppError(404, 'NOT_FOUND', 'adminSearch.error.notFound')
  const rights = await loadElementRights(ctx.db, ctx.admin)
  rights.assert(type, row.full, 'view')
  const details: { name: string; value: string }[] = []
  stringsOf(row.extra ?? {}, details)
  return {
    elementType: type,
    id: Number(row.id),
    type: row.type,
    key: row.key,
    path: row.full,
    classId: row.class_id,
    published: row.published,
    modifiedAt: new Date(row.updated_at).toISOString(),
    details,
    imageUrl:
      type === 'asset' && row.type === 'image'
        ? `/admin/asset/get-image-thumbnail?id=${row.id}&config=preview`
        : null,
  }
}
