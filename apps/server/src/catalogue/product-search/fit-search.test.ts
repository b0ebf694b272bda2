import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fitDistance, fitsLike, type FrameSize } from '@optika/domain/catalogue/frame-fit'
import type { Database } from '../../platform/db/client.ts'
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
import { SearchIndex, type IndexedProduct } from './search-index.ts'

const { categories: c, folders: f } = INDEX_FIXTURE

/** Frames with every combination around 52□18 140, and some with a size missing. */
const FRAMES: { id: number; size: Partial<FrameSize>; brand: string; category: number }[] = []
{
  let id = 300
  for (const lensWidth of [49, 50, 52, 53, 54, 55]) {
    for (const bridgeWidth of [16, 18, 20, 21]) {
      for (const templeLength of [135, 140, 145, 150]) {
        FRAMES.push({
          id: id++,
          size: { lensWidth, bridgeWidth, templeLength },
          brand: id % 3 === 0 ? 'Ray' : 'Vogue',
          category: id % 2 === 0 ? c.women : c.men,
        })
      }
    }
  }
  FRAMES.push({ id: id++, size: { lensWidth: 52, bridgeWidth: 18 }, brand: 'Ray', category: c.men })
  FRAMES.push({ id, size: { lensWidth: 52 }, brand: 'Ray', category: c.women })
}

const sizeOf = (id: number): FrameSize => {
  const size = FRAMES.find((frame) => frame.id === id)!.size
  return size as FrameSize
}

const PAIR: FrameSize = { lensWidth: 52, bridgeWidth: 18, templeLength: 140 }

describe('fit search: the engine against the SQL reference', () => {
  let database: Database
  let search: ProductSearch
  beforeAll(async () => {
    database = await createTestDatabase()
    await insertIndexFixture(database.db)
    await database.db.insert(objects).values(
      FRAMES.map((frame, index) => ({
        id: frame.id,
        parentId: f.products,
        type: 'object' as const,
        key: `frame-${frame.id}`,
        path: '/Products/',
        published: true,
        classId: 'Product',
        data: {
          kind: 'frame',
          code: `FR-${frame.id}`,
          name: { en: `Frame ${frame.id}` },
          brand: frame.brand,
          model: `FR-${frame.id}`,
          genders: ['unisex'],
          statuses: [],
          categoryIds: [frame.category],
          prices: { CZK: { catalog: 1000 + ((index * 37) % 500) } },
          releasedAt: `2026-0${1 + (index % 9)}-01`,
          ...frame.size,
        },
      })),
    )
    await updateProductIndex(database.db, [f.products])
    search = createProductSearch(database.db)
  })
  afterAll(async () => {
    await search.close()
    await database.close()
  })

  it('lists only frames within ±2 mm lens, ±2 mm bridge and ±5 mm temple, closest first', async () => {
    const result = await search.query({
      locale: 'en',
      categoryId: c.glasses,
      fit: { size: PAIR, rank: true },
      pageSize: 500,
    })
    const expected = FRAMES.filter(
      (frame) =>
        frame.size.templeLength !== undefined &&
        frame.size.bridgeWidth !== undefined &&
        fitsLike(PAIR, frame.size as FrameSize),
    )
    expect(result.total).toBe(expected.length)
    expect(new Set(result.ids)).toEqual(new Set(expected.map((frame) => frame.id)))
    // 52□18 140 itself first; the distance never decreases down the list.
    expect(sizeOf(result.ids[0]!)).toEqual(PAIR)
    const distances = result.ids.map((id) => fitDistance(PAIR, sizeOf(id)))
    expect(distances).toEqual([...distances].sort((a, b) => a - b))
    // A frame missing a size (107/108 of the fixture have a lens width only) never fits.
    expect(result.ids.every((id) => id >= 300)).toBe(true)
  })

  it('breaks ties by the chosen sort, and without rank keeps the sort alone', async () => {
    const ranked = await search.query({
      locale: 'en',
      categoryId: c.glasses,
      sort: 'price.asc',
      fit: { size: PAIR, rank: true },
      pageSize: 500,
    })
    expect(ranked).toEqual(
      await queryProductIndex(database.db, {
        locale: 'en',
        categoryId: c.glasses,
        sort: 'price.asc',
        fit: { size: PAIR, rank: true },
        pageSize: 500,
      }),
    )
    const unranked = await search.query({
      locale: 'en',
      categoryId: c.glasses,
      sort: 'price.asc',
      fit: { size: PAIR, rank: false },
      pageSize: 500,
    })
    expect(new Set(unranked.ids)).toEqual(new Set(ranked.ids))
    expect(unranked).toEqual(
      await queryProductIndex(database.db, {
        locale: 'en',
        categoryId: c.glasses,
        sort: 'price.asc',
        fit: { size: PAIR, rank: false },
        pageSize: 500,
      }),
    )
  })

  it('counts facets and range bounds under the fit', async () => {
    const lens: ProductIndexFilter = { name: 'lensWidth', type: 'range', column: 'lensWidth' }
    const brand: ProductIndexFilter = {
      name: 'brand',
      type: 'multiselect',
      column: 'brand',
      values: ['Ray'],
    }
    const result = await search.query({
      locale: 'en',
      categoryId: c.glasses,
      filters: [lens, brand],
      fit: { size: PAIR, rank: true },
    })
    expect(result.facets.lensWidth).toEqual({ min: 50, max: 54 })
    expect(result.facets.brand?.counts?.Ray).toBeGreaterThan(0)
    expect(result.facets.brand?.counts?.Lumen).toBeUndefined()
  })

  it('answers exactly what the SQL query answers, for any fit with any filters', async () => {
    const size = fc.record({
      lensWidth: fc.integer({ min: 47, max: 57 }),
      bridgeWidth: fc.integer({ min: 14, max: 23 }),
      templeLength: fc.integer({ min: 128, max: 156 }),
    })
    const query: fc.Arbitrary<ProductIndexQuery> = fc.record({
      locale: fc.constant('en' as const),
      categoryId: fc.constantFrom(c.glasses, c.women, c.men, c.flat),
      filters: fc.subarray(['Ray', 'Vogue', 'Nope']).map((values) => [
        { name: 'brand', type: 'multiselect' as const, column: 'brand', values },
        { name: 'temple', type: 'range' as const, column: 'templeLength' },
      ]),
      sort: fc.constantFrom(
        'new' as const,
        'name' as const,
        'price.asc' as const,
        'price.desc' as const,
      ),
      fit: fc.record({ size, rank: fc.boolean() }),
      page: fc.integer({ min: 1, max: 3 }),
      pageSize: fc.integer({ min: 1, max: 12 }),
    })
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        expect(await search.query(q)).toEqual(await queryProductIndex(database.db, q))
      }),
      { numRuns: 80, seed: 25 },
    )
  }, 120_000)
})

