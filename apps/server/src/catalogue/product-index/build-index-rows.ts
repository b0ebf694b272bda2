import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { AVAILABILITY_STATES } from '@optika/domain/catalogue/availability'
import type { PriceListData } from '@optika/domain/catalogue/product-data'
import { CLEARANCE_STATUSES } from '@optika/domain/catalogue/statuses'
import { localize } from '@optika/domain/i18n/localized-text'
import { LOCALES } from '@optika/i18n/locales'
import type { Db } from '../../platform/db/client.ts'
import { objects } from '../../platform/db/schema/elements.ts'
import { productIndex, productIndexVariants } from '../../platform/db/schema/pim.ts'
import { isPublishedProduct } from '../reads/published-product.ts'

/** Key of the shop's own prices in `product_index.prices`; price lists use their object id. */
export const BASE_PRICE_LIST = 'default'

/**
 * Product fields offered as multiselect/colour filter columns (string or string-array values).
 * Each row also gets `color` and `availability` from its variants and `clearance` from its statuses.
 */
const FACET_FIELDS = [
  'brand',
  'kind',
  'manufacturer',
  'collection',
  'series',
  'genders',
  'ageGroups',
  'statuses',
  'shape',
  'frameType',
  'frameMaterial',
  'frontMaterial',
  'templeMaterial',
  'opticalConstruction',
  'sparePartKind',
] as const

/** Product fields offered as range filter columns. */
const NUMBER_FIELDS = [
  'lensWidth',
  'bridgeWidth',
  'templeLength',
  'verticalLensSize',
  'smallestRawGlassDiameter',
  'weight',
  'radius',
  'tintLevel',
  'magnification',
  'warrantyMonths',
  'piecesPerPackage',
] as const

/** Rows per chunk of products indexed at once (insert parameters stay far below the limit). */
export const INDEX_CHUNK = 1000

type Data = Record<string, unknown>
type LocalizedText = Partial<Record<(typeof LOCALES)[number], string>>

/** What indexing needs besides the products: the category tree and the price lists. */
export interface IndexContext {
  readonly categoryParents: ReadonlyMap<number, number | null>
  readonly priceLists: readonly { id: number; data: PriceListData }[]
}

export async function loadIndexContext(db: Db): Promise<IndexContext> {
  const categories = await db
    .select({ id: objects.id, parentId: objects.parentId })
    .from(objects)
    .where(and(eq(objects.classId, 'Category'), eq(objects.type, 'object')))
  const priceLists = await db
    .select({ id: objects.id, data: objects.data })
    .from(objects)
    .where(
      and(
        eq(objects.classId, 'PriceList'),
        eq(objects.type, 'object'),
        eq(objects.published, true),
      ),
    )
    .orderBy(asc(objects.id))
  return {
    categoryParents: new Map(categories.map((c) => [c.id, c.parentId])),
    priceLists: priceLists.map((p) => ({ id: p.id, data: p.data as PriceListData })),
  }
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '')
const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined
const ids = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((v): v is number => Number.isInteger(v)) : []
const strings = (value: unknown): string[] => {
  if (typeof value === 'string') return value === '' ? [] : [value]
  if (Array.isArray(value))
    return value.filter((v): v is string => typeof v === 'string' && v !== '')
  return []
}

/** Lower case without accents: what the text filter compares. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[łŁ]/g, 'l')
    .replace(/[øØ]/g, 'o')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase()
}

/** Every locale filled, with the shop's fallback (English, then Czech). */
function everyLocale(text: unknown): Record<string, string> {
  const source = (text && typeof text === 'object' ? text : {}) as LocalizedText
  return Object.fromEntries(LOCALES.map((locale) => [locale, localize(source, locale)]))
}

function withAncestors(direct: readonly number[], parents: IndexContext['categoryParents']) {
  const all = new Set<number>()
  for (const id of direct) {
    for (let at: number | null | undefined = id; at != null && parents.has(at);) {
      if (all.has(at)) break
      all.add(at)
      at = parents.get(at)
    }
  }
  return [...all].sort((a, b) => a - b)
}

interface PriceEntry {
  catalog: number
  action?: number
  final: number
}

