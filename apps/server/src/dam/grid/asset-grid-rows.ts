import { inArray, sql, type SQL } from 'drizzle-orm'
import type { GridFilter, GridSort } from '@optika/domain/pim/grid-api'
import { mediaUrl } from '@optika/domain/catalogue/media-url'
import { ASSET_TYPES } from '@optika/domain/pim/asset-api'
import { metadataColumnKey, parseMetadataColumn } from '@optika/domain/pim/asset-grid-api'
import {
  type AssetGridList,
  type AssetGridPage,
  type AssetGridRow,
  type AssetGridSelection,
} from '@optika/domain/pim/asset-grid-api'
import type { Db } from '../../platform/db/client.ts'
import { assets } from '../../platform/db/schema/elements.ts'
import { AppError, notFound } from '../../platform/http/app-error.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { loadElementRights } from '../../elements/element-rights.ts'
import {
  containsCondition,
  dayRangeCondition,
  inListCondition,
  likeLiteral,
  rangeCondition,
} from '../../elements/grid/grid-sql.ts'
import {
  ASSET_SYSTEM_SQL,
  loadMetadataColumns,
  metadataFilterType,
  metadataSql,
  resolveAssetColumn,
  systemFilterType,
  type MetadataColumn,
} from './asset-grid-columns.ts'

type AssetRow = typeof assets.$inferSelect

/** The folder a grid lists below: its id and its children's path; 404 for an unknown id or a file. */
async function gridFolder(db: Db, folderId: number): Promise<{ id: number; childPath: string }> {
  const { rows } = await db.execute<{ id: number; full: string; type: string }>(
    sql`select a.id, ${ASSET_SYSTEM_SQL.fullpath} as full, a.type from assets a where a.id = ${folderId}`,
  )
  const folder = rows[0]
  if (!folder || folder.type !== 'folder') throw notFound('pimGrid.folderNotFound')
  return {
    id: Number(folder.id),
    childPath: folder.full.endsWith('/') ? folder.full : `${folder.full}/`,
  }
}

function metadataText(column: MetadataColumn): SQL {
  return sql`(${metadataSql(column)} #>> '{}')`
}

/** The SQL a column sorts by: numbers and dates by value, text case-insensitively. */
function sortExpression(column: string, known: readonly MetadataColumn[]): SQL {
  const resolved = resolveAssetColumn(column, known)
  if (resolved.kind === 'system') {
    const expression = ASSET_SYSTEM_SQL[resolved.key]
    return systemFilterType(resolved.key) === 'string' ? sql`lower(${expression})` : expression
  }
  return sql`lower(${metadataText(resolved)})`
}

/** One filter as SQL conditions; a filter that does not fit its column's type is refused (400). */
function filterConditions(filter: GridFilter, known: readonly MetadataColumn[]): SQL[] {
  const resolved = resolveAssetColumn(filter.column, known)
  const expression =
    resolved.kind === 'system' ? ASSET_SYSTEM_SQL[resolved.key] : metadataText(resolved)
  const type =
    resolved.kind === 'system' ? systemFilterType(resolved.key) : metadataFilterType(resolved.type)
  if (type !== filter.type) {
    throw new AppError(400, 'BAD_FILTER', 'pimGrid.badFilter', { column: filter.column })
  }
  switch (filter.type) {
    case 'string':
      return filter.value === '' ? [] : [containsCondition(expression, filter.value)]
    case 'number':
      return rangeCondition(expression, filter.from, filter.to, sql`::float8`)
    case 'date':
      return dayRangeCondition(expression, filter.from, filter.to)
    case 'boolean': {
      // Only checkbox metadata filters as yes/no (no system column does).
      if (resolved.kind !== 'metadata') return []
      const data = metadataSql(resolved)
      return filter.value
        ? [sql`${data} = 'true'::jsonb`]
        : [sql`coalesce(${data}, 'false'::jsonb) <> 'true'::jsonb`]
    }
    case 'list': {
      const unknown = filter.values.find((v) => !(ASSET_TYPES as readonly string[]).includes(v))
      if (unknown !== undefined) {
        throw new AppError(400, 'BAD_FILTER', 'pimGrid.badFilter', { column: filter.column })
      }
      return inListCondition(expression, filter.values)
    }
  }
}

