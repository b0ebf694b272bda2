import { inArray } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database, Db } from '../../platform/db/client.ts'
import { objects } from '../../platform/db/schema/elements.ts'
import { createTestDatabase } from '../../../test/test-database.ts'
import { INDEX_FIXTURE, insertIndexFixture } from '../../../test/fixtures/product-index-fixture.ts'
import {
  queryProductIndex,
  type ProductIndexFilter,
  type ProductIndexQuery,
} from '../product-index/query-product-index.ts'
import { updateProductIndex } from '../product-index/update-product-index.ts'
import { createProductSearch, type ProductSearch } from './product-search.ts'

const { categories: c, folders: f } = INDEX_FIXTURE
const FIRST_ID = 1000
const BRANDS = ['Ray', 'Vogue', 'Lumen', 'Ōkami']
const GENDERS = ['women', 'men', 'children', 'unisex']
const CATEGORIES = [c.glasses, c.women, c.men, c.flat, c.inner]
/**
 * Names that reach the edges of the name sort: accents (two-byte strings in V8), astral
 * characters (surrogate pairs), the private-use area above the surrogates (where UTF-16 order
 * and code point order differ), a shared prefix, the empty name.
 */
const NAME_PARTS = [
  'Alfa',
  'alfa',
  'Čočka',
  'Ünique',
  'Łódź',
  '😀 Smile',
  '\uE000 Private',
  'ﬃ',
  'Zeta',
  '',
]

const productArb = fc.record({
  name: fc.record(
    { en: fc.constantFrom(...NAME_PARTS), cs: fc.constantFrom(...NAME_PARTS) },
    { requiredKeys: ['en'] },
  ),
  suffix: fc.integer({ min: 0, max: 9 }),
  brand: fc.constantFrom(...BRANDS),
  genders: fc.subarray(GENDERS, { minLength: 1 }),
  categoryIds: fc.subarray(CATEGORIES, { minLength: 1, maxLength: 2 }),
  lensWidth: fc.option(fc.integer({ min: 40, max: 62 }), { nil: undefined }),
  price: fc.option(fc.integer({ min: 100, max: 90_000 }), { nil: undefined }),
  released: fc.option(fc.integer({ min: 0, max: 400 }), { nil: undefined }),
  model: fc.constantFrom('RB-1', 'VO 22', 'LU', 'čoč 3', 'M-9'),
})
/** `count` generated products, the same for the same seed. */
const sampleOf = (count: number, seed: number) => fc.sample(productArb, { numRuns: count, seed })
type GeneratedProduct = ReturnType<typeof sampleOf>[number]

function objectOf(id: number, product: GeneratedProduct) {
  const name = Object.fromEntries(
    Object.entries(product.name).map(([locale, text]) => [locale, `${text} ${product.suffix}`]),
  )
  return {
    id,
    parentId: f.products,
    type: 'object' as const,
    key: `generated-${id}`,
    path: '/Products/',
    published: true,
    classId: 'Product',
    data: {
      kind: 'frame',
      code: `G-${id}`,
      name,
      slug: { en: `g-${id}` },
      brand: product.brand,
      model: product.model,
      genders: product.genders,
      statuses: [],
      categoryIds: product.categoryIds,
      ...(product.lensWidth === undefined ? {} : { lensWidth: product.lensWidth }),
      ...(product.price === undefined
        ? {}
        : {
            prices: {
              CZK: { catalog: product.price },
              EUR: { catalog: Math.round(product.price / 25) },
            },
          }),
      ...(product.released === undefined
        ? {}
        : {
            releasedAt: new Date(Date.UTC(2025, 0, 1 + product.released))
              .toISOString()
              .slice(0, 10),
          }),
    },
  }
}

const filterArb: fc.Arbitrary<ProductIndexFilter[]> = fc
  .record({
    brand: fc.option(fc.subarray(BRANDS), { nil: undefined }),
    genders: fc.option(fc.subarray(GENDERS), { nil: undefined }),
    lens: fc.option(
      fc.tuple(
        fc.option(fc.integer({ min: 38, max: 64 }), { nil: undefined }),
        fc.option(fc.integer({ min: 38, max: 64 }), { nil: undefined }),
      ),
      { nil: undefined },
    ),
    text: fc.option(fc.constantFrom('rb', 'VO', 'čoč', '9', 'zz'), { nil: undefined }),
  })
  .map(({ brand, genders, lens, text }) => {
    const filters: ProductIndexFilter[] = []
    if (brand) filters.push({ name: 'brand', type: 'multiselect', column: 'brand', values: brand })
    if (genders) {
      filters.push({ name: 'genders', type: 'multiselect', column: 'genders', values: genders })
    }
    if (lens) {
      filters.push({
        name: 'lensWidth',
        type: 'range',
        column: 'lensWidth',
        min: lens[0],
        max: lens[1],
      })
    }
    if (text)
      filters.push({ name: 'q', type: 'text', column: 'model', text, searchType: 'category' })
    return filters
  })

const queryArb: fc.Arbitrary<ProductIndexQuery> = fc.record({
  locale: fc.constantFrom('en' as const, 'cs' as const),
  categoryId: fc.option(fc.constantFrom(...CATEGORIES), { nil: undefined }),
  includeSubcategories: fc.option(fc.boolean(), { nil: undefined }),
  filters: filterArb,
  sort: fc.constantFrom(
    'new' as const,
    'name' as const,
    'price.asc' as const,
    'price.desc' as const,
  ),
  currency: fc.constantFrom('CZK', 'EUR'),
  // Pages deep enough to reach the end of the name order (the astral and private-use names).
  page: fc.integer({ min: 1, max: 5 }),
  pageSize: fc.constantFrom(5, 24, 100),
})

async function expectSameAnswers(db: Db, search: ProductSearch, seed: number) {
  await fc.assert(
    fc.asyncProperty(queryArb, async (query) => {
      expect(await search.query(query)).toEqual(await queryProductIndex(db, query))
    }),
    { numRuns: 80, seed },
  )
}

describe('the search engine on a generated catalogue', () => {
  let database: Database
  let search: ProductSearch
  // A fixed seed: the same catalogue and queries every run (a failure prints the counterexample).
  const catalogue = sampleOf(400, 22)
  beforeAll(async () => {
    database = await createTestDatabase()
    await insertIndexFixture(database.db)
    await database.db.insert(objects).values(catalogue.map((p, i) => objectOf(FIRST_ID + i, p)))
    await updateProductIndex(database.db, [f.products])
    search = createProductSearch(database.db)
  })
  afterAll(async () => {
    await search.close()
    await database.close()
  })

  it('answers exactly what queryProductIndex answers, for random filter combinations', async () => {
    await expectSameAnswers(database.db, search, 22)
  }, 180_000)

  it('still does after a third of the products changed or went away', async () => {
    const changed = sampleOf(120, 23)
    const ids = changed.map((_, i) => FIRST_ID + i * 3)
    for (const [i, product] of changed.entries()) {
      const row = objectOf(ids[i]!, product)
      await database.db
        .insert(objects)
        .values(row)
        .onConflictDoUpdate({ target: objects.id, set: { data: row.data } })
    }
    await database.db.delete(objects).where(inArray(objects.id, [FIRST_ID + 1, FIRST_ID + 2]))
    await updateProductIndex(database.db, [f.products])
    await expectSameAnswers(database.db, search, 23)
  }, 180_000)
})
