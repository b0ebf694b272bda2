import { sql, type SQL } from 'drizzle-orm'
import type { FilterType, GridColumnInfo } from '@optika/domain/pim/grid-api'
import {
  ASSET_SYSTEM_COLUMNS,
  isAssetSystemColumn,
  metadataColumnKey,
  parseMetadataColumn,
  type AssetSystemColumn,
} from '@optika/domain/pim/asset-grid-api'
import type { Db } from '../../platform/db/client.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'

/** A custom metadata field as the grid sees it. */
export interface MetadataColumn {
  readonly key: string
  readonly name: string
  readonly language: string
  /** The field's type on the assets that have it ('input' when none has it yet). */
  readonly type: string
}

/** A column of the asset grid: a system column or a custom metadata field. */
export type AssetColumn =
  | { readonly kind: 'system'; readonly key: AssetSystemColumn }
  | ({ readonly kind: 'metadata' } & MetadataColumn)

/** The system columns' SQL over `assets a`. */
export const ASSET_SYSTEM_SQL: Record<AssetSystemColumn, SQL> = {
  id: sql`a.id`,
  key: sql`a.key`,
  fullpath: sql`(case when a.parent_id is null then '/' else a.path || a.key end)`,
  type: sql`a.type`,
  mimetype: sql`a.mime_type`,
  size: sql`a.size`,
  width: sql`a.width`,
  height: sql`a.height`,
  creationDate: sql`a.created_at`,
  modificationDate: sql`a.updated_at`,
}

const SYSTEM_FILTERS: Record<AssetSystemColumn, FilterType> = {
  id: 'number',
  key: 'string',
  fullpath: 'string',
  type: 'list',
  mimetype: 'string',
  size: 'number',
  width: 'number',
  height: 'number',
  creationDate: 'date',
  modificationDate: 'date',
}

/** Titles of the system columns (the object grid's where the text is the same). */
const SYSTEM_TITLES: Record<AssetSystemColumn, string> = {
  id: 'pimGrid.column.id',
  key: 'assetGrid.column.key',
  fullpath: 'pimGrid.column.fullpath',
  type: 'assetGrid.column.type',
  mimetype: 'assetGrid.column.mimetype',
  size: 'assetGrid.column.size',
  width: 'assetGrid.column.width',
  height: 'assetGrid.column.height',
  creationDate: 'pimGrid.column.creationDate',
  modificationDate: 'pimGrid.column.modificationDate',
}

/** How a metadata field of a type is filtered: checkboxes as yes/no, everything else as text. */
export function metadataFilterType(type: string): FilterType {
  return type === 'checkbox' ? 'boolean' : 'string'
}

export function systemFilterType(column: AssetSystemColumn): FilterType {
  return SYSTEM_FILTERS[column]
}

export function unknownColumn(column: string): AppError {
  return new AppError(400, 'UNKNOWN_COLUMN', 'assetGrid.unknownColumn', { column })
}

/** The custom metadata fields the assets have (name, language, type), by name and language. */
export async function loadMetadataColumns(db: Db): Promise<MetadataColumn[]> {
  const { rows } = await db.execute<{ name: string; language: string; type: string }>(sql`
    select m ->> 'name' as name, coalesce(m ->> 'language', '') as language,
           min(coalesce(m ->> 'type', 'input')) as type
      from assets a, jsonb_array_elements(case when jsonb_typeof(a.metadata) = 'array' then a.metadata else '[]'::jsonb end) m
     where jsonb_typeof(m -> 'name') = 'string'
     group by 1, 2
     order by lower(m ->> 'name'), 1, 2
     limit 2000`)
  return rows.map((row) => ({
    key: metadataColumnKey(row.name, row.language),
    name: row.name,
    language: row.language,
    type: row.type,
  }))
}

/**
 * A column key as a column: a system column, or a metadata key (a field no asset has yet is
 * a text field, so a new one can be set in the grid); anything else is a 400.
 */
export function resolveAssetColumn(key: string, known: readonly MetadataColumn[]): AssetColumn {
  if (isAssetSystemColumn(key)) return { kind: 'system', key }
  const parsed = parseMetadataColumn(key)
  if (!parsed) throw unknownColumn(key)
  const found = known.find((c) => c.name === parsed.name && c.language === parsed.language)
  return { kind: 'metadata', key, ...parsed, type: found?.type ?? 'input' }
}

/** The column list of the picker: system columns first, then every metadata field. */
export function listAssetColumnInfos(
  ctx: AdminContext,
  metadata: readonly MetadataColumn[],
): GridColumnInfo[] {
  const system = ASSET_SYSTEM_COLUMNS.map((key): GridColumnInfo => ({
    key,
    title: ctx.t(SYSTEM_TITLES[key]),
    type: 'system',
    system: true,
    localized: false,
    editable: false,
    filterType: SYSTEM_FILTERS[key],
  }))
  return [...system, ...metadata.map((column) => metadataColumnInfo(ctx, column))]
}

export function metadataColumnInfo(ctx: AdminContext, column: MetadataColumn): GridColumnInfo {
  return {
    key: column.key,
    title: column.language ? `${column.name} (${column.language.toUpperCase()})` : column.name,
    type: column.type,
    system: false,
    localized: column.language !== '',
    editable: true,
    filterType: metadataFilterType(column.type),
  }
}

/** The default columns of the asset grid. */
export const DEFAULT_ASSET_COLUMNS: readonly AssetSystemColumn[] = [
  'id',
  'fullpath',
  'type',
  'mimetype',
  'size',
  'width',
  'height',
  'modificationDate',
]

/** A metadata field's data of `assets a` (jsonb; null when the asset has no such field). */
export function metadataSql(column: MetadataColumn): SQL {
  return sql`(select m -> 'data' from jsonb_array_elements(case when jsonb_typeof(a.metadata) = 'array' then a.metadata else '[]'::jsonb end) m
     where m ->> 'name' = ${column.name}::text and coalesce(m ->> 'language', '') = ${column.language}::text limit 1)`
}
