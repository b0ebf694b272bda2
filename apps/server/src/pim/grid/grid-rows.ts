import { inArray, sql, type SQL } from 'drizzle-orm'
import {
  isSystemColumn,
  type GridFilter,
  type GridList,
  type GridPage,
  type GridRow,
  type GridSelection,
  type GridSort,
} from '@optika/domain/pim/grid-api'
import type { Locale } from '@optika/i18n/locales'
import type { Db } from '../../platform/db/client.ts'
import { objects } from '../../platform/db/schema/elements.ts'
import { AppError, notFound } from '../../platform/http/app-error.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { loadElementRights } from '../../elements/element-rights.ts'
import {
  containsCondition,
  dayRangeCondition,
  likeLiteral,
  rangeCondition,
} from '../../elements/grid/grid-sql.ts'
import {
  fieldFilterType,
  loadGridClass,
  systemFilterType,
  type GridClass,
  type GridField,
} from './grid-class.ts'

function unknownColumn(column: string): AppError {
  return new AppError(400, 'UNKNOWN_COLUMN', 'pimGrid.unknownColumn', { column })
}

/** The full path of the folder the grid lists below; 404 for an unknown id or a non-folder. */
async function folderFullPath(db: Db, folderId: number): Promise<string> {
  const rows = await db.execute<{ path: string; key: string; type: string }>(
    sql`select path, key, type from objects where id = ${folderId}`,
  )
  const folder = rows.rows[0]
  if (!folder) throw notFound('pimGrid.folderNotFound')
  return folder.path + folder.key
}

function fieldText(field: GridField, language: Locale): SQL {
  return field.localized
    ? sql`(o.data -> ${field.name} ->> ${language}::text)`
    : sql`(o.data ->> ${field.name}::text)`
}

function fieldNumber(field: GridField): SQL {
  return sql`(case when jsonb_typeof(o.data -> ${field.name}::text) = 'number' then (o.data ->> ${field.name}::text)::float8 end)`
}

const SYSTEM_SQL = {
  id: sql`o.id`,
  key: sql`o.key`,
  fullpath: sql`(o.path || o.key)`,
  published: sql`o.published`,
  creationDate: sql`o.created_at`,
  modificationDate: sql`o.updated_at`,
  classname: sql`o.class_id`,
} as const

/** The SQL a column sorts by: numbers numerically, localized fields in the grid's language. */
function sortExpression(cls: GridClass, column: string, language: Locale): SQL {
  if (isSystemColumn(column)) return SYSTEM_SQL[column]
  const field = cls.fieldByName.get(column)
  if (!field) throw unknownColumn(column)
  if (field.type === 'number') return fieldNumber(field)
  if (field.type === 'boolean') return sql`(o.data -> ${field.name}::text = 'true'::jsonb)`
  return fieldText(field, language)
}

/** One filter as SQL conditions; a filter that does not fit its column's type is refused (400). */
function filterConditions(cls: GridClass, filter: GridFilter, language: Locale): SQL[] {
  const { column } = filter
  let expression: SQL
  let type
  let field: GridField | undefined
  if (isSystemColumn(column)) {
    expression = SYSTEM_SQL[column]
    type = systemFilterType(column)
  } else {
    field = cls.fieldByName.get(column)
    if (!field) throw unknownColumn(column)
    type = fieldFilterType(field)
    expression = fieldText(field, language)
  }
  if (type !== filter.type) {
    throw new AppError(400, 'BAD_FILTER', 'pimGrid.badFilter', { column })
  }
  switch (filter.type) {
    case 'string':
      return filter.value === '' ? [] : [containsCondition(expression, filter.value)]
    case 'number':
      return rangeCondition(
        field ? fieldNumber(field) : expression,
        filter.from,
        filter.to,
        sql`::float8`,
      )
    case 'date': {
      if (field) return rangeCondition(expression, filter.from, filter.to, sql`::text`)
      return dayRangeCondition(expression, filter.from, filter.to)
    }
    case 'boolean':
      if (!field) return [sql`${expression} = ${filter.value}`]
      return filter.value
        ? [sql`(o.data -> ${field.name}::text) = 'true'::jsonb`]
        : [sql`coalesce(o.data -> ${field.name}::text, 'false'::jsonb) <> 'true'::jsonb`]
    case 'list': {
      if (filter.values.length === 0) return []
      const values = sql.join(
        filter.values.map((v) => sql`${v}::text`),
        sql`, `,
      )
      if (field?.type === 'multiselect') {
        return [
          sql`jsonb_typeof(o.data -> ${field.name}::text) = 'array' and jsonb_exists_any(o.data -> ${field.name}::text, array[${values}])`,
        ]
      }
      return [sql`${expression} in (${values})`]
    }
  }
}

