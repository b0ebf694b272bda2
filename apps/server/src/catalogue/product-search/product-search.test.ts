import { eq, sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database, Db } from '../../platform/db/client.ts'
import { objects } from '../../platform/db/schema/elements.ts'
import { productIndex } from '../../platform/db/schema/pim.ts'
import { createTestDatabase } from '../../../test/test-database.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { injectAs } from '../../../test/inject-json.ts'
import { insertAdminUser, signIn } from '../../../test/kits/admin-users-test-kit.ts'
import {
  INDEX_FIXTURE,
  insertIndexFixture,
  insertPriceList,
} from '../../../test/fixtures/product-index-fixture.ts'
import {
  queryProductIndex,
  type ProductIndexFilter,
  type ProductIndexQuery,
} from '../product-index/query-product-index.ts'
import { rebuildProductIndex } from '../product-index/rebuild-product-index.ts'
import { updateProductIndex } from '../product-index/update-product-index.ts'
import { createProductSearch, type ProductSearch } from './product-search.ts'

const { categories: c, products: p, folders: f } = INDEX_FIXTURE
const onPostgres = Boolean(process.env.TEST_DATABASE_URL)

/**
 * Products beside the fixture's six that reach the edges: no release date, no prices, a name
 * shared with Beta, accents, two categories (grouped under the first), no category at all.
 */
async function insertEdgeProducts(db: Db): Promise<void> {
  const product = (id: number, data: Record<string, unknown>) => ({
    id,
    parentId: f.products,
    type: 'object' as const,
    key: `edge-${id}`,
    path: '/Products/',
    published: true,
    classId: 'Product',
    data: { kind: 'frame', statuses: [], ...data },
  })
  await db.insert(objects).values([
    product(106, {
      code: 'ED-6',
      name: { en: 'Čočka Ünique', cs: 'Čočka' },
      brand: 'Lumen',
      model: 'LU-6',
      genders: ['children'],
      categoryIds: [c.men, c.inner],
    }),
    product(107, {
      code: 'ED-7',
      name: { en: 'Beta' },
      brand: 'Ray',
      model: 'RB-7',
      genders: ['men', 'women'],
      categoryIds: [c.flat],
      lensWidth: 50,
      prices: { CZK: { catalog: 500 }, EUR: { catalog: 20 } },
      releasedAt: '2026-02-01',
    }),
    product(108, {
      code: 'ED-8',
      name: { en: 'Theta' },
      brand: 'Vogue',
      model: 'VO-8',
      genders: ['women'],
      categoryIds: [],
      lensWidth: 62,
      prices: { CZK: { catalog: 2000 } },
      releasedAt: '2026-03-01',
    }),
    product(109, {
      code: 'ED-9',
      name: { en: 'Iota' },
      brand: 'Ray',
      model: 'RB-9',
      genders: ['men'],
      categoryIds: [c.inner],
      lensWidth: 48,
      prices: { CZK: { catalog: 700, action: 650 } },
      releasedAt: '2026-05-01',
    }),
  ])
}

const FILTERS = {
  brand: (values: string[]): ProductIndexFilter => ({
    name: 'brand',
    type: 'multiselect',
    column: 'brand',
    values,
  }),
  color: (values: string[]): ProductIndexFilter => ({
    name: 'color',
    type: 'color',
    column: 'color',
    values,
  }),
  genders: (values: string[]): ProductIndexFilter => ({
    name: 'genders',
    type: 'multiselect',
    column: 'genders',
    values,
  }),
  lens: (min?: number, max?: number): ProductIndexFilter => ({
    name: 'lensWidth',
    type: 'range',
    column: 'lensWidth',
    min,
    max,
  }),
  text: (text: string, searchType: 'all' | 'category'): ProductIndexFilter => ({
    name: 'q',
    type: 'text',
    column: 'model',
    text,
    searchType,
  }),
}

const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined })
const someOf = (values: string[]) => fc.subarray(values)

const filterArb: fc.Arbitrary<ProductIndexFilter[]> = fc
  .record({
    brand: optional(someOf(['Ray', 'Vogue', 'Lumen', 'Nope']).map(FILTERS.brand)),
    color: optional(someOf(['black', 'red', 'gold']).map(FILTERS.color)),
    genders: optional(someOf(['women', 'men', 'children']).map(FILTERS.genders)),
    lens: optional(
      fc
        .tuple(
          optional(fc.integer({ min: 44, max: 63 })),
          optional(fc.integer({ min: 44, max: 63 })),
        )
        .map(([min, max]) => FILTERS.lens(min, max)),
    ),
    text: optional(
      fc
        .tuple(
          fc.constantFrom('rb', 'RB-1', 'omega', 'vo', ' ', 'cocka', 'Čoč', 'a', 'zzz', '%', '_'),
          fc.constantFrom('all' as const, 'category' as const),
        )
        .map(([text, searchType]) => FILTERS.text(text, searchType)),
    ),
    // A second filter on an already used column under another name.
    otherBrand: optional(
      someOf(['Ray', 'Vogue']).map((values) => ({ ...FILTERS.brand(values), name: 'brand2' })),
    ),
  })
  .map((chosen) => Object.values(chosen).filter((x): x is ProductIndexFilter => x !== undefined))