function pricesOf(data: Data, productId: number, context: IndexContext) {
  const base: Record<string, PriceEntry> = {}
  const stored = (data.prices && typeof data.prices === 'object' ? data.prices : {}) as Record<
    string,
    { catalog?: unknown; action?: unknown }
  >
  for (const [currency, price] of Object.entries(stored).sort(([a], [b]) => a.localeCompare(b))) {
    const catalog = num(price.catalog)
    if (catalog === undefined) continue
    const action = num(price.action)
    base[currency] = {
      catalog,
      ...(action === undefined ? {} : { action }),
      final: action ?? catalog,
    }
  }
  const prices: Record<string, Record<string, PriceEntry>> = { [BASE_PRICE_LIST]: base }
  for (const list of context.priceLists) {
    const own = base[list.data.currency]
    if (!own) continue
    const row = (list.data.items ?? []).find((item) => item.product === productId)
    const catalog =
      row?.price ?? Math.round((own.catalog * (100 - (list.data.discountPercent ?? 0))) / 100)
    prices[String(list.id)] = {
      [list.data.currency]: {
        catalog,
        ...(own.action === undefined ? {} : { action: own.action }),
        final: own.action ?? catalog,
      },
    }
  }
  return prices
}

function bestAvailability(states: readonly string[], fallback: unknown): string {
  const ranked = states
    .map((s) => AVAILABILITY_STATES.indexOf(s as (typeof AVAILABILITY_STATES)[number]))
    .filter((i) => i >= 0)
  if (ranked.length > 0) return AVAILABILITY_STATES[Math.min(...ranked)] ?? 'inStock'
  return str(fallback) || 'inStock'
}

/**
 * Replaces the index rows of `productIds` with what the objects hold now: published products get
 * a row (and their published variants), anything else has none afterwards.
 */
export async function indexProducts(
  tx: Db,
  productIds: readonly number[],
  context: IndexContext,
): Promise<number> {
  let indexed = 0
  for (let start = 0; start < productIds.length; start += INDEX_CHUNK) {
    const chunk = productIds.slice(start, start + INDEX_CHUNK)
    await tx.delete(productIndex).where(inArray(productIndex.productId, chunk))
    const products = await tx
      .select({ id: objects.id, data: objects.data, createdAt: objects.createdAt })
      .from(objects)
      .where(and(inArray(objects.id, chunk), isPublishedProduct()))
      .orderBy(asc(objects.id))
    if (products.length === 0) continue
    const variants = await tx
      .select({ id: objects.id, parentId: objects.parentId, data: objects.data })
      .from(objects)
      .where(
        and(
          inArray(
            objects.parentId,
            products.map((p) => p.id),
          ),
          eq(objects.type, 'variant'),
          eq(objects.published, true),
        ),
      )
      .orderBy(asc(objects.parentId), asc(objects.index), asc(objects.id))
    const variantsOf = new Map<number, { id: number; data: Data }[]>()
    for (const v of variants) {
      const list = variantsOf.get(v.parentId ?? 0) ?? []
      list.push({ id: v.id, data: v.data as Data })
      variantsOf.set(v.parentId ?? 0, list)
    }

    const productRows: ProductRow[] = []
    const variantRows: VariantRow[] = []
    for (const product of products) {
      const data = product.data as Data
      const own = variantsOf.get(product.id) ?? []
      const name = everyLocale(data.name)
      const direct = ids(data.categoryIds).filter((id) => context.categoryParents.has(id))
      const facets: Record<string, string[]> = {}
      for (const fieldName of FACET_FIELDS) {
        const values = [...new Set(strings(data[fieldName]))]
        if (values.length > 0) facets[fieldName] = values
      }
      // The clearance checkbox's column: the one status it stands for (decision 023).
      const clearance = (facets.statuses ?? []).filter((status) =>
        (CLEARANCE_STATUSES as readonly string[]).includes(status),
      )
      if (clearance.length > 0) facets.clearance = clearance
      const colors = [...new Set(own.map((v) => str(v.data.colorKey)).filter((k) => k !== ''))]
      if (colors.length > 0) facets.color = colors
      const availabilities = own.map((v) => str(v.data.availability) || str(data.availability))
      const availability = bestAvailability(availabilities, data.availability)
      facets.availability = [availability]
      const numbers: Record<string, number> = {}
      for (const fieldName of NUMBER_FIELDS) {
        const value = num(data[fieldName])
        if (value !== undefined) numbers[fieldName] = value
      }
      const code = str(data.code)
      const model = str(data.model)
      const brand = str(data.brand)
      const releasedAt = str(data.releasedAt)
      productRows.push({
        productId: product.id,
        categoryIds: withAncestors(direct, context.categoryParents),
        directCategoryIds: direct,
        name,
        searchText: foldText(
          [...new Set([...Object.values(name), code, model, brand])].filter(Boolean).join(' '),
        ),
        code,
        kind: str(data.kind),
        brand,
        model,
        statuses: [...new Set(strings(data.statuses))],
        bestseller: data.bestseller === true,
        featured: data.featured === true,
        availability,
        prices: pricesOf(data, product.id, context),
        facets,
        numbers,
        releasedAt: /^\d{4}-\d{2}-\d{2}$/.test(releasedAt) ? releasedAt : null,
        createdAt: product.createdAt,
      })
      for (const [position, variant] of own.entries()) {
        const imageIds = ids(variant.data.imageIds)
        variantRows.push({
          variantId: variant.id,
          productId: product.id,
          position,
          code: str(variant.data.code) || code,
          colorKey: str(variant.data.colorKey),
          colorCss: str(variant.data.colorCss),
          colorName: everyLocale(variant.data.colorName),
          imageIds: imageIds.length > 0 ? imageIds : ids(data.imageIds),
          availability: str(variant.data.availability) || str(data.availability) || 'inStock',
        })
      }
    }
    await insertProductRows(tx, productRows)
    await insertVariantRows(tx, variantRows)
    indexed += productRows.length
  }
  return indexed
}

