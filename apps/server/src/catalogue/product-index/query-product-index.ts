import { and, eq, sql, type SQL } from 'drizzle-orm'
import type { CategoryData, FilterType, ProductSort } from '@optika/domain/catalogue/product-data'
import {
  FIT_TOLERANCE,
  FRAME_SIZE_FIELDS,
  type FrameSize,
} from '@optika/domain/catalogue/frame-fit'
import type { Locale } from '@optika/i18n/locales'
import type { Db } from '../../platform/db/client.ts'
import { objects } from '../../platform/db/schema/elements.ts'
import { productIndex } from '../../platform/db/schema/pim.ts'
import { BASE_PRICE_LIST, bigintArray, foldText } from './build-index-rows.ts'

/** One filter of a list request: its definition (from a FilterDefinition row) and the choice. */
export interface ProductIndexFilter {
  readonly name: string
  readonly type: FilterType
  /** Facet (multiselect/colour) or number (range) key in the index. */
  readonly column: string
  readonly searchType?: 'category' | 'all' | undefined
  /** multiselect / colour: products with any of these keys. */
  readonly values?: readonly string[] | undefined
  /** text: a substring of the product's search text (names, code, model, brand). */
  readonly text?: string | undefined
  readonly min?: number | undefined
  readonly max?: number | undefined
}

export interface ProductIndexQuery {
  readonly locale: Locale
  readonly categoryId?: number | undefined
  /** Default: what the category says (`showSubcategoryProducts`; absent counts as yes). */
  readonly includeSubcategories?: boolean | undefined
  /**
   * Instead of `categoryId`: products filed directly in any of these categories (the storefront
   * passes a category's visible subtree, so products of a hidden subcategory stay out).
   */
  readonly filedInAnyOf?: readonly number[] | undefined
  readonly filters?: readonly ProductIndexFilter[] | undefined
  readonly sort?: ProductSort | undefined
  readonly currency?: string | undefined
  /** A price list's object id as a string; the shop's own prices by default. */
  readonly priceList?: string | undefined
  /**
   * "Fits like my glasses" (decision 025): only products whose three frame sizes are each within
   * `FIT_TOLERANCE` of `size`; with `rank`, ordered by `fitDistance` first and the sort second.
   */
  readonly fit?: FrameFitQuery | undefined
  /** 1-based. */
  readonly page?: number | undefined
  readonly pageSize?: number | undefined
}

export interface FrameFitQuery {
  readonly size: FrameSize
  readonly rank: boolean
}

/** The fit as three range filters (a frame without all three sizes never fits). */
export function fitFilters(size: FrameSize): ProductIndexFilter[] {
  return FRAME_SIZE_FIELDS.map((field) => ({
    name: `\u0000fit.${field}`,
    type: 'range',
    column: field,
    min: size[field] - FIT_TOLERANCE[field],
    max: size[field] + FIT_TOLERANCE[field],
  }))
}

export interface ProductIndexFacet {
  /** multiselect / colour: products per key under every OTHER active filter. */
  readonly counts?: Record<string, number>
  /** range: the smallest and largest value under every other active filter. */
  readonly min?: number | null
  readonly max?: number | null
}

export interface ProductIndexResult {
  readonly ids: number[]
  readonly total: number
  readonly facets: Record<string, ProductIndexFacet>
}

function isActive(filter: ProductIndexFilter): boolean {
  switch (filter.type) {
    case 'multiselect':
    case 'color':
      return (filter.values?.length ?? 0) > 0
    case 'text':
      return (filter.text?.trim() ?? '') !== ''
    case 'range':
      return filter.min !== undefined || filter.max !== undefined
  }
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}

const numberOf = (column: string) => sql`(${productIndex.numbers}->>${column})::double precision`

function conditionOf(filter: ProductIndexFilter): SQL {
  switch (filter.type) {
    case 'multiselect':
    case 'color': {
      // Containment per value keeps the GIN (jsonb_path_ops) index usable.
      const anyOf = (filter.values ?? []).map(
        (value) =>
          sql`${productIndex.facets} @> ${JSON.stringify({ [filter.column]: [value] })}::jsonb`,
      )
      return sql`(${sql.join(anyOf, sql` or `)})`
    }
    case 'text': {
      const needle = escapeLike(foldText(filter.text?.trim() ?? ''))
      return sql`${productIndex.searchText} like ${`%${needle}%`}`
    }
    case 'range': {
      const bounds: SQL[] = [sql`${numberOf(filter.column)} is not null`]
      if (filter.min !== undefined) bounds.push(sql`${numberOf(filter.column)} >= ${filter.min}`)
      if (filter.max !== undefined) bounds.push(sql`${numberOf(filter.column)} <= ${filter.max}`)
      return sql.join(bounds, sql` and `)
    }
  }
}