describe('fit ranking in the in-memory index', () => {
  const row = (
    productId: number,
    size: Partial<FrameSize>,
    releasedAt: string,
  ): IndexedProduct => ({
    productId,
    categoryIds: [1],
    directCategoryIds: [1],
    name: { en: `P${productId}` },
    searchText: '',
    prices: {},
    facets: {},
    numbers: { ...size },
    releasedAt,
  })

  it('orders any set of frames by distance, newest first among equals, as frames change', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            lensWidth: fc.integer({ min: 48, max: 56 }),
            bridgeWidth: fc.integer({ min: 15, max: 21 }),
            templeLength: fc.constantFrom(130, 135, 140, 145, 150),
            month: fc.integer({ min: 1, max: 9 }),
          }),
          { minLength: 1, maxLength: 40 },
        ),
        fc.integer({ min: 0, max: 39 }),
        (frames, changed) => {
          const index = new SearchIndex()
          const rows = frames.map((frame, i) => row(i + 1, frame, `2026-0${frame.month}-01`))
          for (const r of rows) index.upsert(r)
          // Change one frame after the first answer: the patched index must rank it anew.
          const query = { locale: 'en' as const, fit: { size: PAIR, rank: true }, pageSize: 500 }
          index.search(query, { kind: 'shop' })
          const target = rows[changed % rows.length]!
          const moved = row(target.productId, PAIR, '2026-01-01')
          index.upsert(moved)
          const byId = new Map(rows.map((r) => [r.productId, r]))
          byId.set(moved.productId, moved)

          const expected = [...byId.values()]
            .filter((r) => fitsLike(PAIR, r.numbers as unknown as FrameSize))
            .sort(
              (a, b) =>
                fitDistance(PAIR, a.numbers as unknown as FrameSize) -
                  fitDistance(PAIR, b.numbers as unknown as FrameSize) ||
                b.releasedAt!.localeCompare(a.releasedAt!) ||
                b.productId - a.productId,
            )
            .map((r) => r.productId)
          const answer = index.search(query, { kind: 'shop' })
          expect(answer.ids).toEqual(expected)
          expect(answer.total).toBe(expected.length)
        },
      ),
      { numRuns: 200, seed: 25 },
    )
  })

  it('leaves out frames that lack one of the three sizes', () => {
    const index = new SearchIndex()
    index.upsert(row(1, PAIR, '2026-01-01'))
    index.upsert(row(2, { lensWidth: 52, bridgeWidth: 18 }, '2026-01-01'))
    index.upsert(row(3, { bridgeWidth: 18, templeLength: 140 }, '2026-01-01'))
    const answer = index.search({ locale: 'en', fit: { size: PAIR, rank: true } }, { kind: 'shop' })
    expect(answer.ids).toEqual([1])
  })
})