type ProductRow = typeof productIndex.$inferInsert
type VariantRow = typeof productIndexVariants.$inferInsert

const bigints = (field: string) =>
  sql.raw(
    `array(select e::bigint from jsonb_array_elements_text(r->'${field}') with ordinality as a(e, n) order by n)`,
  )
const texts = (field: string) =>
  sql.raw(
    `array(select e from jsonb_array_elements_text(r->'${field}') with ordinality as a(e, n) order by n)`,
  )

/**
 * A chunk of rows as one JSON parameter: binding 18 parameters per row costs far more (above all
 * on PGlite) than letting the database unpack one document.
 */
async function insertProductRows(tx: Db, rows: readonly ProductRow[]): Promise<void> {
  if (rows.length === 0) return
  const json = JSON.stringify(rows.map(({ createdAt: _, ...row }) => row))
  await tx.execute(sql`
    insert into ${productIndex} (product_id, category_ids, direct_category_ids, name, search_text,
      code, kind, brand, model, statuses, bestseller, featured, availability, prices, facets,
      numbers, released_at, created_at)
    select (r->>'productId')::bigint, ${bigints('categoryIds')}, ${bigints('directCategoryIds')},
      r->'name', r->>'searchText', r->>'code', r->>'kind', r->>'brand', r->>'model',
      ${texts('statuses')}, (r->>'bestseller')::boolean, (r->>'featured')::boolean,
      r->>'availability', r->'prices', r->'facets', r->'numbers', (r->>'releasedAt')::date,
      o.created_at
    from jsonb_array_elements(${json}::jsonb) as r
    join ${objects} o on o.id = (r->>'productId')::bigint`)
}

async function insertVariantRows(tx: Db, rows: readonly VariantRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INDEX_CHUNK * 4) {
    const json = JSON.stringify(rows.slice(i, i + INDEX_CHUNK * 4))
    await tx.execute(sql`
      insert into ${productIndexVariants} (variant_id, product_id, position, code, color_key,
        color_css, color_name, image_ids, availability)
      select (r->>'variantId')::bigint, (r->>'productId')::bigint, (r->>'position')::int,
        r->>'code', r->>'colorKey', r->>'colorCss', r->'colorName', ${bigints('imageIds')},
        r->>'availability'
      from jsonb_array_elements(${json}::jsonb) as r`)
  }
}

/** `table.column && ARRAY[…]::bigint[]` — drizzle would bind a JS array as a tuple. */
export function bigintArray(values: readonly number[]) {
  return sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::bigint[]`
}
