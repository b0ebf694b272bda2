import { and, eq } from 'drizzle-orm'
import {
  decodeFilterParams,
  encodeFilterParams,
  SEARCH_IN_PARAM,
  type FilterSpec,
} from '@optika/domain/catalogue/filter-codec'
import {
  FilterDefinitionDataSchema,
  PRODUCT_SORTS,
  type FilterRow,
} from '@optika/domain/catalogue/product-data'
import { parsePageParam, formatPageParam } from '@optika/domain/catalogue/product-list-api'
import type { Db } from '../../platform/db/client.ts'
import { objects } from '../../platform/db/schema/elements.ts'
import type { CategoryRecord, PublishedCategories } from '../reads/published-categories.ts'

const CATEGORY_ID = /^[1-9]\d{0,14}$/
const LIMIT = /^\d{1,4}$/

/**
 * The category list the page was opened from: `cid` when it is a visible category the product is
 * filed in or below (an ancestor of one of its categories); null otherwise, so a stale or foreign
 * `cid` never puts the product under a category it is not in.
 */
export function listCategoryOf(
  categories: PublishedCategories,
  filedIn: readonly number[],
  cid: string | null,
): CategoryRecord | null {
  if (cid === null || !CATEGORY_ID.test(cid)) return null
  const category = categories.byId.get(Number(cid))
  if (!category) return null
  const subtree = new Set(categories.subtreeIds(category.id))
  return filedIn.some((id) => subtree.has(id)) ? category : null
}

async function filterRowsOf(db: Db, category: CategoryRecord): Promise<FilterRow[]> {
  const definitionId = category.data.filterDefinitionId
  if (definitionId === undefined) return []
  const [row] = await db
    .select({ data: objects.data })
    .from(objects)
    .where(
      and(
        eq(objects.id, definitionId),
        eq(objects.classId, 'FilterDefinition'),
        eq(objects.type, 'object'),
      ),
    )
  const parsed = FilterDefinitionDataSchema.safeParse(row?.data)
  return parsed.success ? parsed.data.filters : []
}

/**
 * The list's state to carry back to it: the active filters of the category's definition (decoded
 * and encoded again with the list's codec, so malformed values and unknown parameters such as
 * utm_* are dropped), `sort`, `limit` and `searchin` when well-formed; and the page `p` apart,
 * because only the way back to the same list keeps it.
 */
export async function listParams(
  db: Db,
  category: CategoryRecord,
  query: URLSearchParams,
): Promise<{ filters: URLSearchParams; page: string | null }> {
  const rows = await filterRowsOf(db, category)
  const specs: FilterSpec[] = rows.map((row) => ({
    name: row.name,
    type: row.type,
    searchType: row.searchType,
    range:
      row.rangeMin !== undefined && row.rangeMax !== undefined
        ? { min: row.rangeMin, max: row.rangeMax }
        : undefined,
  }))
  const { state } = decodeFilterParams(specs, query)
  const filters = new URLSearchParams(
    encodeFilterParams(specs, state).filter(([name]) => name !== SEARCH_IN_PARAM),
  )
  const textActive = specs.some((spec) => spec.type === 'text' && state[spec.name])
  const searchIn = query.get(SEARCH_IN_PARAM)
  // The whole-shop switch only means something next to an active text filter.
  if (textActive && (searchIn === 'all' || searchIn === 'category')) {
    filters.append(SEARCH_IN_PARAM, searchIn)
  }
  const sort = query.get('sort')
  if (sort !== null && (PRODUCT_SORTS as readonly string[]).includes(sort)) {
    filters.append('sort', sort)
  }
  const limit = query.get('limit')
  if (limit !== null && LIMIT.test(limit)) filters.append('limit', limit)
  const span = query.get('p') === null ? null : parsePageParam(query.get('p'))
  return { filters, page: span ? formatPageParam(span) : null }
}
