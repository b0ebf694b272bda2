import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ProductIndexQuery } from '../product-index/query-product-index.ts'
import { SearchIndex, type IndexedProduct, type SearchScope } from './search-index.ts'
import { decodeSnapshot, encodeSnapshot } from './snapshot-file.ts'

// Equivalence with the SQL query is proven in product-search.test.ts; this proves that an index
// kept up to date change by change answers like one built from scratch.

const rowArb = (productId: number): fc.Arbitrary<IndexedProduct> =>
  fc.record({
    productId: fc.constant(productId),
    categoryIds: fc.subarray([1, 2, 3]),
    directCategoryIds: fc.subarray([2, 3, 4]),
    name: fc.record({
      en: fc.constantFrom('Alpha', 'beta', 'Čaj', 'Beta', 'zeta'),
      cs: fc.string(),
    }),
    searchText: fc.constantFrom('alpha rb-1', 'beta vo-2', 'caj', 'zeta rb-9', ''),
    prices: fc.option(
      fc.record({
        default: fc.record({ CZK: fc.record({ final: fc.integer({ min: 1, max: 9 }) }) }),
      }),
      { nil: {} },
    ),
    facets: fc.record({
      brand: fc.subarray(['Ray', 'Vogue', 'Lumen'], { minLength: 1 }),
      color: fc.subarray(['black', 'red']),
    }),
    numbers: fc.record(
      {
        lens: fc.constantFrom(40, 45.5, 50, 55, 62),
        weight: fc.double({ min: -5, max: 5, noNaN: true }).map((x) => x + 0),
      },
      { requiredKeys: [] },
    ),
    releasedAt: fc.constantFrom(null, '2025-01-01', '2026-06-30', '2026-07-01'),
  })

const queryArb: fc.Arbitrary<ProductIndexQuery> = fc.record({
  locale: fc.constantFrom('en' as const, 'cs' as const),
  sort: fc.constantFrom(
    'new' as const,
    'name' as const,
    'price.asc' as const,
    'price.desc' as const,
  ),
  filters: fc
    .tuple(
      fc.subarray(['Ray', 'Vogue', 'Nope']),
      fc.subarray(['black', 'red']),
      fc.option(fc.constantFrom(40, 45, 50), { nil: undefined }),
      fc.option(fc.constantFrom(0, 50, 60), { nil: undefined }),
      fc.option(fc.constantFrom(-1, 0, 2), { nil: undefined }),
      fc.constantFrom('', 'rb', 'a'),
    )
    .map(([brands, colors, min, max, weightMin, text]) => [
      { name: 'brand', type: 'multiselect' as const, column: 'brand', values: brands },
      { name: 'color', type: 'color' as const, column: 'color', values: colors },
      { name: 'lens', type: 'range' as const, column: 'lens', min, max },
      { name: 'weight', type: 'range' as const, column: 'weight', min: weightMin },
      { name: 'q', type: 'text' as const, column: 'model', text },
    ]),
  page: fc.integer({ min: 1, max: 3 }),
  pageSize: fc.constantFrom(1, 3, 7, 50),
})

const scopeArb: fc.Arbitrary<SearchScope> = fc.oneof(
  fc.constant({ kind: 'shop' as const }),
  fc.record({ kind: fc.constant('filed' as const), categoryIds: fc.subarray([2, 3, 4]) }),
  fc.record({
    kind: fc.constant('category' as const),
    categoryId: fc.constantFrom(1, 2, 3, 4),
    subcategories: fc.boolean(),
  }),
)

const ids = Array.from({ length: 40 }, (_, i) => i + 1)
const changeArb = fc.tuple(
  fc.constantFrom(...ids),
  fc.boolean(),
  fc.integer({ min: 0, max: 10_000 }),
)