/** The WHERE of a grid selection: the class below the folder, its filters and the full-text query. */
async function selectionWhere(db: Db, cls: GridClass, selection: GridSelection): Promise<SQL> {
  const conditions: SQL[] = [sql`o.class_id = ${cls.id}`]
  conditions.push(
    selection.includeVariants ? sql`o.type in ('object', 'variant')` : sql`o.type = 'object'`,
  )
  if (selection.onlyDirectChildren) {
    await folderFullPath(db, selection.folderId)
    conditions.push(sql`o.parent_id = ${selection.folderId}`)
  } else {
    const full = await folderFullPath(db, selection.folderId)
    const prefix = full.endsWith('/') ? full : `${full}/`
    conditions.push(sql`o.path like ${`${likeLiteral(prefix)}%`}`)
  }
  for (const filter of selection.filters) {
    conditions.push(...filterConditions(cls, filter, selection.language))
  }
  const query = selection.query.trim()
  if (query !== '') {
    const pattern = `%${likeLiteral(query)}%`
    conditions.push(sql`(o.key ilike ${pattern} or o.path ilike ${pattern} or exists (
      select 1 from jsonb_path_query(o.data, 'strict $.**') as v(value)
      where jsonb_typeof(v.value) in ('string', 'number') and v.value #>> '{}' ilike ${pattern}))`)
  }
  return sql.join(conditions, sql` and `)
}

function orderBy(cls: GridClass, sort: GridSort | undefined, language: Locale): SQL {
  if (!sort) return sql`o.path, o.key, o.id`
  const direction = sort.direction === 'desc' ? sql`desc` : sql`asc`
  return sql`${sortExpression(cls, sort.column, language)} ${direction} nulls last, o.id ${direction}`
}

/**
 * The ids of every object of the selection the user may list, in the grid's order. An
 * administrator's rights need no check; anyone else's are decided per path after one read.
 */
export async function selectGridIds(
  ctx: AdminContext,
  selection: GridSelection,
  sort?: GridSort,
  page?: { limit: number; start: number },
): Promise<{ total: number; ids: number[] }> {
  const cls = await loadGridClass(ctx.db, selection.classId)
  const where = await selectionWhere(ctx.db, cls, selection)
  const order = orderBy(cls, sort, selection.language)
  if (ctx.admin.isAdmin && page) {
    const count = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from objects o where ${where}`,
    )
    const ids = await ctx.db.execute<{ id: number }>(
      sql`select o.id from objects o where ${where} order by ${order} limit ${page.limit} offset ${page.start}`,
    )
    return { total: count.rows[0]?.n ?? 0, ids: ids.rows.map((r) => Number(r.id)) }
  }
  const rows = await ctx.db.execute<{ id: number; fullpath: string }>(
    sql`select o.id, o.path || o.key as fullpath from objects o where ${where} order by ${order}`,
  )
  const rights = await loadElementRights(ctx.db, ctx.admin)
  const allowed = rows.rows
    .filter((row) => rights.may('object', row.fullpath, 'list'))
    .map((row) => Number(row.id))
  return {
    total: allowed.length,
    ids: page ? allowed.slice(page.start, page.start + page.limit) : allowed,
  }
}

/** A field's value as the grid shows it: localized fields in `language`. */
export function gridValue(
  field: GridField,
  data: Readonly<Record<string, unknown>>,
  language: Locale,
): unknown {
  const value = data[field.name]
  if (!field.localized) return value ?? null
  if (typeof value !== 'object' || value === null) return null
  return (value as Record<string, unknown>)[language] ?? null
}

/** Select and multiselect labels of a row (labels are texts or translation keys). */
function selectLabel(
  field: GridField,
  value: unknown,
  t: (key: string) => string,
): string | undefined {
  if (field.type !== 'select' && field.type !== 'multiselect') return undefined
  const keys = Array.isArray(value) ? value : value === null || value === undefined ? [] : [value]
  if (keys.length === 0) return undefined
  return keys
    .map((key) => {
      const option = field.options.find((o) => o.key === String(key))
      return option ? t(option.value) : String(key)
    })
    .join(', ')
}

type ObjectRow = typeof objects.$inferSelect

export function toGridRow(
  cls: GridClass,
  row: ObjectRow,
  language: Locale,
  t: (key: string) => string,
): GridRow {
  const data = (row.data ?? {}) as Record<string, unknown>
  const values: Record<string, unknown> = {}
  const labels: Record<string, string> = {}
  for (const field of cls.fields) {
    const value = gridValue(field, data, language)
    values[field.name] = value
    const label = selectLabel(field, value, t)
    if (label !== undefined) labels[field.name] = label
  }
  return {
    id: row.id,
    key: row.key,
    fullpath: row.path + row.key,
    type: row.type === 'variant' ? 'variant' : 'object',
    published: row.published,
    creationDate: row.createdAt.toISOString(),
    modificationDate: row.updatedAt.toISOString(),
    classname: cls.name,
    values,
    labels,
  }
}

/** The rows of `ids`, in that order. */
export async function loadGridRows(
  ctx: AdminContext,
  cls: GridClass,
  ids: readonly number[],
  language: Locale,
): Promise<GridRow[]> {
  if (ids.length === 0) return []
  const rows = await ctx.db
    .select()
    .from(objects)
    .where(inArray(objects.id, [...ids]))
  const byId = new Map(rows.map((row) => [row.id, row]))
  return ids.flatMap((id) => {
    const row = byId.get(id)
    return row ? [toGridRow(cls, row, language, (key) => ctx.t(key))] : []
  })
}

/** One page of the grid: the objects of a class below a folder the user may list. */
export async function listGridRows(ctx: AdminContext, input: GridList): Promise<GridPage> {
  const cls = await loadGridClass(ctx.db, input.classId)
  const { total, ids } = await selectGridIds(ctx, input, input.sort, {
    limit: input.limit,
    start: input.start,
  })
  return { total, rows: await loadGridRows(ctx, cls, ids, input.language) }
}