const categoryIds = [c.glasses, c.women, c.men, c.flat, c.inner, 999]
const queryArb: fc.Arbitrary<ProductIndexQuery> = fc.record({
  locale: fc.constantFrom('en' as const, 'cs' as const),
  categoryId: optional(fc.constantFrom(...categoryIds)),
  includeSubcategories: optional(fc.boolean()),
  filedInAnyOf: optional(fc.subarray(categoryIds)),
  filters: filterArb,
  sort: optional(
    fc.constantFrom('new' as const, 'name' as const, 'price.asc' as const, 'price.desc' as const),
  ),
  currency: optional(fc.constantFrom('CZK', 'EUR')),
  priceList: optional(fc.constantFrom(String(INDEX_FIXTURE.priceList), 'default', '999')),
  page: optional(fc.integer({ min: 0, max: 4 })),
  pageSize: optional(fc.integer({ min: 0, max: 5 })),
})

/** What `otherCategories` must answer, from SQL queries and the index rows. */
async function expectedOtherCategories(
  db: Db,
  query: ProductIndexQuery,
  limits: { perCategory: number; maxCategories: number },
) {
  if (query.filedInAnyOf === undefined && query.categoryId === undefined) return []
  const everywhere = await queryProductIndex(db, {
    ...query,
    categoryId: undefined,
    filedInAnyOf: undefined,
    page: 1,
    pageSize: 500,
  })
  const listed = await queryProductIndex(db, { ...query, filters: [], page: 1, pageSize: 500 })
  const inCategory = new Set(listed.ids)
  const rows = await db
    .select({ id: productIndex.productId, direct: productIndex.directCategoryIds })
    .from(productIndex)
  const firstCategory = new Map(rows.map((row) => [row.id, row.direct[0]]))
  const groups = new Map<number, number[]>()
  for (const id of everywhere.ids) {
    const categoryId = firstCategory.get(id)
    if (inCategory.has(id) || categoryId === undefined) continue
    groups.set(categoryId, [...(groups.get(categoryId) ?? []), id])
  }
  return [...groups]
    .sort(([a, x], [b, y]) => y.length - x.length || a - b)
    .slice(0, limits.maxCategories)
    .map(([categoryId, ids]) => ({
      categoryId,
      ids: ids.slice(0, limits.perCategory),
      total: ids.length,
    }))
}

describe('product search engine', () => {
  let database: Database
  let search: ProductSearch
  beforeAll(async () => {
    database = await createTestDatabase()
    await insertIndexFixture(database.db)
    await insertPriceList(database.db)
    await insertEdgeProducts(database.db)
    await updateProductIndex(database.db, [f.products])
    search = createProductSearch(database.db)
  })
  afterAll(async () => {
    await search.close()
    await database.close()
  })

  it('answers exactly what the SQL query answers, for any query', async () => {
    await fc.assert(
      fc.asyncProperty(queryArb, async (query) => {
        const [expected, actual] = [
          await queryProductIndex(database.db, query),
          await search.query(query),
        ]
        expect(actual).toEqual(expected)
      }),
      // A fixed seed: the same queries every run (a failure prints the counterexample).
      { numRuns: 120, seed: 15 },
    )
  }, 180_000)

  it('groups matches outside the category by their first category, largest first', async () => {
    // Ray outside women: Epsilon and Beta (107) in flat, Zeta and Iota in inner, Beta in men.
    const groups = await search.otherCategories(
      { locale: 'en', categoryId: c.women, filters: [FILTERS.brand(['Ray'])], sort: 'name' },
      { perCategory: 1, maxCategories: 10 },
    )
    expect(groups).toEqual([
      { categoryId: c.flat, ids: [107], total: 2 },
      { categoryId: c.inner, ids: [109], total: 2 },
      { categoryId: c.men, ids: [p.beta], total: 1 },
    ])
    await fc.assert(
      fc.asyncProperty(
        queryArb,
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: 4 }),
        async (query, perCategory, maxCategories) => {
          const limits = { perCategory, maxCategories }
          expect(await search.otherCategories(query, limits)).toEqual(
            await expectedOtherCategories(database.db, query, limits),
          )
        },
      ),
      { numRuns: 60, seed: 15 },
    )
  }, 180_000)

  it('reloads the whole index after a rebuild', async () => {
    const before = await search.query({ locale: 'en', categoryId: c.glasses })
    expect(before.ids).toContain(p.delta)
    await database.db.update(objects).set({ published: false }).where(eq(objects.id, p.delta))
    await rebuildProductIndex(database.db)
    const after = await search.query({ locale: 'en', categoryId: c.glasses })
    expect(after.ids).not.toContain(p.delta)
    expect(after).toEqual(
      await queryProductIndex(database.db, { locale: 'en', categoryId: c.glasses }),
    )
  })
})