async function categoryCondition(db: Db, query: ProductIndexQuery): Promise<SQL | undefined> {
  if (query.filedInAnyOf !== undefined) {
    if (query.filedInAnyOf.length === 0) return sql`false`
    return sql`${productIndex.directCategoryIds} && ${bigintArray(query.filedInAnyOf)}`
  }
  if (query.categoryId === undefined) return undefined
  let subcategories = query.includeSubcategories
  if (subcategories === undefined) {
    const [row] = await db
      .select({ data: objects.data })
      .from(objects)
      .where(eq(objects.id, query.categoryId))
    subcategories = (row?.data as CategoryData | undefined)?.showSubcategoryProducts !== false
  }
  const column = subcategories ? productIndex.categoryIds : productIndex.directCategoryIds
  return sql`${column} @> ARRAY[${query.categoryId}]::bigint[]`
}

/** `fitDistance` in SQL, in the same order of operations (so doubles round alike). */
function fitDistanceOf(size: FrameSize): SQL {
  const term = (field: string, value: number, weight: number) =>
    sql`${weight} * ((${numberOf(field)} - ${value}) * (${numberOf(field)} - ${value}))`
  return sql`(${term('lensWidth', size.lensWidth, 25)} + ${term('bridgeWidth', size.bridgeWidth, 25)} + ${term('templeLength', size.templeLength, 4)}) asc`
}

function orderOf(query: ProductIndexQuery): SQL[] {
  const bySort = sortOrderOf(query)
  return query.fit?.rank ? [fitDistanceOf(query.fit.size), ...bySort] : bySort
}

function sortOrderOf(query: ProductIndexQuery): SQL[] {
  const price = sql`(${productIndex.prices}->${query.priceList ?? BASE_PRICE_LIST}->${query.currency ?? 'CZK'}->>'final')::bigint`
  switch (query.sort ?? 'new') {
    case 'new':
      return [sql`${productIndex.releasedAt} desc nulls last`, sql`${productIndex.productId} desc`]
    case 'name':
      return [sql`${productIndex.name}->>${query.locale} asc`, sql`${productIndex.productId} asc`]
    case 'price.asc':
      return [sql`${price} asc nulls last`, sql`${productIndex.productId} asc`]
    case 'price.desc':
      return [sql`${price} desc nulls last`, sql`${productIndex.productId} asc`]
  }
}

/**
 * A category's (or the whole shop's) product list from the product index: filtered, sorted and
 * paged ids, the total, and for every filter the facet counts (or range bounds) under all the
 * other active filters, so a panel shows what choosing one more value would give.
 */
export async function queryProductIndex(
  db: Db,
  query: ProductIndexQuery,
): Promise<ProductIndexResult> {
  const filters = query.filters ?? []
  const active = filters.filter(isActive)
  const shopWide = active.some((f) => f.type === 'text' && f.searchType === 'all')
  const inCategory = shopWide ? undefined : await categoryCondition(db, query)
  const fit = query.fit ? fitFilters(query.fit.size).map(conditionOf) : []
  const whereExcept = (skip?: string) =>
    and(inCategory, ...fit, ...active.filter((f) => f.name !== skip).map(conditionOf))

  const pageSize = Math.max(1, Math.min(query.pageSize ?? 24, 500))
  const page = Math.max(1, query.page ?? 1)
  const where = whereExcept()
  const rows = await db
    .select({ id: productIndex.productId })
    .from(productIndex)
    .where(where)
    .orderBy(...orderOf(query))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(productIndex)
    .where(where)

  const facets: Record<string, ProductIndexFacet> = {}
  for (const filter of filters) {
    const others = whereExcept(filter.name)
    if (filter.type === 'multiselect' || filter.type === 'color') {
      const result = await db.execute<{ key: string; n: number }>(
        sql`select v.key as key, count(*)::int as n
            from ${productIndex}
            cross join lateral jsonb_array_elements_text(coalesce(${productIndex.facets}->${filter.column}, '[]'::jsonb)) as v(key)
            ${others ? sql`where ${others}` : sql``}
            group by v.key`,
      )
      facets[filter.name] = {
        counts: Object.fromEntries(result.rows.map((row) => [row.key, Number(row.n)])),
      }
    } else if (filter.type === 'range') {
      const [bounds] = await db
        .select({
          min: sql<number | null>`min(${numberOf(filter.column)})`,
          max: sql<number | null>`max(${numberOf(filter.column)})`,
        })
        .from(productIndex)
        .where(others)
      facets[filter.name] = {
        min: bounds?.min == null ? null : Number(bounds.min),
        max: bounds?.max == null ? null : Number(bounds.max),
      }
    }
  }
  return { ids: rows.map((row) => row.id), total: count?.total ?? 0, facets }
}