/** The WHERE of a selection: below the folder (or its children only), filters, full-text query. */
async function selectionWhere(
  db: Db,
  selection: AssetGridSelection,
  known: readonly MetadataColumn[],
): Promise<SQL> {
  const folder = await gridFolder(db, selection.folderId)
  const conditions: SQL[] = [
    selection.onlyDirectChildren
      ? sql`a.parent_id = ${folder.id}`
      : // The root's own path is '/', like its descendants'.
        sql`a.path like ${`${likeLiteral(folder.childPath)}%`} and a.id <> ${folder.id}`,
  ]
  if (!selection.includeFolders) conditions.push(sql`a.type <> 'folder'`)
  for (const filter of selection.filters) conditions.push(...filterConditions(filter, known))
  const query = selection.query.trim()
  if (query !== '') {
    const pattern = `%${likeLiteral(query)}%`
    conditions.push(sql`(a.key ilike ${pattern} or a.path ilike ${pattern} or exists (
      select 1 from jsonb_array_elements(case when jsonb_typeof(a.metadata) = 'array' then a.metadata else '[]'::jsonb end) m
       where jsonb_typeof(m -> 'data') in ('string', 'number') and m ->> 'data' ilike ${pattern}))`)
  }
  return sql.join(conditions, sql` and `)
}

function orderBy(sort: GridSort | undefined, known: readonly MetadataColumn[]): SQL {
  if (!sort) return sql`a.path, lower(a.key), a.id`
  const direction = sort.direction === 'desc' ? sql`desc` : sql`asc`
  return sql`${sortExpression(sort.column, known)} ${direction} nulls last, a.id ${direction}`
}

/**
 * The ids of every asset of the selection the user may list, in the grid's order. An
 * administrator's rights need no check; anyone else's are decided per path after one read.
 */
export async function selectAssetGridIds(
  ctx: AdminContext,
  selection: AssetGridSelection,
  sort?: GridSort,
  page?: { limit: number; start: number },
): Promise<{ total: number; ids: number[] }> {
  // Field types matter only to metadata filters; reading them scans every asset's metadata.
  const known = selection.filters.some((f) => parseMetadataColumn(f.column))
    ? await loadMetadataColumns(ctx.db)
    : []
  const where = await selectionWhere(ctx.db, selection, known)
  const order = orderBy(sort, known)
  if (ctx.admin.isAdmin && page) {
    const count = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from assets a where ${where}`,
    )
    const ids = await ctx.db.execute<{ id: number }>(
      sql`select a.id from assets a where ${where} order by ${order} limit ${page.limit} offset ${page.start}`,
    )
    return { total: count.rows[0]?.n ?? 0, ids: ids.rows.map((r) => Number(r.id)) }
  }
  const rows = await ctx.db.execute<{ id: number; fullpath: string }>(
    sql`select a.id, ${ASSET_SYSTEM_SQL.fullpath} as fullpath from assets a where ${where} order by ${order}`,
  )
  const rights = await loadElementRights(ctx.db, ctx.admin)
  const allowed = rows.rows
    .filter((row) => rights.may('asset', row.fullpath, 'list'))
    .map((row) => Number(row.id))
  return {
    total: allowed.length,
    ids: page ? allowed.slice(page.start, page.start + page.limit) : allowed,
  }
}

/** The custom metadata of an asset row by column key. */
function metadataValues(metadata: unknown): Record<string, unknown> {
  const values: Record<string, unknown> = {}
  if (!Array.isArray(metadata)) return values
  for (const item of metadata as unknown[]) {
    if (typeof item !== 'object' || item === null) continue
    const { name, language, data } = item as { name?: unknown; language?: unknown; data?: unknown }
    if (typeof name !== 'string') continue
    const key = metadataColumnKey(name, typeof language === 'string' ? language : '')
    if (!(key in values)) values[key] = data ?? null
  }
  return values
}

export function toAssetGridRow(row: AssetRow): AssetGridRow {
  return {
    id: row.id,
    key: row.key,
    fullpath: row.parentId === null ? '/' : row.path + row.key,
    type: row.type,
    mimetype: row.mimeType,
    size: row.size,
    width: row.width,
    height: row.height,
    creationDate: row.createdAt.toISOString(),
    modificationDate: row.updatedAt.toISOString(),
    thumbnail:
      row.type === 'image' && row.storageKey ? mediaUrl(row.storageKey, 'thumbnail') : null,
    metadata: metadataValues(row.metadata),
  }
}

/** The rows of `ids`, in that order. */
export async function loadAssetGridRows(db: Db, ids: readonly number[]): Promise<AssetGridRow[]> {
  if (ids.length === 0) return []
  const rows = await db
    .select()
    .from(assets)
    .where(inArray(assets.id, [...ids]))
  const byId = new Map(rows.map((row) => [row.id, row]))
  return ids.flatMap((id) => {
    const row = byId.get(id)
    return row ? [toAssetGridRow(row)] : []
  })
}

/** One page of the asset grid: the assets below a folder the user may list. */
export async function listAssetGridRows(
  ctx: AdminContext,
  input: AssetGridList,
): Promise<AssetGridPage> {
  const { total, ids } = await selectAssetGridIds(ctx, input, input.sort, {
    limit: input.limit,
    start: input.start,
  })
  return { total, rows: await loadAssetGridRows(ctx.db, ids) }
}