describe('product search freshness through the admin write path', () => {
  let t: TestApp
  let db: Db
  let admin: string
  let search: ProductSearch
  beforeAll(async () => {
    t = await buildTestApp()
    db = t.database.db
    await insertIndexFixture(db)
    await updateProductIndex(db, [f.products])
    admin = await signIn(db, await insertAdminUser(db, { username: 'boss', isAdmin: true }))
    search = createProductSearch(db)
  })
  afterAll(async () => {
    await search.close()
    await t.close()
  })

  const glasses = (sort: ProductIndexQuery['sort'] = 'new') =>
    ({ locale: 'en', categoryId: c.glasses, sort }) as const

  it('shows a save, an unpublish and a delete in the next answer', async () => {
    expect((await search.query(glasses())).ids).toEqual([p.gama, p.beta, p.alpha, p.delta])

    const saved = await injectAs(t.app, 'PUT', '/admin/object/save', admin, {
      id: p.delta,
      data: { name: { cs: 'Aardvark', en: 'Aardvark' }, releasedAt: '2027-01-01' },
      task: 'publish',
    })
    expect(saved.statusCode).toBe(200)
    expect((await search.query(glasses())).ids).toEqual([p.delta, p.gama, p.beta, p.alpha])
    expect((await search.query(glasses('name'))).ids[0]).toBe(p.delta)

    const unpublished = await injectAs(t.app, 'PUT', '/admin/object/update', admin, {
      id: p.gama,
      published: false,
    })
    expect(unpublished.statusCode).toBe(200)
    expect((await search.query(glasses())).ids).toEqual([p.delta, p.beta, p.alpha])

    const deleted = await injectAs(t.app, 'DELETE', `/admin/object/delete?id=${p.alpha}`, admin)
    expect(deleted.statusCode).toBe(200)
    const after = await search.query({ ...glasses(), filters: [FILTERS.color([])] })
    expect(after).toEqual(
      await queryProductIndex(db, { ...glasses(), filters: [FILTERS.color([])] }),
    )
    expect(after.ids).toEqual([p.delta, p.beta])
  })
})

describe.runIf(onPostgres)('product search with concurrent writers (PostgreSQL)', () => {
  let database: Database
  let search: ProductSearch
  beforeAll(async () => {
    database = await createTestDatabase()
    await insertIndexFixture(database.db)
    await updateProductIndex(database.db, [f.products])
    search = createProductSearch(database.db)
  })
  afterAll(async () => {
    await search.close()
    await database.close()
  })

  const unpublish = async (tx: Db, id: number) => {
    await tx.update(objects).set({ published: false }).where(eq(objects.id, id))
    await updateProductIndex(tx, [id])
  }

  it('does not miss a transaction that started first and committed last', async () => {
    const db = database.db
    const glasses = { locale: 'en', categoryId: c.glasses } as const
    expect((await search.query(glasses)).total).toBe(4)

    let releaseOlder!: () => void
    const olderMayCommit = new Promise<void>((resolve) => (releaseOlder = resolve))
    let olderWrote!: () => void
    const olderHasWritten = new Promise<void>((resolve) => (olderWrote = resolve))
    const older = db.transaction(async (tx) => {
      await unpublish(tx, p.alpha)
      const [{ xid } = { xid: '' }] = (
        await tx.execute<{ xid: string }>(sql`select pg_current_xact_id()::text as xid`)
      ).rows
      expect(xid).not.toBe('')
      olderWrote()
      await olderMayCommit
    })
    await olderHasWritten
    // The younger transaction commits first; the engine refreshes while the older one runs.
    await db.transaction((tx) => unpublish(tx, p.beta))
    expect((await search.query(glasses)).ids).toEqual([p.gama, p.alpha, p.delta])
    releaseOlder()
    await older
    expect((await search.query(glasses)).ids).toEqual([p.gama, p.delta])
  })
})