describe('search index maintenance', () => {
  it('answers after any changes exactly like an index built from the final rows', () => {
    fc.assert(
      fc.property(
        fc.tuple(...ids.map(rowArb)),
        fc.array(changeArb, { maxLength: 30 }),
        fc.array(fc.tuple(queryArb, scopeArb), { minLength: 1, maxLength: 6 }),
        (initial, changes, queries) => {
          const rows = new Map(initial.map((row) => [row.productId, row]))
          const live = new SearchIndex()
          for (const row of initial) live.upsert(row)
          const ask = (index: SearchIndex) =>
            queries.map(([query, scope]) => [
              index.search(query, scope),
              index.otherCategories(query, scope, { perCategory: 2, maxCategories: 2 }),
            ])
          ask(live) // builds sort orders and text sets that the changes must keep current
          for (const [id, keep, seed] of changes) {
            if (keep) {
              const [row] = fc.sample(rowArb(id), { numRuns: 1, seed })
              rows.set(id, row!)
              live.upsert(row!)
            } else {
              rows.delete(id)
              live.remove(id)
            }
            // One change at a time: the sort orders are patched, not rebuilt.
            live.search(queries[0]![0], queries[0]![1])
          }
          const fresh = new SearchIndex(0, { maxNumberValues: 0 })
          for (const row of rows.values()) fresh.upsert(row)
          expect(ask(live)).toEqual(ask(fresh))
        },
      ),
      { numRuns: 200, seed: 15 },
    )
  })

  it('restored from a snapshot, answers and keeps answering like the index it was taken of', () => {
    const textQueries = fc.array(
      fc.tuple(
        queryArb.chain((query) =>
          fc.constantFrom('eta', 'alpha rb', 'caj', 'zz').map((text) => ({
            ...query,
            filters: [
              ...(query.filters ?? []),
              { name: 'text', type: 'text' as const, column: 'x', text },
            ],
          })),
        ),
        scopeArb,
      ),
      { minLength: 1, maxLength: 4 },
    )
    fc.assert(
      fc.property(
        fc.tuple(...ids.map(rowArb)),
        fc.array(changeArb, { maxLength: 20 }),
        textQueries,
        fc.boolean(),
        (initial, changes, queries, removeFirst) => {
          const live = new SearchIndex()
          for (const row of initial) live.upsert(row)
          // A free slot, sort orders and the text index in the snapshot (or none of them).
          if (removeFirst) {
            live.remove(1)
            live.prepareTextSearch(Number.POSITIVE_INFINITY)
            live.search(queries[0]![0], queries[0]![1])
          }
          const restored = SearchIndex.restore(
            decodeSnapshot(encodeSnapshot(live.state())) as ReturnType<SearchIndex['state']>,
          )
          const ask = (index: SearchIndex) =>
            queries.map(([query, scope]) => [
              index.search(query, scope),
              index.otherCategories(query, scope, { perCategory: 2, maxCategories: 2 }),
            ])
          expect(restored.size).toBe(live.size)
          expect(ask(restored)).toEqual(ask(live))
          for (const [id, keep, seed] of changes) {
            for (const index of [live, restored]) {
              if (keep) index.upsert(fc.sample(rowArb(id), { numRuns: 1, seed })[0]!)
              else index.remove(id)
            }
          }
          expect(ask(restored)).toEqual(ask(live))
        },
      ),
      { numRuns: 100, seed: 72 },
    )
  })

  it('refuses a snapshot whose parts do not fit together', () => {
    const index = new SearchIndex()
    for (let id = 1; id <= 3; id++) {
      index.upsert({
        productId: id,
        categoryIds: [1],
        directCategoryIds: [1],
        name: { en: `P${id}` },
        searchText: `p${id} frame`,
        prices: {},
        facets: { brand: ['Ray'] },
        numbers: { n: id },
        releasedAt: null,
      })
    }
    index.search({ locale: 'en', sort: 'name' }, { kind: 'shop' })
    const state = index.state()
    const broken: Partial<Record<keyof typeof state, unknown>>[] = [
      { ids: new Float64Array(5) },
      { alive: new Uint32Array(1) },
      { nextSlot: 2 },
      { capacity: 1000 },
      { free: [0] },
      { values: [['brand', [['Ray', 99]]]] },
      { orders: [['name\u0000en', new Uint32Array([0, 1, 7])]] },
      { names: [['en', { ...state.names[0]![1], start: new Uint32Array(1024).fill(1e6) }]] },
      { categoryBits: [[1, new Uint32Array(3)]] },
    ]
    for (const part of broken) {
      expect(
        () => SearchIndex.restore({ ...state, ...part } as typeof state),
        JSON.stringify(Object.keys(part)),
      ).toThrow()
    }
    expect(
      SearchIndex.restore(state).search({ locale: 'en', sort: 'name' }, { kind: 'shop' }).ids,
    ).toEqual([1, 2, 3])
  })

  it('grows past its first capacity and reuses removed slots', () => {
    const index = new SearchIndex()
    const row = (productId: number): IndexedProduct => ({
      productId,
      categoryIds: [1],
      directCategoryIds: [1],
      name: { en: `P${productId}` },
      searchText: `p${productId}`,
      prices: {},
      facets: { brand: [productId % 2 === 0 ? 'Even' : 'Odd'] },
      numbers: { n: productId },
      releasedAt: null,
    })
    for (let id = 1; id <= 1500; id++) index.upsert(row(id))
    const all = { kind: 'shop' } as const
    const first = index.search({ locale: 'en', pageSize: 3 }, all)
    expect(first).toMatchObject({ ids: [1500, 1499, 1498], total: 1500 })
    for (let id = 1; id <= 1500; id += 2) index.remove(id)
    for (let id = 1501; id <= 3000; id++) index.upsert(row(id))
    const result = index.search(
      {
        locale: 'en',
        sort: 'name',
        pageSize: 2,
        filters: [{ name: 'brand', type: 'multiselect', column: 'brand', values: ['Odd'] }],
      },
      all,
    )
    expect(result).toEqual({
      ids: [1501, 1503],
      total: 750,
      facets: { brand: { counts: { Even: 1500, Odd: 750 } } },
    })
  })
})
